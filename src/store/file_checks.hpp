#pragma once
// What is checked about the scores file and its directory before anything is written, so that a
// file that is damaged, or a place that cannot take the journal, is reported and left as it was.

#include <filesystem>

#include "mm/sqlite/connection.hpp"

namespace mm::detail {

// Throws Error(cant_create) when `file` is a symbolic link to nothing: opening it to write would
// create a file wherever the link points.
void refuse_dangling_link(const std::filesystem::path& file);

// Throws Error(cant_create) when the directory that holds `file` (the link's target's, for a
// link) does not let new files be created: SQLite writes a journal beside the file while it
// writes, so recording is impossible there even when the file itself is writable. The check asks
// the kernel (access(2)), so it sees permissions, read-only mounts and root's privileges alike.
void require_writable_directory(const std::filesystem::path& file);

// Throws Error(data) when the database open on `db` (from `file`) is damaged: its size is not a
// whole number of pages (a file cut short) or PRAGMA quick_check finds a fault. Run inside a
// read transaction, so that no writer changes the file while it is measured.
void check_intact(sqlite::Connection& db, const std::filesystem::path& file);

}  // namespace mm::detail
