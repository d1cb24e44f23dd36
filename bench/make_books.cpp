// Makes the opening books that ship (src/solver/sampled/book_shelf.cpp lists them) into
// DIR/books/: `mm_make_books [--turns N] [--sample N] [--seed N] [-j N] DIR`, run by
// `make books` (scripts/make-books). A program of its own beside the benchmarks rather than a
// command of `mastermind`: it is run by whoever ships the data, for minutes, and a player has no
// use for it. Progress, with the seconds each step took, goes to standard error.

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "mm/core/rules.hpp"
#include "mm/run/run_context.hpp"
#include "mm/solver/book_maker.hpp"
#include "mm/solver/book_shelf.hpp"

namespace {

int usage() {
  std::fputs("usage: mm_make_books [--turns N] [--sample N] [--seed N] [-j THREADS] DIR\n", stderr);
  return 64;
}

}  // namespace

int main(int argc, char** argv) {
  mm::BookOptions options;
  int threads = 2;
  std::filesystem::path out;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--turns" && has_value) {
      options.turns = std::stoi(argv[++i]);
    } else if (arg == "--sample" && has_value) {
      options.sample = std::stoul(argv[++i]);
    } else if (arg == "--seed" && has_value) {
      options.seed = std::stoull(argv[++i]);
    } else if (arg == "-j" && has_value) {
      threads = std::stoi(argv[++i]);
    } else if (!arg.empty() && arg[0] != '-' && out.empty()) {
      out = arg;
    } else {
      return usage();
    }
  }
  if (out.empty()) return usage();
  mm::RunContext run;
  run.executor = mm::Executor(threads);
  std::map<std::string, std::vector<mm::StrategyKind>> boards;
  for (const mm::ShippedBook& book : mm::shipped_books()) boards[std::string(book.rules)].push_back(book.strategy);
  std::filesystem::create_directories(out / "books");
  for (const auto& [spelling, strategies] : boards) {
    const mm::Rules rules = mm::parse_rules(spelling);
    const auto start = std::chrono::steady_clock::now();
    const auto log = [&](std::string_view line) { fmt::print(stderr, "{}: {}\n", spelling, line); };
    const std::vector<mm::OpeningBook> books = mm::make_opening_books(rules, strategies, options, run, log);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::string about = fmt::format(
        R"({{"made_by": "make books", "turns": {}, "turn_one_codes": {}, "turn_two_sample": {}, "seed": {}}})",
        options.turns, std::min<std::uint64_t>(rules.code_count(), options.all_codes_up_to), options.sample,
        options.seed);
    for (const mm::OpeningBook& book : books) {
      const std::filesystem::path file = out / mm::book_file_name(rules, book.strategy());
      std::ofstream(file, std::ios::binary) << mm::book_to_json(book, about);
      fmt::print(stderr, "{}: {} positions, {:.1f} s for the board\n", file.string(), book.size(), seconds);
    }
  }
  return 0;
}
