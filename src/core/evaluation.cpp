#include "mm/core/evaluation.hpp"

#include <algorithm>
#include <cmath>

namespace mm {

void Evaluation::add(CodeIndex secret, int guesses) {
  const auto g = static_cast<std::size_t>(guesses);
  secret_indices.push_back(secret);
  guesses_needed.push_back(static_cast<std::uint8_t>(guesses));
  ++secrets;
  total += g;
  if (histogram.size() <= g) histogram.resize(g + 1, 0);
  ++histogram[g];
  if (guesses > rules.max_guesses) ++lost;
  max = std::max(max, guesses);
  at_max = histogram.back();
}

double Evaluation::margin95() const noexcept {
  if (secrets < 2) return 0;
  // The 97.5th percentile of the standard normal distribution.
  constexpr double kZ95 = 1.959964;
  const double mean = average();
  double squares = 0;
  for (std::size_t g = 0; g < histogram.size(); ++g) {
    const double d = static_cast<double>(g) - mean;
    squares += d * d * static_cast<double>(histogram[g]);
  }
  const auto n = static_cast<double>(secrets);
  return kZ95 * std::sqrt(squares / (n - 1) / n);
}

}  // namespace mm
