# Removes what an install put down, from its manifest (the file list `cmake --install` writes):
#   cmake -DMANIFEST=build/install_manifest.txt -P cmake/Uninstall.cmake
# (`make uninstall` runs it on the manifest of the last `make install`). Files only, each named in
# the manifest; then the folders of ours that are left empty: share/mastermind and below,
# share/doc/<package> and below, lib/cmake/mastermind, include/mm and below. Shared folders (bin,
# share/man/man1) stay, even when empty.
if(NOT DEFINED MANIFEST)
  message(FATAL_ERROR "usage: cmake -DMANIFEST=<install_manifest.txt> -P Uninstall.cmake")
endif()
if(NOT EXISTS "${MANIFEST}")
  message(FATAL_ERROR "${MANIFEST}: no such manifest: nothing was installed from this build (make install)")
endif()
file(STRINGS "${MANIFEST}" files)
set(removed 0)
set(folders)
foreach(file IN LISTS files)
  if(IS_SYMLINK "${file}" OR EXISTS "${file}")
    file(REMOVE "${file}")
    math(EXPR removed "${removed} + 1")
  endif()
  # The folders of ours above the file.
  get_filename_component(dir "${file}" DIRECTORY)
  while(dir MATCHES "/share/mastermind(/[^/]+)*$|/share/doc/(mastermind|mastermind-[a-z]+|python3-mastermind)(/[^/]+)*$|/cmake/mastermind$|/include/mm(/[^/]+)*$")
    list(APPEND folders "${dir}")
    get_filename_component(dir "${dir}" DIRECTORY)
  endwhile()
endforeach()
# Deepest first, so a folder is empty once its own folders are gone.
list(REMOVE_DUPLICATES folders)
list(SORT folders ORDER DESCENDING)
foreach(dir IN LISTS folders)
  file(GLOB left "${dir}/*")
  if(IS_DIRECTORY "${dir}" AND NOT left)
    file(REMOVE "${dir}")
    file(REMOVE_RECURSE "${dir}")
  endif()
endforeach()
list(LENGTH files listed)
message(STATUS "Uninstall: removed ${removed} of the ${listed} files in ${MANIFEST}")
