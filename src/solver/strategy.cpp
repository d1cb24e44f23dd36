#include "mm/solver/strategy.hpp"

#include <fmt/format.h>

#include "board/universe.hpp"
#include "heuristics/guess_search.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/score.hpp"
#include "sampled/sampled_codebreaker.hpp"

namespace mm {

namespace {

using detail::CodeId;
using detail::Universe;

// One codebreaker for every strategy kind: the kind only changes how choose_guess picks.
class Codebreaker final : public Strategy {
 public:
  Codebreaker(StrategyKind kind, const Rules& rules, std::uint64_t seed, bool hard, RunContext run)
      : universe_(Universe::of(rules)), kind_(kind), seed_(seed), hard_(hard), run_(std::move(run)) {
    reset();
  }

  std::string_view name() const noexcept override { return strategy_name(kind_); }

  Code next_guess() override {
    if (remaining() == 0) throw Error(ExitCode::failure, "no code is consistent with the answers");
    if (!cached_) {
      std::vector<Code> guesses;
      for (const Turn& t : history_) guesses.push_back(t.guess);
      const detail::Node node{ids(), keys(), played_, node_seed_, guesses, hard_, &run_};
      cached_ = detail::choose_guess(*universe_, kind_, node);
    }
    return code_at(*cached_, universe_->rules());
  }

  void observe(const Code& guess, Feedback feedback) override {
    const Rules& rules = universe_->rules();
    if (!is_valid(guess, rules)) throw InputError("that guess is not a code of this game");
    if (feedback.black < 0 || feedback.white < 0 || feedback.black + feedback.white > rules.pegs)
      throw InputError("that answer does not fit the number of pegs");
    apply(guess, feedback);
    history_.push_back({guess, feedback});
  }

  bool undo() override {
    if (history_.empty()) return false;
    history_.pop_back();
    reset();
    for (const Turn& t : history_) apply(t.guess, t.feedback);
    return true;
  }

  std::uint64_t remaining() const override { return ids().size(); }

  std::vector<Code> candidates(std::size_t limit) const override {
    std::vector<Code> out;
    for (CodeId id : ids()) {
      if (out.size() >= limit) break;
      out.push_back(code_at(id, universe_->rules()));
    }
    return out;
  }

  const std::vector<Turn>& history() const noexcept override { return history_; }

 private:
  std::span<const CodeId> ids() const noexcept {
    return all_ ? std::span<const CodeId>(universe_->all_ids()) : std::span<const CodeId>(ids_);
  }
  std::span<const std::uint64_t> keys() const noexcept {
    return all_ ? std::span<const std::uint64_t>(universe_->keys()) : std::span<const std::uint64_t>(keys_);
  }

  void reset() {
    all_ = true;
    ids_.clear();
    keys_.clear();
    played_ = 0;
    node_seed_ = seed_;
    cached_.reset();
  }

  // Keeps the candidates that give `feedback` to `guess`.
  void apply(const Code& guess, Feedback feedback) {
    const Universe& u = *universe_;
    const std::size_t words = u.words();
    const auto gid = static_cast<CodeId>(code_index(guess, u.rules()));
    const int slot = response_slot(feedback, u.rules().pegs);
    const auto cur_ids = ids();
    const auto cur_keys = keys();
    std::vector<std::uint8_t> slots(cur_ids.size());
    u.layout().classify(u.key(gid), cur_keys.data(), cur_ids.size(), slots.data());
    std::vector<CodeId> next_ids;
    std::vector<std::uint64_t> next_keys;
    for (std::size_t i = 0; i < cur_ids.size(); ++i) {
      if (slots[i] != slot) continue;
      next_ids.push_back(cur_ids[i]);
      next_keys.insert(next_keys.end(), cur_keys.begin() + static_cast<std::ptrdiff_t>(i * words),
                       cur_keys.begin() + static_cast<std::ptrdiff_t>((i + 1) * words));
    }
    ids_ = std::move(next_ids);
    keys_ = std::move(next_keys);
    all_ = false;
    played_ |= guess.colour_mask();
    node_seed_ = detail::child_seed(node_seed_, gid, slot);
    cached_.reset();
  }

  std::shared_ptr<const Universe> universe_;
  StrategyKind kind_;
  std::uint64_t seed_;
  bool hard_;  // only a code consistent with every answer is guessed
  RunContext run_;
  std::vector<Turn> history_;
  bool all_ = true;  // no answer yet: the candidates are the whole universe, not copied
  std::vector<CodeId> ids_;
  std::vector<std::uint64_t> keys_;
  std::uint32_t played_ = 0;
  std::uint64_t node_seed_ = 0;
  std::optional<CodeId> cached_;
};

}  // namespace

std::unique_ptr<Strategy> make_strategy(StrategyKind kind, const Rules& rules, std::uint64_t seed) {
  return std::make_unique<Codebreaker>(kind, rules, seed, false, default_run());
}

std::unique_ptr<Strategy> make_strategy(StrategyKind kind, const Rules& rules, std::uint64_t seed, SearchMode search,
                                        bool hard, const RunContext& run) {
  if (resolve_search(search, rules) == SearchMode::sampled) {
    if (hard) throw InputError(tr("--hard goes with the exact search only"));
    return detail::make_sampled_codebreaker(kind, rules, seed, run);
  }
  return std::make_unique<Codebreaker>(kind, rules, seed, hard, run);
}

bool is_consistent(const Code& code, const std::vector<Turn>& history, FeedbackRule rule) {
  for (const Turn& t : history)
    if (score(code, t.guess, rule) != t.feedback) return false;
  return true;
}

std::optional<Contradiction> first_contradiction(const Code& secret, const std::vector<Turn>& history,
                                                 FeedbackRule rule) {
  for (std::size_t i = 0; i < history.size(); ++i) {
    const Feedback expected = score(secret, history[i].guess, rule);
    if (expected != history[i].feedback) return Contradiction{i, expected};
  }
  return std::nullopt;
}

}  // namespace mm
