// The scoring kernel: one guess against every code of a board (or a slice of it, for boards too
// large to hold), which is what the solver does for each candidate guess. Items are pairs, so
// Google Benchmark's items_per_second reads directly as pairs per second (1e9 / it = ns/pair).
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/score.hpp"

namespace mm {
namespace {

// Boards larger than this are benchmarked on a random slice of their codes.
constexpr std::uint64_t kMaxSliceCodes = std::uint64_t{1} << 16;
constexpr std::uint64_t kSliceSeed = 42;

std::vector<Code> bench_codes(const Rules& r) {
  if (r.code_count() <= kMaxSliceCodes) return all_codes(r);
  std::mt19937_64 engine(kSliceSeed);
  std::vector<Code> codes;
  codes.reserve(kMaxSliceCodes);
  for (std::uint64_t i = 0; i < kMaxSliceCodes; ++i) codes.push_back(random_code(r, engine));
  return codes;
}

// The spellings are the benchmark arguments' names, in this order.
constexpr std::array kBoards = {"p4c6r", "p4c10n", "p5c8r", "p6c9r", "p10c20r"};

void BM_KernelCount(benchmark::State& state) {
  const Rules r = parse_rules(kBoards[static_cast<std::size_t>(state.range(0))]);
  state.SetLabel(r.spelling());
  const std::vector<Code> codes = bench_codes(r);
  const KeyLayout layout(r);
  const std::vector<std::uint64_t> keys = layout.encode_all(codes);
  const auto words = static_cast<std::size_t>(layout.words());
  std::array<std::uint32_t, kResponseSlots> hist{};
  std::size_t g = 0;
  for (auto _ : state) {
    // A different guess each round, as in a guess search, so nothing is answered from cache lines
    // of the previous round's guess alone.
    layout.count(keys.data() + g * words, keys.data(), codes.size(), hist.data());
    benchmark::DoNotOptimize(hist.data());
    benchmark::ClobberMemory();
    g = g + 1 == codes.size() ? 0 : g + 1;
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(codes.size()));
}

void BM_KernelClassify(benchmark::State& state) {
  const Rules r = parse_rules(kBoards[static_cast<std::size_t>(state.range(0))]);
  state.SetLabel(r.spelling());
  const std::vector<Code> codes = bench_codes(r);
  const KeyLayout layout(r);
  const std::vector<std::uint64_t> keys = layout.encode_all(codes);
  const auto words = static_cast<std::size_t>(layout.words());
  std::vector<std::uint8_t> slots(codes.size());
  std::size_t g = 0;
  for (auto _ : state) {
    layout.classify(keys.data() + g * words, keys.data(), codes.size(), slots.data());
    benchmark::DoNotOptimize(slots.data());
    benchmark::ClobberMemory();
    g = g + 1 == codes.size() ? 0 : g + 1;
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(codes.size()));
}

// The scalar rule, for comparison: what each pair would cost without packed keys.
void BM_ScalarScore(benchmark::State& state) {
  const Rules r = parse_rules(kBoards[static_cast<std::size_t>(state.range(0))]);
  state.SetLabel(r.spelling());
  const std::vector<Code> codes = bench_codes(r);
  std::array<std::uint32_t, kResponseSlots> hist{};
  std::size_t g = 0;
  for (auto _ : state) {
    const Code& guess = codes[g];
    for (const Code& secret : codes) ++hist[static_cast<std::size_t>(response_slot(score(secret, guess), r.pegs))];
    benchmark::DoNotOptimize(hist.data());
    g = g + 1 == codes.size() ? 0 : g + 1;
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(codes.size()));
}

void all_boards(benchmark::internal::Benchmark* b) {
  for (std::size_t i = 0; i < kBoards.size(); ++i) b->Arg(static_cast<std::int64_t>(i));
}

BENCHMARK(BM_KernelCount)->Apply(all_boards);
BENCHMARK(BM_KernelClassify)->Apply(all_boards);
BENCHMARK(BM_ScalarScore)->Apply(all_boards);

}  // namespace
}  // namespace mm
