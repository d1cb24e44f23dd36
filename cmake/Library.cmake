# The engine for other programs: `find_package(mastermind)` then `target_link_libraries(app
# mastermind::engine)` (the facade: evaluate, next guess, trees, JSON) or mastermind::solver
# (strategies, candidates) or mastermind::core (rules, codes, scoring), or pkg-config's
# `mastermind`. Static libraries, built position-independent so that shared objects (the Python
# module) can take them in; the public headers only, listed below: the solver's parts keep their
# headers in src/ and the front ends' libraries are not installed. The version is the project's.
include(CMakePackageConfigHelpers)

set(MM_PUBLIC_HEADERS
  core/alphabet.hpp core/answer_words.hpp core/board_limit.hpp core/code.hpp core/codebreaker.hpp
  core/codebreaker_settings.hpp core/decision_tree.hpp core/error.hpp core/evaluation.hpp core/feedback.hpp
  core/i18n.hpp core/objective.hpp core/optimal_journal.hpp core/rules.hpp core/score.hpp core/search_mode.hpp
  core/spread_tasks.hpp core/strategy_kind.hpp core/variant.hpp
  run/data_source.hpp run/executor.hpp run/progress.hpp run/run_context.hpp run/shared_cache.hpp run/stop.hpp
  solver/consistent_codes.hpp solver/decision_tree.hpp solver/evaluate.hpp solver/heuristics.hpp solver/optimal.hpp
  solver/strategy.hpp
  engine/analysis.hpp engine/candidates.hpp engine/codebreaker.hpp engine/json.hpp engine/opponent.hpp
  engine/stop.hpp engine/threads.hpp engine/trees.hpp
  CACHE INTERNAL "The headers installed for programs built on the engine (include/mm/...)")
# The table of the data built in is in the run library only where the build puts it there.
if(MM_BUILTIN_DATA)
  list(APPEND MM_PUBLIC_HEADERS run/builtin_data.hpp)
endif()

set(MM_EXPORTED_LIBRARIES mm_run mm_core mm_solver mm_engine)
foreach(lib IN LISTS MM_EXPORTED_LIBRARIES)
  string(REPLACE "mm_" "" name ${lib})
  set_target_properties(${lib} PROPERTIES EXPORT_NAME ${name} OUTPUT_NAME mastermind-${name} POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${lib} INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()
# Inside a shared object the calls between the engine's own functions are bound at build time,
# as in the executables (without this -fPIC would keep each one interposable, and slower).
target_compile_options(mm_run PRIVATE -fno-semantic-interposition)
target_compile_options(mm_core PRIVATE -fno-semantic-interposition)
target_compile_options(mm_solver PRIVATE -fno-semantic-interposition)
target_compile_options(mm_engine PRIVATE -fno-semantic-interposition)

foreach(header IN LISTS MM_PUBLIC_HEADERS)
  get_filename_component(dir ${header} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/include/mm/${header} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/mm/${dir}
          COMPONENT dev)
endforeach()

set(MM_CMAKE_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/mastermind)
install(TARGETS ${MM_EXPORTED_LIBRARIES} EXPORT mastermindTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
install(EXPORT mastermindTargets NAMESPACE mastermind:: DESTINATION ${MM_CMAKE_PACKAGE_DIR} COMPONENT dev)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/mastermindConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/cmake/mastermindConfig.cmake
                              INSTALL_DESTINATION ${MM_CMAKE_PACKAGE_DIR})
# 0.x: a new minor version may change the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/mastermindConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/mastermindConfig.cmake ${PROJECT_BINARY_DIR}/cmake/mastermindConfigVersion.cmake
        DESTINATION ${MM_CMAKE_PACKAGE_DIR} COMPONENT dev)

# pkg-config: the prefix found from the file's own place, so a moved prefix still works.
file(RELATIVE_PATH MM_PC_UP /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" MM_PC_UP "${MM_PC_UP}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/mastermind.pc.in ${PROJECT_BINARY_DIR}/cmake/mastermind.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/cmake/mastermind.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)
