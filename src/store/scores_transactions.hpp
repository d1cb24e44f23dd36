#pragma once
// The transactions of ScoreStore, shared by opening a file (scores_schema.cpp) and the queries
// (scores.cpp).

#include <sqlite3.h>

#include <string>

#include "mm/core/error.hpp"
#include "mm/store/scores.hpp"
#include "statement.hpp"

namespace mm {

// Runs `body` in one read transaction: whatever it reads, no other writer is half-way through
// a change meanwhile.
template <class Body>
void ScoreStore::read_transaction(Body body) const {
  const std::string name = file_.string();
  detail::execute(db_, "BEGIN", name);
  try {
    body();
    detail::execute(db_, "COMMIT", name);
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

template <class Body>
void ScoreStore::write_transaction(Body body) {
  const std::string name = file_.string();
  try {
    // IMMEDIATE takes the write lock first, waiting for it under the busy timeout; a transaction
    // that read first and then asked for it could only be refused.
    detail::execute(db_, "BEGIN IMMEDIATE", name);
    try {
      body();
      detail::execute(db_, "COMMIT", name);
    } catch (...) {
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      throw;
    }
  } catch (const Error& e) {
    // Whatever SQLite says, a game that cannot be stored is a failure to write.
    throw Error(ExitCode::cant_create, e.what());
  }
}

}  // namespace mm
