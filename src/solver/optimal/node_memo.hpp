#pragma once
// The optimal search's memo: what is known of a node (its candidates and guesses left), an exact
// value or a lower bound, and the guess the tree plays there once chosen. Shared by every thread
// of a search, locked per shard.
//
// The search remembers many nodes on the big boards (about 700,000 on 4 x 7). A node costs no
// allocation of its own: the candidates of a shard's nodes lie one after another in large blocks,
// the nodes in one array, found through an open-addressed table of indices. With a hash map of
// vectors (three allocations per node), inserting, rehashing and freeing at the end took a third
// of the whole 4 x 7 run.

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "board/universe.hpp"

namespace mm::detail {

class NodeMemo {
 public:
  // What is known of a node.
  struct Known {
    std::uint64_t bound;  // the exact value when `exact`, else a lower bound
    bool exact;
    std::optional<CodeId> choice;  // the guess the tree plays here, once chosen
  };

  // `limit`: the bytes the memo may take, 0 for no limit. Past it, a shard about to grow forgets
  // its nodes (a sixty-fourth of the memo at a time): they are searched again when next needed,
  // which is slower but never changes a value, a bound or a choice. Without it the big boards
  // take gigabytes a minute (5 x 6 on one core: 4.4 GB after two minutes).
  explicit NodeMemo(std::size_t limit = 0) : shard_limit_(limit == 0 ? 0 : std::max<std::size_t>(limit / kShards, 1)) {}
  NodeMemo(const NodeMemo&) = delete;  // its shards hold mutexes and pointers into its own blocks
  NodeMemo& operator=(const NodeMemo&) = delete;

  // The hash of a node, by which every search that keeps a memo looks it up.
  static std::uint64_t hash_of(std::span<const CodeId> ids, int depth) noexcept;
  // `hash`: hash_of the node, as computed once by the caller.
  std::optional<Known> recall(std::span<const CodeId> ids, int depth, std::uint64_t hash);
  // Raises the bound (an exact value is final), and sets the choice if none is set yet.
  void remember(std::span<const CodeId> ids, int depth, std::uint64_t hash, std::uint64_t bound, bool exact,
                std::optional<CodeId> choice);
  // Sets the choice of a node that is remembered (else does nothing).
  void choose(std::span<const CodeId> ids, int depth, std::uint64_t hash, CodeId choice);

  // Nodes remembered.
  std::size_t size() const;
  // The bytes its nodes, tables and the written part of its blocks take.
  std::size_t bytes() const;
  // Times a shard has forgotten its nodes to stay within the limit.
  std::size_t forgotten() const;

 private:
  static constexpr std::uint32_t kNoChoice = UINT32_MAX;
  using Slot = std::uint64_t;
  static constexpr int kTagShift = 32;
  static constexpr Slot tag_of(std::uint64_t hash) noexcept { return hash >> kTagShift << kTagShift; }
  struct Node {
    std::uint64_t hash;
    std::uint64_t bound;
    const CodeId* ids;
    std::uint32_t size;
    std::int32_t depth;
    CodeId choice;  // kNoChoice until chosen
    bool exact;
  };
  struct Shard {
    mutable std::mutex mutex;
    std::vector<Node> nodes;
    // Index + 1 into nodes in the low half, 0 for none, and the high half of the node's hash
    // above it: a probe passes a slot of another node without reading the node (a cache miss
    // each, which made the lookups a sixth of the 4 x 10 run). A power of two long.
    std::vector<Slot> slots;
    std::vector<std::unique_ptr<CodeId[]>> blocks;
    CodeId* block_next = nullptr;  // the room at the end of the last block
    std::size_t block_left = 0;
    std::size_t block_bytes = 0;
    std::size_t forgotten = 0;
    Node* find(std::span<const CodeId> ids, int depth, std::uint64_t hash) noexcept;
    const CodeId* store(std::span<const CodeId> ids);
    void insert(const Node& node);
    // Forgets every node when storing one of `ids` candidates would take the shard past `limit`.
    void make_room(std::size_t ids, std::size_t limit);
  };
  // The low bits of a node's hash pick its shard, the bits above them its place in the table.
  static constexpr int kShardBits = 6;
  static constexpr std::size_t kShards = std::size_t{1} << kShardBits;
  Shard& shard_of(std::uint64_t hash) noexcept { return shards_[hash & (kShards - 1)]; }

  std::size_t shard_limit_;  // bytes per shard, 0 for none
  std::array<Shard, kShards> shards_;
};

}  // namespace mm::detail
