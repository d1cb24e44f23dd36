#include "mm/engine/trees.hpp"

#include <fmt/format.h>

#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <system_error>

#include "mm/core/data_files.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/opponent.hpp"
#include "mm/solver/tree_format.hpp"

namespace mm::engine {

namespace {

// A file larger than this is no decision tree of a board the solver takes.
constexpr std::uintmax_t kMaxTreeFileBytes = std::uintmax_t{1} << 30;

std::string read_text(const std::filesystem::path& path) {
  const std::string name = excerpt(path.string());
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw Error(ExitCode::data, trf("{}: is a directory", name));
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxTreeFileBytes) throw Error(ExitCode::data, trf("{}: too large for a decision tree", name));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ExitCode::data, trf("{}: cannot be read", name));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw Error(ExitCode::data, trf("{}: cannot be read", name));
  return text.str();
}

}  // namespace

std::shared_ptr<const DecisionTree> read_tree_file(const std::filesystem::path& path, const Rules& rules) {
  const std::string text = read_text(path);
  try {
    return std::make_shared<const DecisionTree>(tree_from_json(text, rules));
  } catch (const Error& e) {
    throw Error(ExitCode::data, fmt::format("{}: {}", excerpt(path.string()), e.what()));
  }
}

TreeFigures tree_figures(const DecisionTree& tree) { return check_tree(tree); }

std::shared_ptr<const DecisionTree> shipped_tree(const Rules& rules) {
  const ShippedTree* shipped = shipped_tree_for(rules);
  if (shipped == nullptr) return nullptr;
  // Read once per board; a game with another guess limit gets a copy with its own rules.
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const DecisionTree>> cache;
  const std::lock_guard lock(mutex);
  const std::string key(shipped->file);
  auto found = cache.find(key);
  if (found == cache.end()) {
    std::shared_ptr<const DecisionTree> tree;
    if (const auto path = find_data_file(shipped->file)) {
      try {
        tree = read_tree_file(*path, rules);
      } catch (const Error&) {
        tree = nullptr;
      }
    }
    found = cache.emplace(key, tree).first;
  }
  const std::shared_ptr<const DecisionTree>& tree = found->second;
  if (!tree || tree->rules == rules) return tree;
  auto copy = std::make_shared<DecisionTree>(*tree);
  copy->rules = rules;
  return copy;
}

TreeFormat parse_tree_format(std::string_view name) {
  constexpr std::array<TreeFormat, kTreeFormatNames.size()> kFormats = {TreeFormat::json, TreeFormat::dot,
                                                                        TreeFormat::text};
  for (std::size_t i = 0; i < kFormats.size(); ++i)
    if (name == kTreeFormatNames[i]) return kFormats[i];
  throw InputError(
      trf("--format: '{}' is not a tree format: use {}", excerpt(name), fmt::join(kTreeFormatNames, ", ")));
}

std::string render_tree(const DecisionTree& tree, const Variant& variant, TreeFormat format,
                        std::optional<int> cut_at) {
  switch (format) {
    case TreeFormat::dot:
      return tree_to_dot(tree, variant.alphabet, variant.style, cut_at);
    case TreeFormat::text:
      return tree_to_text(tree, variant.alphabet, variant.style);
    case TreeFormat::json:
      break;
  }
  return tree_to_json(tree);
}

}  // namespace mm::engine
