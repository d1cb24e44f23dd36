#include "transport.hpp"

#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "mm/core/error.hpp"

namespace mm::cluster {

namespace {

// The first pause between polls, and the longest: short enough that a task handed out waits well
// under a millisecond or two, long enough that a rank waiting for minutes costs no CPU time.
constexpr std::chrono::microseconds kFirstPause{20};
constexpr std::chrono::microseconds kLongestPause{250};

void check(int rc, const char* what) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(rc, text, &length);
  throw Error(ExitCode::failure,
              fmt::format("{} failed: {}", what, std::string(text, static_cast<std::size_t>(length))));
}

// Polls `ready` until it says yes (true) or `until` has passed (false), pausing longer and longer
// between polls.
template <class Ready>
bool wait_until(Ready&& ready,
                std::chrono::steady_clock::time_point until = std::chrono::steady_clock::time_point::max()) {
  std::chrono::microseconds pause = kFirstPause;
  while (!ready()) {
    if (std::chrono::steady_clock::now() >= until) return false;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, kLongestPause);
  }
  return true;
}

Message take(const MPI_Status& status, int tag) {
  int count = 0;
  check(MPI_Get_count(&status, MPI_UINT64_T, &count), "MPI_Get_count");
  Message m;
  m.from = status.MPI_SOURCE;
  m.numbers.resize(static_cast<std::size_t>(count));
  check(MPI_Recv(m.numbers.data(), count, MPI_UINT64_T, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
        "MPI_Recv");
  return m;
}

}  // namespace

void send(int to, int tag, const std::vector<std::uint64_t>& numbers) {
  MPI_Request request;
  check(MPI_Isend(numbers.data(), static_cast<int>(numbers.size()), MPI_UINT64_T, to, tag, MPI_COMM_WORLD, &request),
        "MPI_Isend");
  wait_until([&] {
    int done = 0;
    check(MPI_Test(&request, &done, MPI_STATUS_IGNORE), "MPI_Test");
    return done != 0;
  });
}

Message receive(int from, int tag) { return *receive_until(from, tag, std::chrono::steady_clock::time_point::max()); }

std::optional<Message> receive_until(int from, int tag, std::chrono::steady_clock::time_point until) {
  MPI_Status status;
  const bool found = wait_until(
      [&] {
        int here = 0;
        check(MPI_Iprobe(from, tag, MPI_COMM_WORLD, &here, &status), "MPI_Iprobe");
        return here != 0;
      },
      until);
  if (!found) return std::nullopt;
  return take(status, tag);
}

}  // namespace mm::cluster
