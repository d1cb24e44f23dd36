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

// Polls `ready` until it says yes, pausing longer and longer between polls.
template <class Ready>
void wait_until(Ready&& ready) {
  std::chrono::microseconds pause = kFirstPause;
  while (!ready()) {
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, kLongestPause);
  }
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

Message receive(int from, int tag) {
  MPI_Status status;
  wait_until([&] {
    int found = 0;
    check(MPI_Iprobe(from, tag, MPI_COMM_WORLD, &found, &status), "MPI_Iprobe");
    return found != 0;
  });
  int count = 0;
  check(MPI_Get_count(&status, MPI_UINT64_T, &count), "MPI_Get_count");
  Message m;
  m.from = status.MPI_SOURCE;
  m.numbers.resize(static_cast<std::size_t>(count));
  check(MPI_Recv(m.numbers.data(), count, MPI_UINT64_T, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
        "MPI_Recv");
  return m;
}

}  // namespace mm::cluster
