# The reference of a program, written at build time by a generator that builds the program's own
# command line (frontend/reference_writer.hpp), so it cannot drift from --help:
#   <build>/man/man1/PROGRAM.1 and <build>/man/LANG/man1/PROGRAM.1   the manual page, per language
#   <build>/completions/bash/PROGRAM, <build>/completions/zsh/_PROGRAM
# and installed (manual pages gzipped, as Debian has them) with the program's COMPONENT.
#
# mm_add_reference(PROGRAM GENERATOR COMPONENT component)
function(mm_add_reference program generator)
  cmake_parse_arguments(R "" "COMPONENT" "" ${ARGN})
  # The catalogues are data files the generator finds as the program does.
  set(run ${CMAKE_COMMAND} -E env MASTERMIND_DATA_DIR=${PROJECT_BINARY_DIR}/${MM_DATA_SUBDIR} $<TARGET_FILE:${generator}>)
  set(outputs)
  foreach(lang en ${MM_LANGUAGES})
    if(lang STREQUAL "en")
      set(section man1)
      set(po)
    else()
      set(section ${lang}/man1)
      set(po ${PROJECT_SOURCE_DIR}/po/${lang}.po)
    endif()
    set(dir man/${section})
    set(page ${PROJECT_BINARY_DIR}/${dir}/${program}.1)
    add_custom_command(OUTPUT ${page} ${page}.gz
                       COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/${dir}
                       COMMAND ${run} man ${lang} ${page}
                       COMMAND gzip -9nkf ${page}
                       DEPENDS ${generator} ${po}
                       COMMENT "Writing the manual page ${dir}/${program}.1"
                       VERBATIM)
    list(APPEND outputs ${page} ${page}.gz)
    install(FILES ${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/${section} COMPONENT ${R_COMPONENT})
  endforeach()
  set(bash ${PROJECT_BINARY_DIR}/completions/bash/${program})
  set(zsh ${PROJECT_BINARY_DIR}/completions/zsh/_${program})
  add_custom_command(OUTPUT ${bash} ${zsh}
                     COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/completions/bash
                                                                ${PROJECT_BINARY_DIR}/completions/zsh
                     COMMAND ${run} bash en ${bash} ${MM_LANGUAGES}
                     COMMAND ${run} zsh en ${zsh} ${MM_LANGUAGES}
                     DEPENDS ${generator}
                     COMMENT "Writing the shell completions of ${program}"
                     VERBATIM)
  add_custom_target(reference_${program} ALL DEPENDS ${outputs} ${bash} ${zsh})
  add_dependencies(reference_${program} translations)
  install(FILES ${bash} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions COMPONENT ${R_COMPONENT})
  install(FILES ${zsh} DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions COMPONENT ${R_COMPONENT})
endfunction()
