#include "mm/frontend/reference_writer.hpp"

#include <fmt/format.h>

#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/frontend/completion_script.hpp"
#include "mm/frontend/file_output.hpp"

namespace mm::frontend {

namespace {

std::string reference_text(std::string_view kind, const ReferenceSource& source,
                           const std::vector<std::string>& languages) {
  const std::unique_ptr<CLI::App> app = source.app();
  if (kind == "man") return manual_page(*app, source.page());
  CompletionWords words = common_completion_words(languages);
  // `help COMMAND`: the subcommands.
  for (const CLI::App* sub : app->get_subcommands({})) words["COMMAND"].push_back(sub->get_name());
  if (kind == "bash") return bash_completion(*app, words);
  if (kind == "zsh") return zsh_completion(*app, words);
  throw InputError(fmt::format("'{}' is none of man, bash, zsh", kind));
}

}  // namespace

int write_reference(int argc, const char* const* argv, const ReferenceSource& source) {
  if (argc < 4) {
    fmt::print(stderr, "usage: {} man|bash|zsh LANG FILE [CATALOGUE_LANGUAGE]...\n", argv[0]);
    return static_cast<int>(ExitCode::usage);
  }
  try {
    // The page is written in LANG or not at all: a missing catalogue must not give an English page.
    if (set_language({argv[2]}) != argv[2])
      throw Error(ExitCode::data, fmt::format("no catalogue for '{}' among the data files", argv[2]));
    const std::vector<std::string> languages(argv + 4, argv + argc);
    write_file(argv[3], reference_text(argv[1], source, languages), true);
  } catch (const Error& e) {
    fmt::print(stderr, "{}: {}\n", argv[0], e.what());
    return static_cast<int>(e.code());
  } catch (const std::exception& e) {
    fmt::print(stderr, "{}: {}\n", argv[0], e.what());
    return static_cast<int>(ExitCode::software);
  }
  return 0;
}

}  // namespace mm::frontend
