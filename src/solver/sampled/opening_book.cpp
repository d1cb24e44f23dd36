#include "mm/solver/opening_book.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"

namespace mm {

namespace {

using Json = nlohmann::ordered_json;

// A book holds a few turns: histories deeper than this are no book this program made.
constexpr std::size_t kMaxBookTurns = 8;

Error damaged(const std::string& reason) { return Error(ExitCode::data, reason); }

Json code_json(const Code& code) {
  Json out = Json::array();
  for (int i = 0; i < code.size; ++i) out.push_back(code[i]);
  return out;
}

// A code of the board, or nullopt for anything else.
std::optional<Code> code_of(const Json& json, const Rules& rules) {
  if (!json.is_array() || json.size() != static_cast<std::size_t>(rules.pegs)) return std::nullopt;
  Code code;
  code.size = rules.pegs;
  for (int i = 0; i < rules.pegs; ++i) {
    const Json& peg = json[static_cast<std::size_t>(i)];
    if (!peg.is_number_integer() || peg.get<std::int64_t>() < 0 || peg.get<std::int64_t>() >= rules.colors)
      return std::nullopt;
    code.set(i, peg.get<int>());
  }
  if (!is_valid(code, rules)) return std::nullopt;
  return code;
}

// An answer the board can give that ends no game, or nullopt.
std::optional<Feedback> answer_of(const Json& turn, const Rules& rules) {
  const auto black = turn.find("black");
  const auto white = turn.find("white");
  if (black == turn.end() || white == turn.end() || !black->is_number_integer() || !white->is_number_integer())
    return std::nullopt;
  const std::int64_t b = black->get<std::int64_t>(), w = white->get<std::int64_t>();
  if (b < 0 || w < 0 || b + w > rules.pegs || b == rules.pegs || (rules.black_only() && w != 0)) return std::nullopt;
  return Feedback{static_cast<int>(b), static_cast<int>(w)};
}

}  // namespace

OpeningBook::Key OpeningBook::key_of(const std::vector<Turn>& history) const {
  Key key;
  key.reserve(history.size() * 2);
  for (const Turn& turn : history) {
    key.push_back(code_index(turn.guess, rules_));
    key.push_back(static_cast<std::uint64_t>(response_slot(turn.feedback, rules_.pegs)));
  }
  return key;
}

void OpeningBook::add(const std::vector<Turn>& history, const Code& guess) { guesses_[key_of(history)] = guess; }

std::optional<Code> OpeningBook::guess_for(const std::vector<Turn>& history) const {
  for (const Turn& turn : history)
    if (!is_valid(turn.guess, rules_)) return std::nullopt;  // no index: not a position of this board
  const auto it = guesses_.find(key_of(history));
  if (it == guesses_.end()) return std::nullopt;
  return it->second;
}

std::vector<OpeningBook::Entry> OpeningBook::entries() const {
  std::vector<Entry> out;
  out.reserve(guesses_.size());
  for (const auto& [key, guess] : guesses_) {
    Entry entry{{}, guess};
    for (std::size_t i = 0; i + 1 < key.size(); i += 2)
      entry.history.push_back({code_at(key[i], rules_), feedback_of_slot(static_cast<int>(key[i + 1]), rules_.pegs)});
    out.push_back(std::move(entry));
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Entry& a, const Entry& b) { return a.history.size() < b.history.size(); });
  return out;
}

std::string book_file_name(const Rules& rules, StrategyKind strategy) {
  return fmt::format("books/{}-{}.json", rules.spelling(), strategy_name(strategy));
}

std::string book_to_json(const OpeningBook& book, std::string_view about) {
  Json positions = Json::array();
  for (const OpeningBook::Entry& entry : book.entries()) {
    Json history = Json::array();
    for (const Turn& turn : entry.history)
      history.push_back(
          {{"guess", code_json(turn.guess)}, {"black", turn.feedback.black}, {"white", turn.feedback.white}});
    positions.push_back({{"history", std::move(history)}, {"guess", code_json(entry.guess)}});
  }
  Json out = {{"format", kOpeningBookFormat},
              {"version", kOpeningBookVersion},
              {"rules", book.rules().spelling()},
              {"strategy", strategy_name(book.strategy())}};
  if (!about.empty()) out["about"] = Json::parse(about);
  out["positions"] = std::move(positions);
  // One position a line: a file a person can read and a diff can show.
  std::string text = "{\n";
  bool first = true;
  for (const auto& [name, value] : out.items()) {
    if (!first) text += ",\n";
    first = false;
    text += fmt::format("  {}: ", Json(name).dump());
    if (name == "positions") {
      text += "[\n";
      for (std::size_t i = 0; i < value.size(); ++i)
        text += "    " + value[i].dump() + (i + 1 < value.size() ? ",\n" : "\n");
      text += "  ]";
    } else {
      text += value.dump();
    }
  }
  return text + "\n}\n";
}

OpeningBook book_from_json(std::string_view text, const Rules& rules, StrategyKind strategy) {
  const Json json = Json::parse(text.begin(), text.end(), nullptr, false);
  if (json.is_discarded() || !json.is_object()) throw damaged(tr("not JSON"));
  const auto format = json.find("format");
  if (format == json.end() || !format->is_string() || format->get<std::string>() != kOpeningBookFormat)
    throw damaged(tr("not an opening book"));
  const auto version = json.find("version");
  if (version == json.end() || !version->is_number_integer()) throw damaged(tr("not an opening book"));
  if (version->get<std::int64_t>() != kOpeningBookVersion)
    throw damaged(trf("an opening book of version {}, which this program does not read", version->dump()));
  const auto board = json.find("rules");
  const auto kind = json.find("strategy");
  if (board == json.end() || kind == json.end() || !board->is_string() || !kind->is_string())
    throw damaged(tr("not an opening book"));
  if (board->get<std::string>() != rules.spelling() || kind->get<std::string>() != strategy_name(strategy))
    throw damaged(trf("the opening book of {} with {}, not of {} with {}", board->get<std::string>(),
                      kind->get<std::string>(), rules.spelling(), strategy_name(strategy)));
  const auto positions = json.find("positions");
  if (positions == json.end() || !positions->is_array()) throw damaged(tr("not an opening book"));

  OpeningBook book(rules, strategy);
  for (const Json& position : *positions) {
    const std::string wrong = tr("a position of the book does not fit the board");
    if (!position.is_object() || !position.contains("history") || !position["history"].is_array() ||
        position["history"].size() > kMaxBookTurns)
      throw damaged(wrong);
    std::vector<Turn> history;
    for (const Json& turn : position["history"]) {
      if (!turn.is_object() || !turn.contains("guess")) throw damaged(wrong);
      const std::optional<Code> guess = code_of(turn["guess"], rules);
      const std::optional<Feedback> answer = answer_of(turn, rules);
      if (!guess || !answer) throw damaged(wrong);
      history.push_back({*guess, *answer});
    }
    const std::optional<Code> guess = position.contains("guess") ? code_of(position["guess"], rules) : std::nullopt;
    if (!guess) throw damaged(wrong);
    if (book.guess_for(history)) throw damaged(tr("a position appears twice in the opening book"));
    book.add(history, *guess);
  }
  return book;
}

}  // namespace mm
