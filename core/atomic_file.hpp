// core/atomic_file.hpp — writing a file so that it is never half written: the text goes to a
// temporary file beside it, which replaces the target only when every write and the close succeeded.
// A run that fails (or is killed) leaves the previous file as it was.
#pragma once

#include <fstream>
#include <string>

namespace hamel {

class AtomicFile {
 public:
  /// Opens a temporary file in the target's folder. A target that exists and is not a regular file
  /// (a device such as /dev/full, a pipe) is written directly, and its errors are still reported.
  /// @throws InvalidArgument "cannot write 'path': reason" when it cannot be opened.
  explicit AtomicFile(std::string path);
  ~AtomicFile();  ///< removes the temporary file unless commit() succeeded
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream() { return out_; }
  const std::string& path() const { return path_; }
  /// Flushes and closes, then renames the temporary file onto the target.
  /// @throws InvalidArgument on a write, close or rename error (the target is left untouched).
  void commit();

 private:
  std::string path_;
  std::string temp_;  ///< empty when writing directly
  std::ofstream out_;
  bool done_ = false;
};

/// Writes `content` to `path` through an AtomicFile.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace hamel
