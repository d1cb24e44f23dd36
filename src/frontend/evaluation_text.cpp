#include "mm/frontend/evaluation_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "mm/core/i18n.hpp"
#include "mm/core/layout.hpp"
#include "mm/core/numbers.hpp"
#include "mm/frontend/optimal_options.hpp"
#include "mm/frontend/terminal.hpp"

namespace mm::frontend {

namespace {

// Width of the longest bar of the histogram, in characters.
constexpr std::uint64_t kBarWidth = 40;
constexpr int kAverageDecimals = 4;
constexpr int kSecondsDecimals = 3;

// One row per number of guesses, the bar scaled so the largest count fills kBarWidth.
std::string histogram_text(const Evaluation& e) {
  std::string out;
  const std::uint64_t peak = *std::max_element(e.histogram.begin(), e.histogram.end());
  const std::size_t count_width = display_width(format_count(peak));
  const std::size_t guess_width = std::to_string(e.histogram.size() - 1).size();
  for (std::size_t g = 1; g < e.histogram.size(); ++g) {
    const std::uint64_t n = e.histogram[g];
    // Round up so that every non-empty row shows at least one mark.
    const std::uint64_t bar = peak ? (n * kBarWidth + peak - 1) / peak : 0;
    out += fmt::format("  {:>{}} | {:>{}} {}\n", g, guess_width, format_count(n), count_width, std::string(bar, '#'));
  }
  return out;
}

}  // namespace

std::string evaluation_text(const engine::EvaluationResult& result, const Variant& variant) {
  const Evaluation& e = result.evaluation;
  std::string out;
  // TRANSLATORS: "knuth on classic: 4 pegs, ...": a strategy's name (English) on a variant.
  out += trf("{} on {}", result.strategy, variant.describe());
  if (result.hard) out += tr(", hard mode");
  if (result.sampled)
    out += trnf(", a sample of {} secret (seed {})", ", a sample of {} secrets (seed {})", e.secrets,
                format_count(e.secrets), e.seed);
  out += '\n';
  // TRANSLATORS: a table of an evaluation: the first word of each line is padded to ten columns.
  out += trf("secrets   {}", format_count(e.secrets)) + '\n';
  // TRANSLATORS: {} is the --search word that ran, exact or sampled, which stays English.
  if (result.search) out += trf("search    {}", search_mode_name(*result.search)) + '\n';
  // TRANSLATORS: {} is the --objective word, average or worst, which stays English.
  if (result.optimal) out += trf("objective {}", objective_name(result.optimal->objective)) + '\n';
  out += trnf("total     {} guess", "total     {} guesses", e.total, format_count(e.total)) + '\n';
  if (result.sampled)
    // TRANSLATORS: the average of a sample of secrets and half the width of its 95 % confidence
    // interval: the average over every secret lies within ± that of it, 19 times in 20.
    out += trf("average   {} guesses, ± {} (confidence 95 %)", format_decimal(e.average(), kAverageDecimals),
               format_decimal(e.margin95(), kAverageDecimals)) +
           '\n';
  else
    out += trf("average   {} guesses", format_decimal(e.average(), kAverageDecimals)) + '\n';
  out += trnf("worst     {} guesses, for {} secret", "worst     {} guesses, for {} secrets", e.at_max, e.max,
              format_count(e.at_max)) +
         '\n';
  out += std::string(tr("guesses needed:")) + '\n';
  if (!e.histogram.empty()) out += histogram_text(e);
  out +=
      trnf("lost      {} (secrets needing more than {} guess)", "lost      {} (secrets needing more than {} guesses)",
           static_cast<unsigned>(variant.rules.max_guesses), format_count(e.lost), variant.rules.max_guesses) +
      '\n';
  out += trf("time      {}", format_duration(e.seconds, kSecondsDecimals)) + '\n';
  if (const std::string note = unproven_note(result.optimal); !note.empty()) out += note + '\n';
  if (result.optimal && result.optimal->worst_proven && !result.optimal->proven && e.max > 1)
    // TRANSLATORS: the worst-case objective stopped before the least total: the fewest guesses
    // that always suffice are proven all the same.
    out += trf("proven: {} guesses always suffice, {} do not", e.max, e.max - 1) + '\n';
  return wrap_text(out, output_columns());
}

std::string per_secret_text(const Evaluation& evaluation, const Variant& variant,
                            const std::function<std::string(std::size_t)>& note) {
  std::string out = std::string(tr("per secret, guesses needed:")) + '\n';
  for (std::size_t i = 0; i < evaluation.secret_indices.size(); ++i) {
    out +=
        fmt::format("  {}  {:>2}", format_code(code_at(evaluation.secret_indices[i], variant.rules), variant.alphabet),
                    evaluation.guesses_needed[i]);
    if (note) {
      if (const std::string said = note(i); !said.empty()) out += "  " + said;
    }
    out += '\n';
  }
  return out;
}

}  // namespace mm::frontend
