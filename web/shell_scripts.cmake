# The page's scripts in shell/, named once for the build (web/CMakeLists.txt) and for version.json
# (web/version.cmake).
# Parts: joined, in this order (the order index.html ran them), into build/wasm/shell-bundle.js
# (web/shell_bundle.cmake). offline.js, the service worker's registration, was a deferred script of
# its own: last, as it ran after the others.
set(CARC_SHELL_PARTS early_art i18n dialogs links saves share embed chat online turn_alert touch_text ai shell offline)
# Scripts that load on their own: the AI worker's script.
set(CARC_SHELL_ALONE ai_worker)
