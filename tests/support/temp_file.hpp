// tests/support/temp_file.hpp — files written for a test and removed afterwards.
#pragma once

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace hamel::test {

class TempFile {
 public:
  explicit TempFile(const std::string& content, const std::string& suffix = ".yaml") {
    static std::mt19937_64 rng(std::random_device{}());
    path_ = (std::filesystem::temp_directory_path() / ("hamel_test_" + std::to_string(rng()) + suffix)).string();
    std::ofstream(path_, std::ios::binary) << content;
  }
  ~TempFile() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace hamel::test
