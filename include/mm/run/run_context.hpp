#pragma once
// What one run of the engine needs from whoever started it, made by each front end and passed
// down with every request: how it is stopped, where its loops run, how much memory its tables
// may take and who hears how far it has come. Nothing of it is kept for the process: two runs
// side by side (two games of a server, two threads of a Python program) each have their own, and
// never see the other's.
//
// A default context runs on every core, can not be stopped, keeps to the default budget and tells
// nobody its progress.

#include <cstddef>
#include <functional>
#include <string_view>

#include "mm/run/data_source.hpp"
#include "mm/run/executor.hpp"
#include "mm/run/progress.hpp"
#include "mm/run/stop.hpp"

namespace mm {

struct RunContext {
  StopToken stop;     // checked between small steps; a stopped search ends with its best so far
  Executor executor;  // the run's threads
  // Bytes every table of the run's searches may take together (the optimal search's memo and
  // strategy); 0: a quarter of the machine's memory (default_run_memory).
  std::size_t memory = 0;
  // Where the shipped trees are read from (data_source.hpp): the process's, files unless the
  // program was built with its data, or the data a front end with no files gives.
  DataSource data;
  // Told when a long computation of the run starts and ends (progress.hpp); null: nobody. Not
  // owned: a sink is the front end's object for the length of the call it waits on (a progress
  // line on its stack, a search's own lane), which the engine tells only during that call.
  ProgressSink* progress = nullptr;
  // Told one line for the person the run is for (a shipped file that could not be used, in their
  // language): a front end that has no standard error to write to (a page, a server's client)
  // gives its own; empty: the line goes to standard error.
  std::function<void(std::string_view)> notice = nullptr;

  // The budget to keep to: `memory`, or the default when it is 0.
  std::size_t memory_budget() const noexcept;
  // Gives `line` to `notice`, or writes it to standard error.
  void tell(std::string_view line) const;
};

// A quarter of the machine's memory (1 GiB where the system does not say).
std::size_t default_run_memory() noexcept;

// A run of every core that nobody stops, within the default budget: for a caller that gives no
// context. Never changes.
const RunContext& default_run() noexcept;

}  // namespace mm
