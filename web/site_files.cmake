# The files of the deployable site, named once for version.json (web/version.cmake: what the service
# worker caches) and for the site folder itself (web/site.cmake: what carc-server --static serves).
# Site patterns are relative to the repository root, build patterns to the wasm build folder (served
# as build/wasm/). The page never loads the rest of shell/: its scripts come joined in shell-bundle.js.
include("${CMAKE_CURRENT_LIST_DIR}/shell_scripts.cmake")
set(CARC_SITE_PATTERNS index.html manifest.webmanifest shell/*.css assets/icons/*)
foreach(script IN LISTS CARC_SHELL_ALONE)
  list(APPEND CARC_SITE_PATTERNS "shell/${script}.js")
endforeach()
set(CARC_BUILD_PATTERNS carcassonne.js carcassonne.wasm carcassonne.data carc-ai-worker.js carc-ai-worker.wasm
  shell-bundle.js art/*.rgba.gz i18n/*.json)
# Served but not in version.json: the service worker itself (the browser fetches it on its own terms)
# and version.json, the list.
set(CARC_SITE_UNCACHED sw.js)
set(CARC_BUILD_UNCACHED version.json)
