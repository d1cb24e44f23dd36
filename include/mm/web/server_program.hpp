#pragma once
// The web server is a program of its own, `mastermind-serve`, which `mastermind serve` becomes
// (exec) once its options are read: the HTTP library and what it brings (TLS, compression) are
// then loaded by `serve` alone, not by every start of `mastermind` (docs/web.md, "The server": the
// start's time with and without them).
//
// The program is looked for relative to the running executable, so that it is found in the build
// tree (beside `mastermind`) and installed (<prefix>/libexec, wherever the prefix was moved to,
// where the data files of <prefix>/share/mastermind are found from it as from <prefix>/bin).

#include <filesystem>
#include <optional>
#include <vector>

namespace mm::web {

inline constexpr std::string_view kServerProgram = "mastermind-serve";

// Where the server program may be for a `mastermind` at `executable`, in the order looked at.
std::vector<std::filesystem::path> server_program_candidates(const std::filesystem::path& executable);

// Replaces this process by the server program with the same arguments (argv[0] aside); returns
// only by throwing Error(unavailable) when the program is not there or cannot be run.
[[noreturn]] void exec_server_program(char** argv);

}  // namespace mm::web
