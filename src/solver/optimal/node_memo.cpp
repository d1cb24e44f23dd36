#include "optimal/node_memo.hpp"

#include <algorithm>

#include "board/mix.hpp"

namespace mm::detail {

namespace {

// Candidates per block: 256 KiB, so that blocks are few and a node seldom leaves room unused.
constexpr std::size_t kBlockIds = std::size_t{1} << 16;
// The table's first length; it doubles when half full, so a probe seldom passes two slots.
constexpr std::size_t kFirstSlots = 1024;
// The index half of a slot.
constexpr std::uint64_t kIndexBits = 0xffffffffULL;

}  // namespace

NodeMemo::Node* NodeMemo::Shard::find(std::span<const CodeId> ids, int depth, std::uint64_t hash) noexcept {
  if (slots.empty()) return nullptr;
  const std::size_t mask = slots.size() - 1;
  const Slot tag = tag_of(hash);
  for (std::size_t at = (hash >> kShardBits) & mask; slots[at] != 0; at = (at + 1) & mask) {
    if ((slots[at] & ~kIndexBits) != tag) continue;
    Node& node = nodes[(slots[at] & kIndexBits) - 1];
    if (node.hash == hash && node.depth == depth && node.size == ids.size() &&
        std::equal(ids.begin(), ids.end(), node.ids))
      return &node;
  }
  return nullptr;
}

const CodeId* NodeMemo::Shard::store(std::span<const CodeId> ids) {
  if (ids.size() > block_left) {
    const std::size_t size = std::max(kBlockIds, ids.size());
    // Left uninitialised, as make_unique_for_overwrite would (which emscripten's libc++ lacks):
    // every id is written before it is read.
    blocks.push_back(std::unique_ptr<CodeId[]>(new CodeId[size]));
    block_bytes += size * sizeof(CodeId);
    block_left = size;
    block_next = blocks.back().get();
  }
  CodeId* at = block_next;
  std::copy(ids.begin(), ids.end(), at);
  block_next += ids.size();
  block_left -= ids.size();
  return at;
}

void NodeMemo::Shard::insert(const Node& node) {
  const auto place = [this](std::size_t index) {
    const std::size_t mask = slots.size() - 1;
    std::size_t at = (nodes[index].hash >> kShardBits) & mask;
    while (slots[at] != 0) at = (at + 1) & mask;
    slots[at] = tag_of(nodes[index].hash) | (index + 1);
  };
  nodes.push_back(node);
  if (nodes.size() * 2 > slots.size()) {
    slots.assign(std::max(kFirstSlots, slots.size() * 2), 0);
    for (std::size_t i = 0; i < nodes.size(); ++i) place(i);
  } else {
    place(nodes.size() - 1);
  }
}

void NodeMemo::Shard::make_room(std::size_t ids, std::size_t limit) {
  if (limit == 0) return;
  // The bytes after this insertion, counting what grows: the node array when full (it doubles),
  // the table when half full (a new one twice as long beside the old while it is filled), and a
  // new block when the last has no room.
  std::size_t after = nodes.capacity() * sizeof(Node) + slots.size() * sizeof(Slot) + block_bytes;
  if (nodes.size() == nodes.capacity()) after += std::max<std::size_t>(nodes.capacity(), 1) * sizeof(Node);
  if ((nodes.size() + 1) * 2 > slots.size()) after += std::max(kFirstSlots, slots.size() * 2) * sizeof(Slot);
  if (ids > block_left) after += std::max(kBlockIds, ids) * sizeof(CodeId);
  if (after <= limit) return;
  std::vector<Node>().swap(nodes);
  std::vector<Slot>().swap(slots);
  std::vector<std::unique_ptr<CodeId[]>>().swap(blocks);
  block_next = nullptr;
  block_left = 0;
  block_bytes = 0;
  ++forgotten;
}

std::uint64_t NodeMemo::hash_of(std::span<const CodeId> ids, int depth) noexcept {
  std::uint64_t h = mix(static_cast<std::uint64_t>(depth) ^ (static_cast<std::uint64_t>(ids.size()) << 32));
  for (CodeId id : ids) h = mix(h ^ id);
  return h;
}

std::optional<NodeMemo::Known> NodeMemo::recall(std::span<const CodeId> ids, int depth, std::uint64_t hash) {
  Shard& shard = shard_of(hash);
  const std::lock_guard lock(shard.mutex);
  const Node* node = shard.find(ids, depth, hash);
  if (node == nullptr) return std::nullopt;
  return Known{node->bound, node->exact,
               node->choice == kNoChoice ? std::nullopt : std::optional<CodeId>(node->choice)};
}

void NodeMemo::remember(std::span<const CodeId> ids, int depth, std::uint64_t hash, std::uint64_t bound, bool exact,
                        std::optional<CodeId> choice) {
  Shard& shard = shard_of(hash);
  const std::lock_guard lock(shard.mutex);
  if (Node* node = shard.find(ids, depth, hash)) {
    if (node->choice == kNoChoice && choice) node->choice = *choice;
    if (node->exact) return;
    node->bound = std::max(node->bound, bound);
    node->exact = exact;
    return;
  }
  shard.make_room(ids.size(), shard_limit_);
  shard.insert({hash, bound, shard.store(ids), static_cast<std::uint32_t>(ids.size()), depth,
                choice.value_or(kNoChoice), exact});
}

void NodeMemo::choose(std::span<const CodeId> ids, int depth, std::uint64_t hash, CodeId choice) {
  Shard& shard = shard_of(hash);
  const std::lock_guard lock(shard.mutex);
  if (Node* node = shard.find(ids, depth, hash)) node->choice = choice;
}

std::size_t NodeMemo::size() const {
  std::size_t n = 0;
  for (const Shard& shard : shards_) {
    const std::lock_guard lock(shard.mutex);
    n += shard.nodes.size();
  }
  return n;
}

std::size_t NodeMemo::bytes() const {
  std::size_t n = sizeof(NodeMemo);
  for (const Shard& shard : shards_) {
    const std::lock_guard lock(shard.mutex);
    // The room left in the last block is allocated but never written, so never resident (a
    // block is 256 KiB: counted, it would make a small board's memo 16 MB).
    n += shard.nodes.capacity() * sizeof(Node) + shard.slots.capacity() * sizeof(Slot) + shard.block_bytes -
         shard.block_left * sizeof(CodeId);
  }
  return n;
}

std::size_t NodeMemo::forgotten() const {
  std::size_t n = 0;
  for (const Shard& shard : shards_) {
    const std::lock_guard lock(shard.mutex);
    n += shard.forgotten;
  }
  return n;
}

}  // namespace mm::detail
