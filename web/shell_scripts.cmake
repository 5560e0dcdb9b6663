# The page's scripts in shell/, named once for the build (web/CMakeLists.txt) and for version.json
# (web/version.cmake).
# Parts: joined, in this order (the order index.html ran them), into build/wasm/shell-bundle.js
# (web/shell_bundle.cmake).
set(CARC_SHELL_PARTS early_art i18n dialogs links saves share embed online ai shell)
# Scripts that load on their own: index.html's service worker registration, the AI worker's script.
set(CARC_SHELL_ALONE offline ai_worker)
