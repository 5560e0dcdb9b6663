# Writes build/wasm/shell-bundle.js: the page's scripts (shell/*.js) as one file, so the page fetches one
# script instead of nine that the browser asks for one after another (docs/load-time.md, "One script for
# the shell"). Run at build time (web/CMakeLists.txt):
#   cmake -DSHELL_DIR=<shell/> -DPARTS="early_art;i18n;...;shell" -DART_INDEX=<art/modes.json>
#         -DOUTPUT=<build/wasm/shell-bundle.js> -P web/shell_bundle.cmake
# The parts are classic scripts that share window.carcShell and ran in this order as separate <script>
# tags; joined in the same order they do the same. Nothing is renamed or minified, so a stack trace's
# line is found under the part's header. The art index (which atlas each mode draws) goes first, as a
# value, for early_art.js.
foreach(required SHELL_DIR PARTS ART_INDEX OUTPUT)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "shell_bundle.cmake: -D${required}=... is required")
  endif()
endforeach()

file(READ "${ART_INDEX}" art_index)
string(STRIP "${art_index}" art_index)
if(NOT art_index MATCHES "^{.*}$")
  message(FATAL_ERROR "shell_bundle.cmake: ${ART_INDEX} is not a JSON object")
endif()

set(content "// The page's scripts, joined by web/shell_bundle.cmake from shell/ (edit those, not this file).\n")
string(APPEND content "(window.carcShell = window.carcShell || {}).artIndex = ${art_index};\n")
foreach(part IN LISTS PARTS)
  file(READ "${SHELL_DIR}/${part}.js" source)
  string(APPEND content "\n// ---- shell/${part}.js ----\n${source}")
endforeach()

include("${CMAKE_CURRENT_LIST_DIR}/write_if_changed.cmake")
write_if_changed("${OUTPUT}" "${content}")
