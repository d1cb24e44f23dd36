#pragma once
// Every code of a variant, packed for the scoring kernel, with what the symmetry pruning needs.
// Built once per rule set and shared (read-only) by every strategy and evaluation of it.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/score.hpp"
#include "mm/run/shared_cache.hpp"

namespace mm::detail {

// Solver boards have at most kMaxSolverCodes codes, so 32 bits number them.
using CodeId = std::uint32_t;

// Bits used to store one colour in the first-appearance order of a code.
inline constexpr int kOrderBits = 5;
inline constexpr std::uint64_t kOrderMask = (std::uint64_t{1} << kOrderBits) - 1;

class Universe;

// The largest board whose codes Universe keeps as a table too (16 bytes a code: 2 MB at most).
// The optimal search decodes a code for every guess it tests for symmetry, and decoding took 18 %
// of a 6 x 5 search's time.
inline constexpr CodeId kTabledCodes = CodeId{1} << 17;

// The boards' codes the runs of the process share (Universe::of), the least recently used let go
// past kUniverseCacheBytes: 5 x 8 takes 1.1 MB, 6 x 9 18 MB (a board larger than the budget is
// kept alone while it is the newest).
inline constexpr std::size_t kUniverseCacheBytes = std::size_t{64} << 20;
using UniverseCache = SharedCache<std::string, const Universe>;
UniverseCache& universe_cache();

class Universe {
 public:
  // The instance for `rules` (guess limit ignored) from universe_cache(), made when it has none:
  // every strategy and search of a board in the meantime shares it. Throws InputError for boards
  // over the limit.
  static std::shared_ptr<const Universe> of(const Rules& rules);

  explicit Universe(const Rules& rules);
  Universe(const Universe&) = delete;  // large and shared: copies would be accidental
  Universe& operator=(const Universe&) = delete;

  const Rules& rules() const noexcept { return rules_; }
  const KeyLayout& layout() const noexcept { return layout_; }
  std::size_t words() const noexcept { return words_; }
  CodeId size() const noexcept { return size_; }
  const std::uint64_t* key(CodeId id) const noexcept { return keys_.data() + id * words_; }
  const std::vector<std::uint64_t>& keys() const noexcept { return keys_; }
  std::uint32_t colour_mask(CodeId id) const noexcept { return masks_[id]; }
  // The code numbered `id`: from a table on boards up to kTabledCodes codes, else read back from
  // its key's one-hot position field (far cheaper than unranking it with code_at).
  Code code(CodeId id) const noexcept { return codes_.empty() ? decode(id) : codes_[id]; }
  // 0, 1, ..., size()-1: the candidate list before any answer.
  const std::vector<CodeId>& all_ids() const noexcept { return ids_; }

  // Whether `id` is the lexicographically first of the codes it becomes under permutations of
  // the colours outside `played`: its unplayed colours must first appear in ascending order and
  // be the lowest unplayed ones. Those colours are interchangeable for every candidate set built
  // from guesses that use only `played` colours, so only such codes need to be rated.
  bool canonical(CodeId id, std::uint32_t played) const noexcept;

  // Every canonical code for `played`, ascending. Computed once per set of played colours (there
  // are few: games share their first guesses) and kept; safe to call from any thread.
  const std::vector<CodeId>& canonical_guesses(std::uint32_t played) const;

  // How many different answers the variant has (14 for the classic game).
  int response_count() const noexcept { return response_count_; }

  // The bytes it takes, the lists of canonical_guesses made so far included.
  std::size_t bytes() const;

 private:
  Code decode(CodeId id) const noexcept;

  Rules rules_;
  KeyLayout layout_;
  std::size_t words_;
  CodeId size_;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> masks_;
  std::vector<std::uint64_t> order_;  // distinct colours in order of first appearance, kOrderBits each
  std::vector<std::uint8_t> distinct_;
  std::vector<CodeId> ids_;
  std::vector<Code> codes_;  // empty above kTabledCodes
  int response_count_;
  mutable std::mutex canonical_mutex_;
  mutable std::map<std::uint32_t, std::unique_ptr<const std::vector<CodeId>>> canonical_cache_;
};

}  // namespace mm::detail
