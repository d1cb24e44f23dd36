#pragma once
// The threads that answer the server's connections (cpp-httplib's task queue): made as they are
// needed, up to a set number, and the one idle the shortest takes the next connection. cpp-httplib's
// own pool starts all its threads at once and wakes the one idle the longest, so every thread of
// the pool comes to hold its stack and its allocator's cache: 256 threads for 200 players grew the
// server's memory by a fifth after the first burst of games (bench/web_load.cpp). Private to the
// server program: only it links the HTTP library.

#include <httplib.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <list>
#include <mutex>
#include <thread>
#include <vector>

namespace mm::web {

class RequestThreads final : public httplib::TaskQueue {
 public:
  // At most `most` threads; a connection that comes when all are busy waits for one.
  explicit RequestThreads(std::size_t most);
  ~RequestThreads() override;
  RequestThreads(const RequestThreads&) = delete;
  RequestThreads& operator=(const RequestThreads&) = delete;

  void enqueue(std::function<void()> job) override;
  // Runs the jobs still waiting, then ends every thread.
  void shutdown() override;

  // Threads made so far, and of those, the ones waiting for a job.
  std::size_t size();
  std::size_t idle();

 private:
  struct Worker {
    std::condition_variable wake;
    std::function<void()> job;  // handed over by enqueue() while the worker is idle
    std::thread thread;
  };

  void work(Worker& me);

  const std::size_t most_;
  std::mutex mutex_;
  std::list<Worker> workers_;                  // stable addresses
  std::vector<Worker*> idle_;                  // the last one idle the shortest
  std::deque<std::function<void()>> waiting_;  // jobs no thread was free for
  bool stopping_ = false;
};

}  // namespace mm::web
