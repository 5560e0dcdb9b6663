# write_if_changed(FILE CONTENT): writes CONTENT to FILE unless it already holds exactly that, so an
# unchanged build output keeps its timestamp (and nothing that depends on it runs again). Returns
# whether it wrote in the variable named by the optional third argument. Included by the build's -P
# scripts (version.cmake, shell_bundle.cmake).
function(write_if_changed file content)
  set(previous "")
  if(EXISTS "${file}")
    file(READ "${file}" previous)
  endif()
  set(wrote FALSE)
  if(NOT previous STREQUAL content)
    file(WRITE "${file}" "${content}")
    set(wrote TRUE)
  endif()
  if(ARGC GREATER 2)
    set(${ARGV2} ${wrote} PARENT_SCOPE)
  endif()
endfunction()
