#include "mm/engine/trees.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

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
  return read_tree(read_text(path), path.string(), rules);
}

std::shared_ptr<const DecisionTree> read_tree(std::string_view json, std::string_view origin, const Rules& rules) {
  try {
    return std::make_shared<const DecisionTree>(tree_from_json(json, rules));
  } catch (const Error& e) {
    throw Error(ExitCode::data, fmt::format("{}: {}", excerpt(origin), e.what()));
  }
}

TreeFigures tree_figures(const DecisionTree& tree) { return check_tree(tree); }

TreeCache& tree_cache() {
  static TreeCache cache(kTreeCacheBytes, [](const DecisionTree& tree) { return tree_bytes(tree); });
  return cache;
}

std::size_t tree_bytes(const DecisionTree& tree) noexcept {
  std::size_t n = sizeof(DecisionTree) + tree.strategy.capacity() + tree.nodes.capacity() * sizeof(DecisionTree::Node);
  for (const DecisionTree::Node& node : tree.nodes) n += node.branches.capacity() * sizeof(DecisionTree::Branch);
  return n;
}

std::shared_ptr<const DecisionTree> shipped_tree(const Rules& rules, const DataSource& data, bool hard) {
  const ShippedTree* shipped = shipped_tree_for(rules, hard);
  if (shipped == nullptr) return nullptr;
  // Read once per source while kept (a missing file too, as null); a game with another guess limit
  // gets a copy with its own rules.
  const std::shared_ptr<const DecisionTree> tree = tree_cache().get(
      fmt::format("shipped {} {}", data.key(), shipped->file), [&]() -> std::shared_ptr<const DecisionTree> {
        try {
          const std::optional<DataFile> file = data.read(shipped->file);
          if (!file) return nullptr;
          return read_tree(file->bytes, file->origin, rules);
        } catch (const DataReadError&) {
          return nullptr;
        } catch (const Error&) {
          return nullptr;
        }
      });
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
