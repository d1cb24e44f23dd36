#pragma once
// Shared by the game tests: variants, codes by their spelling, and events by their type.

#include <gtest/gtest.h>

#include <memory>
#include <string_view>
#include <variant>

#include "mm/core/code.hpp"
#include "mm/core/variant.hpp"
#include "mm/game/clock.hpp"

namespace mm::test {

inline Variant classic() { return preset_variant("classic"); }

// A variant with the given rules spelling and its standard alphabet.
inline Variant variant_of(std::string_view rules) {
  VariantOptions options;
  options.rules = std::string(rules);
  return make_variant(options);
}

inline Code code(std::string_view text, const Variant& variant = classic()) {
  return parse_code(text, variant.rules, variant.alphabet);
}

// The alternative the event holds; fails the test (and returns a default) when it is another.
template <class T, class Event>
T as(const Event& event) {
  const T* value = std::get_if<T>(&event);
  EXPECT_NE(value, nullptr) << "the event holds alternative #" << event.index();
  return value ? *value : T{};
}

inline std::shared_ptr<ManualClock> manual_clock() { return std::make_shared<ManualClock>(100.0, 1700000000); }

}  // namespace mm::test
