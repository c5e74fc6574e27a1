// core/parallel.cpp
#include "core/parallel.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <thread>

#include "core/child_io.hpp"
#include "core/effort.hpp"

namespace hamel {

namespace {

unsigned& chosen_workers() {
  static unsigned n = 0;  // 0: not chosen (the environment, or the cores)
  return n;
}

unsigned from_environment() {
  const char* text = std::getenv("HAMEL_JOBS");
  if (text == nullptr || *text == '\0') return 0;
  char* end = nullptr;
  const unsigned long n = std::strtoul(text, &end, 10);
  return *end == '\0' && n >= 1 && n <= 1024 ? static_cast<unsigned>(n) : 0;  // anything else: the default
}

// What a worker did for one task, for the parent's counters (core/effort.hpp).
std::string effort_text(const Effort& e) {
  std::ostringstream os;
  os.precision(17);
  os << e.zero_tests << ' ' << e.undecided << ' ' << e.zero_test_seconds << ' ' << e.simplifications << ' '
     << e.simplify_seconds;
  for (std::size_t k : e.decided_by) os << ' ' << k;
  return os.str();
}

Effort effort_from_text(const std::string& text) {
  std::istringstream is(text);
  Effort e;
  is >> e.zero_tests >> e.undecided >> e.zero_test_seconds >> e.simplifications >> e.simplify_seconds;
  for (std::size_t& k : e.decided_by) is >> k;
  return is ? e : Effort{};
}

constexpr std::uint64_t kStop = std::numeric_limits<std::uint64_t>::max();

void send_index(int fd, std::uint64_t i) { detail::send_all(fd, std::string(reinterpret_cast<const char*>(&i), sizeof i)); }

// A worker: takes task indices from `fd` until told to stop; answers each with a status byte (0: the
// work returned, 1: it threw), the effort it took and the answer.
[[noreturn]] void serve_tasks(int fd, const std::function<std::string(std::size_t)>& work) {
  detail::quiet_streams();
  chosen_workers() = 1;  // no workers of workers
  for (;;) {
    std::uint64_t i = kStop;
    if (!detail::read_exact(fd, reinterpret_cast<char*>(&i), sizeof i) || i == kStop) break;
    const Effort before = effort();
    char status = 0;
    std::string answer;
    try {
      answer = work(static_cast<std::size_t>(i));
    } catch (...) {
      status = 1, answer.clear();
    }
    detail::send_all(fd, std::string(1, status) + detail::length_prefixed(effort_text(effort() - before)) +
                             detail::length_prefixed(answer));
  }
  ::_exit(0);  // no destructors, no flushing of buffers copied from the parent
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  std::optional<std::size_t> task;  // the task it is working on
};

// Reads the answer to the worker's task; false when the worker died first.
bool receive_answer(Worker& w, std::vector<std::optional<std::string>>& answers) {
  char status = 1;
  std::string work_done, answer;
  if (!detail::read_exact(w.fd, &status, 1) || !detail::read_prefixed(w.fd, work_done) ||
      !detail::read_prefixed(w.fd, answer))
    return false;
  detail::add_effort(effort_from_text(work_done));
  if (status == 0) answers[*w.task] = std::move(answer);
  return true;
}

// Forks `count` workers; fewer when fork fails.
std::vector<Worker> start_workers(std::size_t count, const std::function<std::string(std::size_t)>& work) {
  std::vector<Worker> out;
  std::fflush(nullptr);
  for (std::size_t k = 0; k < count; ++k) {
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) break;
    const pid_t pid = ::fork();
    if (pid < 0) {
      ::close(fds[0]);
      ::close(fds[1]);
      break;
    }
    if (pid == 0) {
      ::close(fds[0]);
      for (const Worker& other : out) ::close(other.fd);  // a dead sibling must read as end of stream
      serve_tasks(fds[1], work);
    }
    ::close(fds[1]);
    out.push_back({pid, fds[0], std::nullopt});
  }
  return out;
}

}  // namespace

unsigned workers() {
  if (chosen_workers() > 0) return chosen_workers();
  if (const unsigned n = from_environment()) return n;
  return std::max(1u, std::thread::hardware_concurrency());
}

unsigned set_workers(unsigned n) {
  const unsigned before = chosen_workers();
  chosen_workers() = n;
  return before;
}

std::vector<std::optional<std::string>> parallel_map(std::size_t n, const std::function<std::string(std::size_t)>& work,
                                                     bool worth_a_fork) {
  std::vector<std::optional<std::string>> answers(n);
  if (!worth_a_fork || n < 2 || workers() < 2) return answers;
  std::vector<Worker> pool = start_workers(std::min<std::size_t>(workers(), n), work);
  std::size_t next = 0;
  const auto hand_out = [&](Worker& w) {
    w.task.reset();
    if (next < n) {
      w.task = next++;
      send_index(w.fd, *w.task);
    } else {
      send_index(w.fd, kStop);
    }
  };
  for (Worker& w : pool) hand_out(w);
  for (;;) {
    std::vector<pollfd> waiting;
    std::vector<Worker*> who;
    for (Worker& w : pool)
      if (w.task) waiting.push_back({w.fd, POLLIN, 0}), who.push_back(&w);
    if (waiting.empty()) break;
    if (::poll(waiting.data(), waiting.size(), -1) < 0) {
      if (errno == EINTR) continue;
      break;  // the tasks still out are computed by the caller
    }
    for (std::size_t k = 0; k < waiting.size(); ++k) {
      if (waiting[k].revents == 0) continue;
      Worker& w = *who[k];
      if (receive_answer(w, answers)) hand_out(w);
      else w.task.reset();  // died: its task is left to the caller, and it gets no other
    }
  }
  for (Worker& w : pool) {
    send_index(w.fd, kStop);
    ::close(w.fd);
    int status = 0;
    while (::waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  return answers;
}

Background::Background(const std::function<std::string()>& work) {
  if (workers() < 2) return;
  std::vector<Worker> pool = start_workers(1, [work](std::size_t) { return work(); });
  if (pool.empty()) return;
  pid_ = pool.front().pid, fd_ = pool.front().fd;
  send_index(fd_, 0);
}

Background::~Background() {
  if (pid_ < 0) return;
  if (!taken_) ::kill(pid_, SIGKILL);  // nobody waits for its answer
  ::close(fd_);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
}

bool Background::finished() const {
  if (!running()) return true;
  pollfd p{fd_, POLLIN, 0};
  return ::poll(&p, 1, 0) > 0;  // readable: the answer, or the end of a dead worker's stream
}

std::optional<std::string> Background::answer() {
  if (!running()) return std::nullopt;
  taken_ = true;
  Worker w{pid_, fd_, 0};
  std::vector<std::optional<std::string>> answers(1);
  if (receive_answer(w, answers)) send_index(fd_, kStop);
  return answers[0];
}

std::optional<std::string> run_beside(const std::function<std::string()>& work, const std::function<void()>& here) {
  Background worker(work);  // stopped on the way out when `here` throws
  here();
  return worker.answer();
}

}  // namespace hamel
