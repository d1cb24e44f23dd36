#include "mm/ui/menu_settings.hpp"

#include <fmt/format.h>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/store/settings.hpp"

namespace mm::ui {

void restore_menu_settings(Context& context) {
  ScoreStore* store = context.recorder.open_for_reading();
  if (!store) return;
  MenuSettings saved;
  try {
    saved = load_menu_settings(*store);
  } catch (const Error&) {
    return;  // the store was read once already; a setting is not worth a second complaint
  }
  GameSetup& setup = context.setup;
  if (saved.hard) setup.hard = *saved.hard;
  // A variant given on the command line comes with its own style (a preset's): nothing to restore.
  if (setup.variant_given) return;
  VariantOptions options;
  if (setup.style_given) {
    options.style = setup.variant.style;
  } else if (saved.style) {
    try {
      options.style = parse_feedback_style(*saved.style);
    } catch (const InputError&) {
      options.style.reset();  // remembered by another version, or edited: the default stays
    }
  }
  if (saved.rules) {
    if (saved.preset && !saved.preset->empty()) options.preset = saved.preset;
    options.rules = saved.rules;
    options.alphabet = saved.alphabet;
  } else if (options.style) {
    setup.variant.style = *options.style;
    return;
  }
  try {
    setup.variant = make_variant(options);
  } catch (const InputError&) {
    // Remembered by another version, or edited: the documented default stays.
  }
}

void remember_menu_settings(Context& context) {
  ScoreStore* store = context.recorder.open_for_writing();
  if (!store) return;
  const Variant& v = context.setup.variant;
  MenuSettings settings;
  settings.preset = v.name;
  settings.rules = v.rules.spelling(true);
  settings.alphabet = v.alphabet.str();
  settings.style = std::string(style_name(v.style));
  settings.hard = context.setup.hard;
  try {
    save_menu_settings(*store, settings);
  } catch (const Error& e) {
    context.console.problem(trf("The menu's choices could not be remembered: {}.", escape_control(e.what())));
  }
}

}  // namespace mm::ui
