// core/atomic_file.cpp
#include "core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/error.hpp"

namespace hamel {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& reason) {
  throw InvalidArgument("cannot write '" + path + "': " + reason);
}

bool is_special(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode);
}

// A fresh file beside `path` (same folder, so that rename() cannot cross file systems).
std::string make_temp(const std::string& path) {
  std::vector<char> name(path.begin(), path.end());
  const std::string suffix = ".tmp-XXXXXX";
  name.insert(name.end(), suffix.begin(), suffix.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) fail(path, std::strerror(errno));
  ::close(fd);
  return name.data();
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  if (path_.empty()) fail(path_, "empty path");
  if (!is_special(path_)) temp_ = make_temp(path_);
  out_.open(temp_.empty() ? path_ : temp_, std::ios::binary | std::ios::trunc);
  if (!out_) {
    const std::string reason = std::strerror(errno);
    if (!temp_.empty()) std::remove(temp_.c_str());
    fail(path_, reason);
  }
}

AtomicFile::~AtomicFile() {
  if (done_ || temp_.empty()) return;
  out_.close();
  std::remove(temp_.c_str());
}

void AtomicFile::commit() {
  out_.flush();
  const bool written = static_cast<bool>(out_);
  out_.close();
  if (!written || out_.fail()) fail(path_, "a write failed (disk full?)");
  if (!temp_.empty()) {
    // mkstemp creates 0600; an output file gets the usual permissions of a new file.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::chmod(temp_.c_str(), 0666 & ~mask);
    if (std::rename(temp_.c_str(), path_.c_str()) != 0) fail(path_, std::strerror(errno));
  }
  done_ = true;
}

void write_file_atomically(const std::string& path, const std::string& content) {
  AtomicFile f(path);
  f.stream() << content;
  f.commit();
}

}  // namespace hamel
