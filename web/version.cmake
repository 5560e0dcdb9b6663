# Writes version.json into the wasm build folder: the list of every file the page needs, each with its
# SHA-256, and a version id that is the SHA-256 of that list. The service worker (sw.js) caches exactly
# these files under that version and checks every download against its hash, so one page load never
# mixes files of two builds. Run at build time (web/CMakeLists.txt):
#   cmake -DSITE_ROOT=<repository root> -DBUILD_DIR=<wasm build folder> -P web/version.cmake
# "site" paths are relative to the site root (the folder of sw.js), "build" paths to the folder that
# holds version.json, so the build folder may be served under any path (shell.js's ?build=).
foreach(required SITE_ROOT BUILD_DIR)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "version.cmake: -D${required}=... is required")
  endif()
endforeach()

# index.html and shell/ are not build outputs: hash their content as it is now. The page's scripts come
# joined in shell-bundle.js (web/shell_bundle.cmake); of shell/'s scripts only those that load on their
# own are needed (CARC_SHELL_ALONE). The lists: web/site_files.cmake, shared with the site folder.
include("${CMAKE_CURRENT_LIST_DIR}/site_files.cmake")
set(site_patterns ${CARC_SITE_PATTERNS})
set(build_patterns ${CARC_BUILD_PATTERNS})

# Appends `"path": "sha256"` entries for the files matching `patterns` under `dir` to `json_out` and
# `path sha256` lines to `listing_out`.
function(hash_files dir patterns json_out listing_out)
  set(globs "")
  foreach(pattern IN LISTS patterns)
    list(APPEND globs "${dir}/${pattern}")
  endforeach()
  file(GLOB files LIST_DIRECTORIES false RELATIVE "${dir}" ${globs})
  list(SORT files)
  set(json "")
  set(listing "")
  foreach(file IN LISTS files)
    file(SHA256 "${dir}/${file}" hash)
    if(json)
      string(APPEND json ",\n")
    endif()
    string(APPEND json "    \"${file}\": \"${hash}\"")
    string(APPEND listing "${file} ${hash}\n")
  endforeach()
  set(${json_out} "${json}" PARENT_SCOPE)
  set(${listing_out} "${listing}" PARENT_SCOPE)
endfunction()

foreach(game_file carcassonne.js carcassonne.wasm carcassonne.data shell-bundle.js)
  if(NOT EXISTS "${BUILD_DIR}/${game_file}")
    message(FATAL_ERROR "version.cmake: ${BUILD_DIR}/${game_file} is missing")
  endif()
endforeach()

hash_files("${SITE_ROOT}" "${site_patterns}" site_json site_listing)
hash_files("${BUILD_DIR}" "${build_patterns}" build_json build_listing)
string(SHA256 version "site\n${site_listing}build\n${build_listing}")
string(SUBSTRING "${version}" 0 16 version)

set(content "{\n  \"version\": \"${version}\",\n  \"site\": {\n${site_json}\n  },\n  \"build\": {\n${build_json}\n  }\n}\n")
include("${CMAKE_CURRENT_LIST_DIR}/write_if_changed.cmake")
write_if_changed("${BUILD_DIR}/version.json" "${content}" wrote)
if(wrote)
  message(STATUS "version.json: ${version}")
endif()
