#pragma once
// Every number on the command line is read here, and read one way: decimal digits only (a leading
// zero is still decimal, 010 is ten; no sign, no spaces, no 0x), within a stated range. Anything
// else stops the run with a usage error that names the range in words, so that `-n -1` cannot
// wrap round to "all" and `-p 010` cannot mean eight.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mm::frontend {

struct NumberRange {
  std::uint64_t min = 0;
  std::uint64_t max = 0;
};

// `text` as a number in `range`; throws InputError otherwise, naming `option`:
// `-n/--count: expected a whole number from 1 to 16777216, got '-1'`.
std::uint64_t parse_number(std::string_view option, std::string_view text, NumberRange range);

// Registers `names` (CLI11's spelling, e.g. "-n,--count") on `app`. Its value goes through
// parse_number and then to `store`, which may narrow it to the type it keeps: the range bounds it.
CLI::Option* add_number_option(CLI::App& app, const std::string& names, NumberRange range,
                               std::function<void(std::uint64_t)> store, const std::string& description);

// `text` as seconds from 0 to `max`: decimal digits with at most one point (no sign, exponent, nan
// or inf); nullopt otherwise.
std::optional<double> parse_seconds(std::string_view text, double max);

// A CLI11 check of seconds from 0 to `max`, failing in our words: `expected seconds from 0 to 60,
// got 'nan'` (CLI11 puts the option's name before it).
CLI::Validator seconds_check(double max);

// A CLI11 check of a value among `choices`, failing in our words: `expected one of auto, always,
// never; got 'blue'`.
CLI::Validator choice_check(std::vector<std::string> choices);

}  // namespace mm::frontend
