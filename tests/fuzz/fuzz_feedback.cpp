// Answers in every style: what parse_feedback accepts fits the board, and each style's own
// formatting of it reads back as the same answer.

#include "fuzz_input.hpp"
#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mm::fuzz::FuzzInput in(data, size);
  const int pegs = in.pick(mm::kMinPegs, mm::kMaxPegs);
  try {
    const mm::Feedback f = mm::parse_feedback(in.rest(), pegs);
    MM_FUZZ_CHECK(f.black >= 0 && f.white >= 0 && f.black + f.white <= pegs);
    for (auto style :
         {mm::FeedbackStyle::pegs, mm::FeedbackStyle::boxes, mm::FeedbackStyle::bulls, mm::FeedbackStyle::numbers})
      MM_FUZZ_CHECK(mm::parse_feedback(mm::format_feedback(f, pegs, style), pegs) == f);
  } catch (const mm::InputError& e) {
    MM_FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
  }
  return 0;
}
