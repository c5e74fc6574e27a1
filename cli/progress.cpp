// cli/progress.cpp
#include "cli/progress.hpp"

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "io/render/labels.hpp"

namespace hamel::cli {

namespace {

// Held by the watchdog while it is awake, and by a thread that forks (pthread_atfork): a worker
// forked while the watchdog allocates would inherit the allocator's lock held by a thread it does
// not have (glibc's malloc guards itself at fork; AddressSanitizer's allocator does not, and a
// sanitized `hamel check` hung so in CI).
std::mutex& awake_gate() {
  static std::mutex gate;
  return gate;
}

void guard_forks() {
  static const int registered = ::pthread_atfork([] { awake_gate().lock(); }, [] { awake_gate().unlock(); },
                                                 [] { awake_gate().unlock(); });
  (void)registered;
}

}  // namespace

double progress_delay() {
  const char* text = std::getenv("HAMEL_PROGRESS_DELAY");
  if (!text) return 1.0;
  char* end = nullptr;
  const double d = std::strtod(text, &end);
  return end != text && *end == '\0' && d >= 0 && d <= 3600 ? d : 1.0;
}

ProgressLines::ProgressLines(std::ostream& err, bool quiet, StepProfile* profile, std::string who, double delay)
    : err_(err), quiet_(quiet), profile_(profile), who_(std::move(who)), delay_(delay), start_(Clock::now()), owner_(::getpid()) {
  if (quiet_) return;
  guard_forks();
  thread_ = std::thread([this] { watch(); });
  // A thread that is still starting holds allocator locks that no fork guard reaches: return once
  // it runs (a worker forked at that moment hung in AddressSanitizer's allocator).
  std::unique_lock<std::mutex> lock(m_);
  ready_.wait(lock, [this] { return running_; });
}

ProgressLines::~ProgressLines() {
  if (!thread_.joinable()) return;
  {
    const std::lock_guard<std::mutex> lock(m_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

double ProgressLines::seconds_since(Clock::time_point t) const { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::function<void(const std::string&)> ProgressLines::step() {
  return [this](const std::string& title) { start_step(title); };
}

std::function<void(const std::string&)> ProgressLines::detail() {
  return [this](const std::string& what) { tell(what); };
}

std::size_t ProgressLines::lines() const {
  const std::lock_guard<std::mutex> lock(m_);
  return lines_;
}

void ProgressLines::start_step(const std::string& title) {
  if (::getpid() != owner_) return;  // in a forked worker the thread and the mutex's owner are gone
  if (profile_) profile_->start(plain_text(title));
  if (quiet_) return;
  const std::string plain = plain_text(title);  // on this thread: the watchdog only copies strings
  {
    const std::lock_guard<std::mutex> lock(m_);
    title_ = plain;
    since_ = Clock::now();
    announced_ = false;
  }
  wake_.notify_all();
}

void ProgressLines::tell(const std::string& what) {
  if (quiet_ || ::getpid() != owner_) return;
  const std::string plain = plain_text(what);
  const std::lock_guard<std::mutex> lock(m_);
  const double s = seconds_since(start_);
  if (s <= delay_) return;
  std::ostringstream line;
  line << who_ << ": " << std::fixed << std::setprecision(1) << s << " s,   " << plain << "\n";
  emit(line.str());
}

// One line, under the mutex. std::cerr itself is not touched from the thread: the derivation may swap
// its buffer for a moment (core/abstract_function.cpp silences GiNaC's warnings so), and a forked
// worker must not inherit its lock held; the line goes to file descriptor 2 in one write instead.
void ProgressLines::emit(const std::string& line) {
  ++lines_;
  if (&err_ != &std::cerr) {
    err_ << line << std::flush;
    return;
  }
  for (std::size_t done = 0; done < line.size();) {
    const ssize_t n = ::write(STDERR_FILENO, line.data() + done, line.size() - done);
    if (n <= 0) return;  // a closed stderr loses progress lines, nothing else
    done += static_cast<std::size_t>(n);
  }
}

// Past the delay, each step is named once, as soon as the thread sees it: at its start when it starts
// later, else with the time it started. The thread wakes at each new step and polls in between.
void ProgressLines::watch() {
  const auto poll = std::chrono::duration<double>(std::clamp(delay_ / 20, 0.002, 0.05));
  std::unique_lock<std::mutex> lock(m_);
  running_ = true;
  ready_.notify_all();
  while (!stop_) {
    double s = 0;
    {
      const std::lock_guard<std::mutex> awake(awake_gate());  // not while waiting below
      s = seconds_since(start_);
      if (!announced_ && s >= delay_) {
        const double since = std::chrono::duration<double>(since_ - start_).count();
        std::ostringstream line;
        line << who_ << ": " << std::fixed << std::setprecision(1) << s << " s, now: " << title_;
        if (s - since >= 0.1) line << " (since " << since << " s)";
        emit(line.str() + "\n");
        announced_ = true;
      }
    }
    const auto wait = announced_ ? std::chrono::duration<double>(3600) : std::max(poll, std::chrono::duration<double>(delay_ - s));
    wake_.wait_for(lock, wait);
  }
}

}  // namespace hamel::cli
