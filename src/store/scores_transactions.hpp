#pragma once
// The transactions of ScoreStore, shared by opening a file (scores_schema.cpp) and the queries
// (scores.cpp).

#include "mm/core/error.hpp"
#include "mm/store/scores.hpp"

namespace mm {

// Runs `body` in one read transaction: whatever it reads, no other writer is half-way through
// a change meanwhile.
template <class Body>
void ScoreStore::read_transaction(Body body) const {
  db_.transaction("BEGIN", body);
}

template <class Body>
void ScoreStore::write_transaction(Body body) {
  try {
    // IMMEDIATE takes the write lock first, waiting for it under the busy timeout; a transaction
    // that read first and then asked for it could only be refused.
    db_.transaction("BEGIN IMMEDIATE", body);
  } catch (const Error& e) {
    // Whatever SQLite says, a game that cannot be stored is a failure to write.
    throw Error(ExitCode::cant_create, e.what());
  }
}

}  // namespace mm
