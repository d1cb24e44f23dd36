#include "mm/api/variant_body.hpp"

#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"

namespace mm::api {

Variant variant_of(const RequestBody& body) {
  VariantOptions o;
  o.preset = body.text("preset");
  o.rules = body.text("rules");
  o.pegs = body.number("pegs");
  o.colors = body.number("colors");
  o.repeats = body.flag("repeats");
  o.guesses = body.number("guesses");
  o.alphabet = body.text("alphabet");
  if (const auto style = body.text("style")) o.style = parse_feedback_style(*style);
  Variant variant = make_variant(o);
  refuse_black_pegs(variant.rules);
  if (variant.rules.code_count() > kMaxWebCodes)
    throw InputError(
        trf("{} codes is more than the web game takes (at most {})", variant.rules.code_count(), kMaxWebCodes));
  return variant;
}

void refuse_black_pegs(const Rules& rules) {
  if (rules.black_only())
    throw InputError(tr("the web game plays full black-and-white answers only: play black-peg rules in the terminal"));
}

}  // namespace mm::api
