// A consistent-random codebreaker for `mastermind arena` (docs/protocol.md), in C++ with the
// standard library only: each guess is drawn from the codes that would have given every answer so
// far. It plays up to kGamesAtOnce games at once (`ready games N`), keeping one list of codes per
// game, so that the referee can send the next game's message before this one's answer is read.
//
//   c++ -std=c++20 -O2 -o breaker examples/breaker.cpp
//   mastermind arena --breaker "./breaker" --jobs 2

#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

constexpr int kGamesAtOnce = 16;

using Answer = std::pair<int, int>;  // black, white

Answer score(const std::string& secret, const std::string& guess) {
  int black = 0;
  std::map<char, int> in_secret, in_guess;
  for (std::size_t i = 0; i < secret.size(); ++i) {
    if (secret[i] == guess[i]) ++black;
    ++in_secret[secret[i]];
    ++in_guess[guess[i]];
  }
  int common = 0;
  for (const auto& [symbol, count] : in_guess) common += std::min(count, in_secret[symbol]);
  return {black, common - black};
}

// Every code of `pegs` symbols, with or without a symbol twice.
void add_codes(std::vector<std::string>& out, std::string& prefix, int pegs, const std::string& symbols, bool repeats) {
  if (static_cast<int>(prefix.size()) == pegs) {
    out.push_back(prefix);
    return;
  }
  for (char s : symbols) {
    if (!repeats && prefix.find(s) != std::string::npos) continue;
    prefix.push_back(s);
    add_codes(out, prefix, pegs, symbols, repeats);
    prefix.pop_back();
  }
}

struct Game {
  std::vector<std::string> codes;  // still possible
  std::string last;
};

}  // namespace

int main(int argc, char** argv) {
  std::mt19937 random(argc > 1 ? static_cast<unsigned>(std::stoul(argv[1])) : 1U);
  std::map<std::string, Game> games;
  const auto guess = [&](const std::string& id, Game& game) {
    std::uniform_int_distribution<std::size_t> pick(0, game.codes.size() - 1);
    game.last = game.codes[pick(random)];
    std::cout << "guess " << id << ' ' << game.last << std::endl;  // endl flushes: the referee waits
  };
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::string kind, id;
    words >> kind >> id;
    if (kind == "hello") {
      std::cout << "ready games " << kGamesAtOnce << std::endl;
    } else if (kind == "game") {
      int pegs = 0;
      std::string key, value, symbols, repeats;
      while (words >> key >> value) {  // pegs 4 colors 6 repeats yes guesses 10 symbols 123456
        if (key == "pegs") pegs = std::stoi(value);
        if (key == "symbols") symbols = value;
        if (key == "repeats") repeats = value;
      }
      Game& game = games[id];
      std::string prefix;
      add_codes(game.codes, prefix, pegs, symbols, repeats == "yes");
      guess(id, game);
    } else if (kind == "answer") {
      Answer answer;
      words >> answer.first >> answer.second;
      Game& game = games[id];
      std::vector<std::string> left;
      for (const std::string& code : game.codes)
        if (score(code, game.last) == answer) left.push_back(code);
      game.codes = std::move(left);
      guess(id, game);
    } else if (kind == "end") {
      games.erase(id);
    } else if (kind == "quit") {
      return 0;
    }
  }
  return 0;
}
