# Writes the table of the data built into the program (include/mm/run/builtin_data.hpp): a C++
# source with each data file's bytes as a string literal, named as the data directory names it.
# Run by the build (data/CMakeLists.txt) with `cmake -P`, so that it needs no tool of its own and
# works for any target the compiler builds for (C++'s #embed is not in the compilers of the
# project's Debian).
#
#   cmake -DDATA_DIR=<the build's share/mastermind> -DNAMES=<name,name,...> -DOUTPUT=<file.cpp>
#         -P GenerateBuiltinData.cmake
cmake_minimum_required(VERSION 3.25)

# Bytes per line of a literal (four characters each, \xHH): short lines keep an editor's work small.
set(bytes_per_line 64)
math(EXPR chars_per_line "${bytes_per_line} * 4")
string(REPEAT "." ${chars_per_line} line_of_escapes)

string(REPLACE "," ";" names "${NAMES}")
list(SORT names)
set(out "// Written by the build (cmake/GenerateBuiltinData.cmake) from the program's data files.\n")
string(APPEND out "#include \"mm/run/builtin_data.hpp\"\n\nnamespace mm {\n\nnamespace {\n\n")
set(entries "")
set(index 0)
foreach(name IN LISTS names)
  file(READ ${DATA_DIR}/${name} hex HEX)
  string(LENGTH "${hex}" digits)
  math(EXPR size "${digits} / 2")
  # Every byte escaped (\xHH), so that text and binary alike come through whole; each escape ends
  # where the next begins.
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" escaped "${hex}")
  string(REGEX REPLACE "(${line_of_escapes})" "\\1\"\n    \"" lines "${escaped}")
  set(lines "    \"${lines}\"\n")
  string(APPEND out "// ${name}\nconstexpr char kFile${index}[] =\n${lines};\n\n")
  string(APPEND entries "    {\"${name}\", {kFile${index}, ${size}}},\n")
  math(EXPR index "${index} + 1")
endforeach()
string(APPEND out "constexpr BuiltInFile kFiles[] = {\n${entries}};\n\n}  // namespace\n\n")
string(APPEND out "std::span<const BuiltInFile> builtin_data_files() noexcept { return kFiles; }\n\n")
string(APPEND out "}  // namespace mm\n")
# Replaced only when it changed, so that an unchanged table is not compiled again.
file(WRITE ${OUTPUT}.new "${out}")
file(COPY_FILE ${OUTPUT}.new ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.new)
