// The web server under load: GAMES classic games at once over loopback against one
// `mastermind serve`, each its own client thread on one keep-alive connection (cpp-httplib's
// client, the library the server is built on), GUESSES guesses each, ROUNDS rounds. Prints per
// round the throughput, the p50/p99/max latency of a guess, the CPU time the server and the client
// spent a guess (what each request costs, whether or not the cores were saturated), the errors,
// the server's resident memory after the round and the machine's load average; then the same over
// every round.
//
//   build/bench/mm_web_load [GAMES] [GUESSES] [ROUNDS] [PAUSE_MS] [path/to/mastermind]
//
// Defaults: 200 games, 6 guesses, 3 rounds, no pause, the mastermind of this build. With no pause
// every player sends its next move the moment the last is answered: the server is saturated and a
// guess waits for the requests ahead of it (about GAMES / throughput). PAUSE_MS > 0 has each player
// think between moves, for a time drawn evenly from 0 to twice PAUSE_MS, as people do. The guesses
// and pauses are drawn from a generator seeded by round and game, so every run plays the same
// codes (the secrets are the server's). The client runs on the same machine as the server and
// shares its cores. Every game is played under a name, so each is written to the scores file.
// The server drops a game idle for a second (--idle-timeout 1) and the next round begins once the
// last one's games are gone, so the memory after each round is that of the same number of games.

#include <fmt/format.h>
#include <httplib.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <latch>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

constexpr int kDefaultGames = 200;
constexpr int kDefaultGuesses = 6;
constexpr int kDefaultRounds = 3;
constexpr const char* kSymbols = "123456";
constexpr int kPegs = 4;
constexpr std::uint64_t kSeedsPerRound = 100000;
constexpr int kPercentile = 99;
// The server's --idle-timeout, and the wait after a round for its games to be dropped: the idle
// time, and as long again for the server's sweep, once a second.
constexpr const char* kIdleSeconds = "1";
constexpr auto kBetweenRounds = std::chrono::seconds(3);

struct Server {
  pid_t pid = -1;
  int port = 0;
  int output = -1;  // the server's stdout, read until it ends
  std::filesystem::path directory;
};

// `mastermind serve --port 0` with a scores file of its own; its port read from the line it
// prints once it listens.
Server start_server(const std::string& binary) {
  Server server;
  char pattern[] = "/tmp/mm-web-load-XXXXXX";
  if (!mkdtemp(pattern)) throw std::runtime_error("cannot make a temporary directory");
  server.directory = pattern;
  const std::string scores = (server.directory / "scores.db").string();
  int out[2];
  if (pipe(out) != 0) throw std::runtime_error("pipe failed");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  const char* argv[] = {binary.c_str(), "serve",          "--port",     "0",    "-f",
                        scores.c_str(), "--idle-timeout", kIdleSeconds, nullptr};
  if (posix_spawn(&server.pid, binary.c_str(), &actions, nullptr, const_cast<char* const*>(argv), environ) != 0)
    throw std::runtime_error("cannot start " + binary);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  std::string line;
  char c = 0;
  while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
  server.output = out[0];
  std::smatch match;
  if (!std::regex_search(line, match, std::regex(R"(:(\d+)/)"))) throw std::runtime_error("no address: " + line);
  server.port = std::stoi(match[1]);
  return server;
}

void stop_server(const Server& server) {
  kill(server.pid, SIGTERM);
  int status = 0;
  char buffer[256];
  while (read(server.output, buffer, sizeof buffer) > 0) {
  }
  close(server.output);
  waitpid(server.pid, &status, 0);
  std::filesystem::remove_all(server.directory);
}

