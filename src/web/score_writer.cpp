#include "mm/web/score_writer.hpp"

#include "mm/core/error.hpp"
#include "mm/store/paths.hpp"
#include "mm/store/scores.hpp"

namespace mm::web {

ScoreWriter::ScoreWriter(std::optional<std::filesystem::path> file, bool default_file)
    : file_(std::move(file)), default_file_(default_file) {
  if (file_) thread_ = std::thread([this] { run(); });
}

ScoreWriter::~ScoreWriter() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

// A file deleted or replaced since it was opened (its player started afresh) fails the next write
// (SQLite refuses to write to a file no name leads to), which drops the store: the next opens the
// file at the path.
ScoreStore& ScoreWriter::store() {
  if (!store_) {
    if (default_file_) create_data_directory(*file_);
    store_ = std::make_unique<ScoreStore>(*file_);
  }
  return *store_;
}

std::vector<std::pair<std::string, GameRecord>> ScoreWriter::kept() {
  std::error_code ignored;
  // No file yet: nothing kept, and nothing created for it.
  if (!file_ || !std::filesystem::exists(*file_, ignored)) return {};
  // Read on this thread before any keep(), so the writer's store is not shared: a store of its own.
  try {
    const ScoreStore reading(*file_);
    return reading.kept_games();
  } catch (const Error&) {
    return {};
  }
}

void ScoreWriter::keep(const std::string& token, GameRecord game) {
  if (!file_) return;
  {
    const std::lock_guard lock(mutex_);
    pending_[token] = std::move(game);
    ++asked_;
  }
  changed_.notify_all();
}

void ScoreWriter::forget(const std::string& token) {
  if (!file_) return;
  {
    const std::lock_guard lock(mutex_);
    pending_[token] = std::nullopt;
    ++asked_;
  }
  changed_.notify_all();
}

std::optional<std::int64_t> ScoreWriter::record(const GameRecord& game, std::string& problem) {
  if (!file_) return std::nullopt;
  std::future<std::optional<std::int64_t>> written;
  {
    const std::lock_guard lock(mutex_);
    if (!stopping_) {
      endings_.push_back(Finished{game, {}});
      written = endings_.back().id.get_future();
      ++asked_;
    }
  }
  if (!written.valid()) return record_alone(game, problem);  // the writer has stopped
  changed_.notify_all();
  if (const std::optional<std::int64_t> id = written.get()) return id;
  return record_alone(game, problem);
}

std::optional<std::int64_t> ScoreWriter::record_alone(const GameRecord& game, std::string& problem) {
  const std::lock_guard lock(alone_);
  try {
    if (default_file_) create_data_directory(*file_);
    ScoreStore store(*file_);
    return store.record(game);
  } catch (const Error& e) {
    // A file that is not ours or is damaged is left untouched (ScoreStore refuses it); the
    // player is told why in the game's answer.
    problem = e.what();
    return std::nullopt;
  }
}

void ScoreWriter::flush() {
  std::unique_lock lock(mutex_);
  const std::uint64_t wanted = asked_;
  changed_.wait(lock, [&] { return written_ >= wanted || !thread_.joinable(); });
}

void ScoreWriter::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stopping_ || !pending_.empty() || !endings_.empty(); });
    if (pending_.empty() && endings_.empty()) return;  // stopping, and everything written
    std::vector<std::pair<std::string, std::optional<GameRecord>>> changes;
    for (auto& [token, game] : pending_) changes.emplace_back(token, std::move(game));
    pending_.clear();
    std::vector<Finished> endings = std::move(endings_);
    endings_.clear();
    const std::uint64_t asked = asked_;
    lock.unlock();
    std::vector<GameRecord> games;
    games.reserve(endings.size());
    for (Finished& finished : endings) games.push_back(std::move(finished.game));
    std::vector<std::int64_t> ids;
    try {
      ids = store().record_and_keep(games, changes);
    } catch (const Error&) {
      store_.reset();  // opened again for the next write
    }
    // A failed write leaves each ending to be written on its own (record_alone), by its request.
    for (std::size_t i = 0; i < endings.size(); ++i)
      endings[i].id.set_value(i < ids.size() ? std::optional<std::int64_t>(ids[i]) : std::nullopt);
    lock.lock();
    written_ = asked;
    changed_.notify_all();
  }
}

}  // namespace mm::web
