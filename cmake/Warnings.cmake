# Warnings and sanitizers as INTERFACE targets: linked privately by our own targets, never
# exported, so nobody who builds on the libraries inherits our choice of flags.
add_library(mm_warnings INTERFACE)
add_library(mm::warnings ALIAS mm_warnings)
target_compile_options(mm_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                             -Wsign-conversion $<$<BOOL:${MM_WERROR}>:-Werror>)

add_library(mm_sanitizers INTERFACE)
add_library(mm::sanitizers ALIAS mm_sanitizers)
if(MM_SANITIZE)
  target_compile_options(mm_sanitizers INTERFACE -fsanitize=address,undefined
                                                 -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(mm_sanitizers INTERFACE -fsanitize=address,undefined)
endif()
# The fuzz build (clang): every library is instrumented for libFuzzer's coverage and checked by
# the sanitizers; the harnesses add libFuzzer's own main (tests/fuzz).
if(MM_FUZZ)
  target_compile_options(mm_sanitizers INTERFACE -fsanitize=fuzzer-no-link,address,undefined
                                                 -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(mm_sanitizers INTERFACE -fsanitize=address,undefined)
endif()
