# Debian packages of what `cmake --install` installs (`make deb`, CPack's DEB generator), one per
# component:
#   mastermind          runtime  the program, its data files (trees, catalogues), manual page, completions
#   mastermind-mpi      mpi      mastermind-mpi: in a package of its own, so mastermind does not bring in Open MPI
#   mastermind-dev      dev      the engine's headers and static libraries, CMake package, pkg-config file
#   python3-mastermind  python   the Python module
# The dependencies of the programs and the module are computed from the libraries they link
# (dpkg-shlibdeps, from Debian's dpkg-dev); those of mastermind-dev are the -dev packages its
# headers and static libraries need. The version is the project's (project(VERSION)).
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(MM_DEB_VERSION "${PROJECT_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE}")
# An address that reaches no one (.invalid): the packages are built from the sources, not by a
# maintainer of Debian's.
set(CPACK_PACKAGE_CONTACT "The mastermind developers <maintainers@mastermind.invalid>")

# Each package's /usr/share/doc/<package>: the licence as `copyright` and a changelog.Debian.gz (a
# package of ours has its own revision: 0.1.0-1) that points to CHANGELOG.md, installed with the
# program as changelog.gz. The date is the build's, or SOURCE_DATE_EPOCH's when set.
string(TIMESTAMP MM_PACKAGE_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
function(mm_package_docs component package)
  set(dir ${PROJECT_BINARY_DIR}/packaging/${package})
  file(WRITE ${dir}/changelog.Debian
       "${package} (${MM_DEB_VERSION}) unstable; urgency=medium\n\n"
       "  * Built from mastermind ${PROJECT_VERSION}; what changed is in\n"
       "    /usr/share/doc/mastermind/changelog.gz (CHANGELOG.md).\n\n"
       " -- ${CPACK_PACKAGE_CONTACT}  ${MM_PACKAGE_DATE}\n")
  execute_process(COMMAND gzip -9nf ${dir}/changelog.Debian COMMAND_ERROR_IS_FATAL ANY)
  install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${package} RENAME copyright
          COMPONENT ${component})
  install(FILES ${dir}/changelog.Debian.gz DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${package} COMPONENT ${component})
endfunction()
mm_package_docs(runtime mastermind)
execute_process(COMMAND gzip -9nc ${PROJECT_SOURCE_DIR}/CHANGELOG.md OUTPUT_FILE ${PROJECT_BINARY_DIR}/packaging/changelog.gz
                COMMAND_ERROR_IS_FATAL ANY)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/CHANGELOG.md)
install(FILES ${PROJECT_BINARY_DIR}/packaging/changelog.gz ${PROJECT_SOURCE_DIR}/README.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/mastermind COMPONENT runtime)
# The manual beside the front page, as in the sources, so that the front page's links to docs/ lead
# to its pages.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/mastermind/docs
        COMPONENT runtime FILES_MATCHING PATTERN "*.md" PATTERN "*.png")
mm_package_docs(dev mastermind-dev)
if(TARGET mastermind-mpi)
  mm_package_docs(mpi mastermind-mpi)
endif()
if(TARGET mm_python)
  mm_package_docs(python python3-mastermind)
endif()

set(CPACK_PACKAGE_NAME mastermind)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The mastermind developers")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_OUTPUT_FILE_PREFIX ${PROJECT_BINARY_DIR}/packages)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime dev)
if(TARGET mastermind-mpi)
  list(APPEND CPACK_COMPONENTS_ALL mpi)
endif()
if(TARGET mm_python)
  list(APPEND CPACK_COMPONENTS_ALL python)
endif()

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Not games: Debian's games live in /usr/games, and this is a tool as much as a game.
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME mastermind)
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION "game, engine and tool for Mastermind and its relatives\n\
A terminal game of Mastermind, Bulls and Cows, Super Mastermind and any\n\
board of 1-10 pegs and 2-20 colours, in English, Danish and Swedish; a\n\
computer that breaks codes (optimal play on the classic board and Bulls and\n\
Cows); evaluate, hardest, next and tree for scripts, with JSON output.")

set(CPACK_DEBIAN_MPI_PACKAGE_NAME mastermind-mpi)
set(CPACK_DEBIAN_MPI_PACKAGE_SECTION science)
# Its translations are the main package's data files. And Open MPI's programs: mpirun starts a job,
# and even a lone process needs orted (openmpi-bin) and the help texts beside it, which the
# library it links (computed: libopenmpi3) does not bring. A fresh Debian 12 showed it.
set(CPACK_DEBIAN_MPI_PACKAGE_DEPENDS "mastermind (= ${MM_DEB_VERSION}), openmpi-bin")
set(CPACK_COMPONENT_MPI_DESCRIPTION "mastermind's exact optimal search spread over an MPI job\n\
mastermind-mpi runs the optimal search of mastermind evaluate and tree over\n\
the ranks of an Open MPI job, with a checkpoint to go on from after a stop.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME mastermind-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "libfmt-dev, nlohmann-json3-dev, libtbb-dev")
set(CPACK_COMPONENT_DEV_DESCRIPTION "mastermind's engine for C++ programs\n\
Headers, static libraries, a CMake package (find_package(mastermind),\n\
mastermind::engine) and a pkg-config file: scoring, candidates, strategies,\n\
evaluation and decision trees.")

set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-mastermind)
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
# The module is built for one Python version (its ABI), the one found here.
math(EXPR MM_PYTHON_NEXT_MINOR "${Python3_VERSION_MINOR} + 1")
set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS
    "python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}~), python3 (<< ${Python3_VERSION_MAJOR}.${MM_PYTHON_NEXT_MINOR})")
set(CPACK_COMPONENT_PYTHON_DESCRIPTION "mastermind's engine for Python\n\
The module mastermind: score, codes, candidates, next_guess, evaluate,\n\
hardest and load_tree, with the answers of mastermind's JSON output as\n\
dicts.")

# Each component's description: its first line is the package's synopsis. CPack puts a package-wide
# summary above it whenever that summary differs from CPack's default text, and it defaults to the
# project's description: set to the default, it stays out.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${CMAKE_PROJECT_NAME} built using CMake")
include(CPack)
