// The computer's time per guess on big boards (the sampled search, or `auto` where it chooses):
// seeded games against random secrets, each guess timed. Prints, per board, the games won,
// the average guesses, and the maximum and 99th percentile of the seconds per guess, and the
// most processor seconds a guess took (every thread's, summed: unlike the wall time, barely moved
// by other programs on a busy machine, and a bound on the wall time with the cores to itself);
// then the peak memory of the whole run.
//   mm_big_boards [GAMES] [BOARD...]        (default: 20 games on the boards of the speed table)

#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "mm/core/score.hpp"
#include "mm/solver/strategy.hpp"

namespace {

struct Board {
  std::string spelling;
  mm::SearchMode search;
};

constexpr int kGuessLimit = 30;
constexpr double kKilobytesPerMegabyte = 1024;
constexpr double kMicroseconds = 1e-6;

// User and system seconds of the whole process so far.
double processor_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * kMicroseconds;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 20;
  std::vector<Board> boards;
  for (int i = 2; i < argc; ++i) boards.push_back({argv[i], mm::SearchMode::automatic});
  if (boards.empty())
    boards = {{"p8c8r", mm::SearchMode::sampled},   {"p9c12n", mm::SearchMode::sampled},
              {"p10c20r", mm::SearchMode::sampled}, {"p6c9r", mm::SearchMode::automatic},
              {"p7c7r", mm::SearchMode::automatic}, {"p8c6r", mm::SearchMode::automatic}};
  fmt::print("{:<9} {:>8} {:>6} {:>8} {:>10} {:>10} {:>10}\n", "board", "search", "won", "average", "max s", "p99 s",
             "max cpu s");
  for (const Board& board : boards) {
    const mm::Rules rules = mm::parse_rules(board.spelling);
    std::vector<double> seconds;
    double most_processor = 0;
    int won = 0;
    long guesses = 0;
    std::mt19937_64 secrets(1);
    for (int g = 0; g < games; ++g) {
      const mm::Code secret = mm::random_code(rules, secrets);
      auto breaker = mm::make_strategy(mm::StrategyKind::knuth, rules, static_cast<std::uint64_t>(g), board.search);
      for (int turn = 1; turn <= kGuessLimit; ++turn) {
        const auto start = std::chrono::steady_clock::now();
        const double processor_start = processor_seconds();
        const mm::Code guess = breaker->next_guess();
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        most_processor = std::max(most_processor, processor_seconds() - processor_start);
        const mm::Feedback answer = mm::score(secret, guess);
        ++guesses;
        if (answer.is_win(rules.pegs)) {
          ++won;
          break;
        }
        breaker->observe(guess, answer);
      }
    }
    std::sort(seconds.begin(), seconds.end());
    const double p99 = seconds[std::min(seconds.size() - 1, seconds.size() * 99 / 100)];
    fmt::print("{:<9} {:>8} {:>3}/{:<2} {:>8.3f} {:>10.3f} {:>10.3f} {:>10.3f}\n", board.spelling,
               mm::search_mode_name(mm::resolve_search(board.search, rules)), won, games,
               static_cast<double>(guesses) / games, seconds.back(), p99, most_processor);
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  fmt::print("peak memory {:.0f} MB\n", static_cast<double>(usage.ru_maxrss) / kKilobytesPerMegabyte);
}
