# The engine in WebAssembly (`make web`, the `web` preset configured through Debian's emcmake):
# the libraries a game in a browser needs (run, core, solver, engine, record, game, api) and the
# browser's module on them (src/wasm), written to MM_WEB_DIR; serial (no threads in a plain
# browser tab) and with the data files built in (a tab reads no files). Nothing of the native
# build's other parts (the terminal, the server, the store, the tests) is configured: the native
# build's tests load the module.
if(MM_THREADS)
  message(FATAL_ERROR "The engine in WebAssembly runs serially: configure it with -DMM_THREADS=OFF "
                      "(the `web` preset does).")
endif()
if(NOT MM_BUILTIN_DATA)
  message(FATAL_ERROR "The engine in WebAssembly reads no data files: configure it with -DMM_BUILTIN_DATA=ON "
                      "(the `web` preset does).")
endif()

# C++ exceptions as WebAssembly's own (the engine reports errors by throwing), in every object and
# at the link alike: smaller and faster than exceptions emulated in JavaScript.
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)

# A count of codes (64 bits) indexes a vector in many places, and size_t has 32 bits in
# WebAssembly: the boards a browser plays have far fewer codes than 2^32, which no vector of
# wasm32 can hold anyway. The rest of the warnings stand as in the native build. (After the
# warnings' own options, or -Wconversion would turn it on again.)
target_compile_options(mm_warnings INTERFACE -Wno-shorten-64-to-32)

# fmt and nlohmann-json header-only, from the host's Debian packages (in the host's system include
# folder, which emscripten's search leaves out). That folder is not put on the include path as it
# is, since it holds the host's C library headers too, which would shadow emscripten's own: a
# folder of the build holds links to the two libraries alone.
set(MM_HOST_HEADERS ${PROJECT_BINARY_DIR}/host-headers)
foreach(library fmt nlohmann)
  if(library STREQUAL fmt)
    set(header fmt/format.h)
    set(package libfmt-dev)
  else()
    set(header nlohmann/json.hpp)
    set(package nlohmann-json3-dev)
  endif()
  find_path(MM_HOST_${library}_DIR ${header} PATHS /usr/local/include /usr/include NO_CMAKE_FIND_ROOT_PATH)
  if(NOT MM_HOST_${library}_DIR)
    message(FATAL_ERROR "${header} not found: install Debian's ${package} (scripts/install-deps).")
  endif()
  file(MAKE_DIRECTORY ${MM_HOST_HEADERS})
  file(CREATE_LINK ${MM_HOST_${library}_DIR}/${library} ${MM_HOST_HEADERS}/${library} SYMBOLIC)
endforeach()
add_library(fmt::fmt INTERFACE IMPORTED)
set_target_properties(fmt::fmt PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${MM_HOST_HEADERS}
                                          INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${MM_HOST_HEADERS})

add_subdirectory(po)
add_subdirectory(data)
add_subdirectory(src)
