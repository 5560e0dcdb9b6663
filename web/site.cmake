# Makes the deployable site: one folder holding only the files the page loads, at the URL paths the
# page uses (index.html, sw.js, shell/..., assets/icons/..., build/wasm/...), copied (not linked), so
# carc-server --static serves that folder and nothing of the source or build trees (docs/deployment.md).
# Run at build time after version.json is written (web/CMakeLists.txt, target carcassonne_site), or by
# hand for another wasm build (tests/browser/run.sh):
#   cmake -DSOURCE_DIR=<repository root> -DBUILD_DIR=<wasm build folder> -DSITE_DIR=<site folder> -P web/site.cmake
# A file the lists no longer name is removed from the site folder, so a stale one is never served.
cmake_policy(SET CMP0057 NEW)  # if(IN_LIST) in script mode
foreach(required SOURCE_DIR BUILD_DIR SITE_DIR)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "site.cmake: -D${required}=... is required")
  endif()
endforeach()
include("${CMAKE_CURRENT_LIST_DIR}/site_files.cmake")
if(NOT EXISTS "${BUILD_DIR}/version.json")
  message(FATAL_ERROR "site.cmake: ${BUILD_DIR}/version.json is missing (target carcassonne_version)")
endif()

# Copies the files matching `patterns` under `from` to `to` (same relative paths); appends the site
# paths to `out`.
function(copy_files from patterns to prefix out)
  set(globs "")
  foreach(pattern IN LISTS patterns)
    list(APPEND globs "${from}/${pattern}")
  endforeach()
  file(GLOB files LIST_DIRECTORIES false RELATIVE "${from}" ${globs})
  set(copied ${${out}})
  foreach(file IN LISTS files)
    get_filename_component(dir "${to}/${file}" DIRECTORY)
    file(MAKE_DIRECTORY "${dir}")
    # Only when changed: an unchanged file keeps its time (a server or browser sees the same file).
    execute_process(COMMAND "${CMAKE_COMMAND}" -E copy_if_different "${from}/${file}" "${to}/${file}"
                    RESULT_VARIABLE failed)
    if(failed)
      message(FATAL_ERROR "site.cmake: copying ${from}/${file} failed")
    endif()
    list(APPEND copied "${prefix}${file}")
  endforeach()
  set(${out} ${copied} PARENT_SCOPE)
endfunction()

# A site folder that is a symbolic link would point the server elsewhere: make a real one.
if(IS_SYMLINK "${SITE_DIR}")
  file(REMOVE "${SITE_DIR}")
endif()
file(MAKE_DIRECTORY "${SITE_DIR}")
set(wanted "")
copy_files("${SOURCE_DIR}" "${CARC_SITE_PATTERNS};${CARC_SITE_UNCACHED}" "${SITE_DIR}" "" wanted)
copy_files("${BUILD_DIR}" "${CARC_BUILD_PATTERNS};${CARC_BUILD_UNCACHED}" "${SITE_DIR}/build/wasm" "build/wasm/"
           wanted)

file(GLOB_RECURSE present LIST_DIRECTORIES false RELATIVE "${SITE_DIR}" "${SITE_DIR}/*")
foreach(file IN LISTS present)
  if(NOT file IN_LIST wanted)
    file(REMOVE "${SITE_DIR}/${file}")
  endif()
endforeach()
