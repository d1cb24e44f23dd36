#include "mm/store/settings.hpp"

#include <string_view>

namespace mm {

namespace {

constexpr std::string_view kPlayerKey = "player";
constexpr std::string_view kPresetKey = "menu.preset";
constexpr std::string_view kRulesKey = "menu.rules";
constexpr std::string_view kAlphabetKey = "menu.alphabet";
constexpr std::string_view kStyleKey = "menu.style";
constexpr std::string_view kHardKey = "menu.hard";

constexpr std::string_view kOn = "1";
constexpr std::string_view kOff = "0";

}  // namespace

MenuSettings load_menu_settings(const ScoreStore& store) {
  MenuSettings settings;
  settings.player = store.setting(kPlayerKey);
  settings.preset = store.setting(kPresetKey);
  settings.rules = store.setting(kRulesKey);
  settings.alphabet = store.setting(kAlphabetKey);
  settings.style = store.setting(kStyleKey);
  if (const auto hard = store.setting(kHardKey); hard == kOn || hard == kOff) settings.hard = *hard == kOn;
  return settings;
}

void save_menu_settings(ScoreStore& store, const MenuSettings& settings) {
  if (settings.player) store.set_setting(kPlayerKey, *settings.player);
  if (settings.preset) store.set_setting(kPresetKey, *settings.preset);
  if (settings.rules) store.set_setting(kRulesKey, *settings.rules);
  if (settings.alphabet) store.set_setting(kAlphabetKey, *settings.alphabet);
  if (settings.style) store.set_setting(kStyleKey, *settings.style);
  if (settings.hard) store.set_setting(kHardKey, *settings.hard ? kOn : kOff);
}

}  // namespace mm