// The CPU time a process has used so far, user and system, in seconds (/proc/PID/stat's utime and
// stime, fields 14 and 15, in clock ticks).
double cpu_seconds(pid_t pid) {
  std::ifstream file(fmt::format("/proc/{}/stat", pid));
  const std::string stat((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  // The command's name, field 2, is in parentheses and may hold spaces: count from its end.
  std::istringstream rest(stat.substr(stat.rfind(')') + 2));
  std::string field;
  for (int i = 3; i < 14; ++i) rest >> field;
  long user = 0, system = 0;
  rest >> user >> system;
  return static_cast<double>(user + system) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

long resident_kib(pid_t pid) {
  std::ifstream status(fmt::format("/proc/{}/status", pid));
  std::string line;
  while (std::getline(status, line))
    if (line.starts_with("VmRSS:")) return std::stol(line.substr(6));
  return 0;
}

std::string load_average() {
  std::ifstream file("/proc/loadavg");
  std::string one, five, fifteen;
  file >> one >> five >> fifteen;
  return fmt::format("{} {} {}", one, five, fifteen);
}

std::vector<std::string> all_codes() {
  std::vector<std::string> codes{""};
  for (int peg = 0; peg < kPegs; ++peg) {
    std::vector<std::string> longer;
    for (const std::string& code : codes)
      for (const char* s = kSymbols; *s; ++s) longer.push_back(code + *s);
    codes = std::move(longer);
  }
  return codes;
}

struct Round {
  std::mutex mutex;
  std::vector<double> latencies;  // seconds per guess
  std::vector<std::string> errors;

  void error(std::string what) {
    const std::lock_guard lock(mutex);
    errors.push_back(std::move(what));
  }
};

// One player: a new game, then up to `guesses` guesses of codes not yet on its board, then quit
// when it is still going, all on one keep-alive connection.
void play(int port, std::uint64_t seed, int guesses, int pause_ms, const std::vector<std::string>& codes,
          std::latch& start, Round& round) {
  httplib::Client client("127.0.0.1", port);
  client.set_keep_alive(true);
  client.set_tcp_nodelay(true);
  client.set_read_timeout(60, 0);
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int> pause(0, 2 * pause_ms);
  std::vector<double> mine;
  start.arrive_and_wait();
  auto created = client.Post("/api/games", R"({"preset":"classic","player":"Load"})", "application/json");
  if (!created || created->status != 201) {
    round.error(created ? std::to_string(created->status) : httplib::to_string(created.error()));
    return;
  }
  json game = json::parse(created->body);
  const std::string path = "/api/games/" + game["token"].get<std::string>();
  std::set<std::string> played;
  for (int i = 0; i < guesses && game["state"] == "playing"; ++i) {
    std::string code;
    do {
      code = codes[random() % codes.size()];
    } while (played.contains(code));
    played.insert(code);
    if (pause_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(pause(random)));
    const auto began = Clock::now();
    auto answer = client.Post(path + "/guess", json{{"code", code}}.dump(), "application/json");
    mine.push_back(std::chrono::duration<double>(Clock::now() - began).count());
    if (!answer || answer->status != 200) {
      round.error(answer ? std::to_string(answer->status) : httplib::to_string(answer.error()));
      return;
    }
    game = json::parse(answer->body);
  }
  if (game["state"] == "playing") client.Post(path + "/quit", "", "application/json");
  const std::lock_guard lock(round.mutex);
  round.latencies.insert(round.latencies.end(), mine.begin(), mine.end());
}

double percentile(std::vector<double> values, int p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto index = static_cast<std::size_t>(std::lround(p / 100.0 * static_cast<double>(values.size() - 1)));
  return values[std::min(values.size() - 1, index)];
}

std::string figures(const std::vector<double>& latencies) {
  const double max = latencies.empty() ? 0 : *std::max_element(latencies.begin(), latencies.end());
  return fmt::format("p50 {:.1f} ms, p99 {:.1f} ms, max {:.1f} ms", percentile(latencies, 50) * 1000,
                     percentile(latencies, kPercentile) * 1000, max * 1000);
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : kDefaultGames;
  const int guesses = argc > 2 ? std::atoi(argv[2]) : kDefaultGuesses;
  const int rounds = argc > 3 ? std::atoi(argv[3]) : kDefaultRounds;
  const int pause_ms = argc > 4 ? std::atoi(argv[4]) : 0;
  const std::string binary = argc > 5 ? argv[5] : MM_MASTERMIND;
  if (games <= 0 || guesses <= 0 || rounds <= 0 || pause_ms < 0) {
    fmt::print(stderr, "usage: {} [GAMES] [GUESSES] [ROUNDS] [PAUSE_MS] [path/to/mastermind]\n", argv[0]);
    return 64;
  }
  const std::vector<std::string> codes = all_codes();
  const Server server = start_server(binary);
  fmt::print(
      "{} concurrent classic games, {} guesses each, {} rounds, one keep-alive connection a game, "
      "pauses of 0 to {} ms; server (pid {}) memory at start {} KiB, load average {}\n",
      games, guesses, rounds, 2 * pause_ms, server.pid, resident_kib(server.pid), load_average());
  std::vector<double> everything;
  std::size_t all_errors = 0;
  for (int r = 1; r <= rounds; ++r) {
    if (r > 1) std::this_thread::sleep_for(kBetweenRounds);
    Round round;
    std::latch start(games + 1);
    std::vector<std::thread> players;
    for (int i = 0; i < games; ++i)
      players.emplace_back(play, server.port,
                           static_cast<std::uint64_t>(r) * kSeedsPerRound + static_cast<std::uint64_t>(i), guesses,
                           pause_ms, std::cref(codes), std::ref(start), std::ref(round));
    const double server_before = cpu_seconds(server.pid), client_before = cpu_seconds(getpid());
    const auto began = Clock::now();
    start.arrive_and_wait();
    for (std::thread& player : players) player.join();
    const double seconds = std::chrono::duration<double>(Clock::now() - began).count();
    const double server_cpu = cpu_seconds(server.pid) - server_before;
    const double client_cpu = cpu_seconds(getpid()) - client_before;
    everything.insert(everything.end(), round.latencies.begin(), round.latencies.end());
    all_errors += round.errors.size();
    const auto made = static_cast<double>(std::max<std::size_t>(1, round.latencies.size()));
    fmt::print(
        "round {}: {} guesses in {:.2f} s ({:.0f}/s), {}, CPU a guess: server {:.0f} us, client {:.0f} us, "
        "errors {}{}, server memory {} KiB, load average {}\n",
        r, round.latencies.size(), seconds, static_cast<double>(round.latencies.size()) / seconds,
        figures(round.latencies), server_cpu / made * 1e6, client_cpu / made * 1e6, round.errors.size(),
        round.errors.empty() ? "" : " (first: " + round.errors.front() + ")", resident_kib(server.pid), load_average());
    std::fflush(stdout);
  }
  fmt::print("all: {} guesses, {}, errors {}\n", everything.size(), figures(everything), all_errors);
  stop_server(server);
  return all_errors == 0 ? 0 : 1;
}
