// The memory of a long-lived process that plays many games on many boards, as a server does for
// weeks: each game is one run of the engine's default codebreaker (the shipped tree, the board's
// optimal search or knuth, as the board calls for), the boards taken in turn, so what the engine
// keeps between runs (a board's codes, its optimal search, a loaded tree) is asked for again and
// again. Prints the guesses of all games (the same with any cache: a change that alters play
// alters it), the resident memory after each tenth of the games and the peak.
//   mm_cache_memory [GAMES] [BOARD...]      (default: 10000 games on the 20 boards below)

#include <fmt/format.h>
#include <sys/resource.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/score.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/run/run_context.hpp"

namespace {

constexpr long kDefaultGames = 10000;
constexpr int kReports = 10;
constexpr double kKilobytesPerMegabyte = 1024;
// Secrets are spread over each board's codes by a step prime to every board's count.
constexpr std::uint64_t kSecretStep = 7919;

// Boards of both kinds of default opponent a server meets most: the optimal search (up to 1024
// codes) and every shipped tree.
const std::vector<std::string> kBoards = {
    "p3c4r", "p3c5r", "p3c6r", "p3c7r", "p3c8r", "p4c3r", "p4c4r", "p4c5r",  "p5c3r", "p5c4r",
    "p4c6n", "p4c5n", "p5c6n", "p3c8n", "p4c6r", "p5c5r", "p4c9r", "p4c10n", "p5c6r", "p6c4r",
};

double peak_megabytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / kKilobytesPerMegabyte;
}

// Resident memory now (Linux's /proc: the peak alone would hide a level that holds).
double resident_megabytes() {
  std::ifstream status("/proc/self/status");
  std::string word;
  while (status >> word)
    if (word == "VmRSS:") {
      double kilobytes = 0;
      status >> kilobytes;
      return kilobytes / kKilobytesPerMegabyte;
    }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const long games = argc > 1 ? std::strtol(argv[1], nullptr, 10) : kDefaultGames;
  std::vector<mm::Rules> boards;
  for (int i = 2; i < argc; ++i) boards.push_back(mm::parse_rules(argv[i]));
  if (boards.empty())
    for (const std::string& b : kBoards) boards.push_back(mm::parse_rules(b));

  std::uint64_t guesses = 0;
  long lost = 0;
  for (long g = 0; g < games; ++g) {
    const mm::Rules& rules = boards[static_cast<std::size_t>(g) % boards.size()];
    // A run of its own per game, as each game of the server has.
    const mm::RunContext run{
        .stop = {}, .executor = mm::Executor::serial(), .memory = 0, .data = mm::process_data_source()};
    const auto strategy = mm::engine::make_codebreaker(rules, mm::engine::choose_codebreaker(rules, {}, run), run);
    const std::uint64_t round = static_cast<std::uint64_t>(g) / boards.size();
    const mm::Code secret = mm::code_at((round * kSecretStep) % rules.code_count(), rules);
    bool won = false;
    for (int turn = 0; turn < rules.max_guesses && !won; ++turn) {
      const mm::Code guess = strategy->next_guess();
      const mm::Feedback answer = mm::score(secret, guess, rules.feedback);
      ++guesses;
      won = answer.black == rules.pegs;
      if (!won) strategy->observe(guess, answer);
    }
    if (!won) ++lost;
    if ((g + 1) % std::max<long>(games / kReports, 1) == 0)
      fmt::print("{:>6} games  resident {:7.1f} MB  peak {:7.1f} MB\n", g + 1, resident_megabytes(), peak_megabytes());
  }
  fmt::print("{} games on {} boards: {} guesses, {} lost; peak resident memory {:.1f} MB\n", games, boards.size(),
             guesses, lost, peak_megabytes());
  return 0;
}
