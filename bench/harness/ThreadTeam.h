//===- ThreadTeam.h - The harness's threads for its references --*- C++ -*-===//
//
// The N-thread references of the benchmark harness (the FMA peak loop, the
// memcpy and read loops split N ways) run on this team: the calling thread
// and N - 1 workers, each pinned to its core. Workers spin briefly between
// jobs (back-to-back calls of a reference start together) and then sleep,
// so they leave the cores to the kernels timed between the references.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_BENCH_THREADTEAM_H
#define REGTILE_BENCH_THREADTEAM_H

#include <sched.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace regtile::bench {

class ThreadTeam {
public:
  /// A team of `cores.size()` threads; thread i runs on cores[i] (the
  /// caller is thread 0 and is not re-pinned).
  explicit ThreadTeam(const std::vector<int> &cores) {
    for (std::size_t i = 1; i < cores.size(); ++i)
      workers.emplace_back([this, i, core = cores[i]] { work(i, core); });
  }
  ~ThreadTeam() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stop = true;
      generation.fetch_add(1);
    }
    wake.notify_all();
    for (std::thread &t : workers)
      t.join();
  }
  std::size_t size() const { return workers.size() + 1; }

  /// Runs fn(i) on every thread i of the team; returns when all are done.
  void run(const std::function<void(std::size_t)> &fn) {
    if (workers.empty()) {
      fn(0);
      return;
    }
    job = &fn;
    pending.store(workers.size());
    {
      std::lock_guard<std::mutex> lock(mutex);
      generation.fetch_add(1);
    }
    wake.notify_all();
    fn(0);
    while (pending.load() != 0)
      ;
  }

private:
  void work(std::size_t index, int core) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(core, &set);
    sched_setaffinity(0, sizeof(set), &set);
    unsigned long seen = 0;
    for (;;) {
      // Spin up to a millisecond for the next job, then sleep.
      auto until =
          std::chrono::steady_clock::now() + std::chrono::milliseconds(1);
      while (generation.load() == seen &&
             std::chrono::steady_clock::now() < until)
        ;
      if (generation.load() == seen) {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [&] { return generation.load() != seen; });
      }
      seen = generation.load();
      if (stop)
        return;
      (*job)(index);
      pending.fetch_sub(1);
    }
  }

  std::vector<std::thread> workers;
  std::mutex mutex;
  std::condition_variable wake;
  std::atomic<unsigned long> generation{0};
  std::atomic<std::size_t> pending{0};
  const std::function<void(std::size_t)> *job = nullptr;
  bool stop = false;
};

} // namespace regtile::bench

#endif // REGTILE_BENCH_THREADTEAM_H
