// core/source_pos.hpp — where the entries of a spec were written.  A reader records them while it
// reads; the derivation, which finds some errors only when the library refuses what was read (a
// frame field not tangent to D), reports them there (SpecError, core/error.hpp).
#pragma once

#include <initializer_list>
#include <map>
#include <string>

namespace hamel {

/// A position in a file (1-based line and column).
struct SourcePos {
  std::string file;
  int line = 1;
  int column = 1;
};

/// Positions of a spec's entries by key: "lagrangian", "constraints.2", "frame.X1", and "" for the
/// file itself.  A spec built in code has none.
class SourceMap {
 public:
  void set(const std::string& key, const SourcePos& at) { at_[key] = at; }
  bool has(const std::string& key) const { return at_.count(key) != 0; }
  /// The position of the first of `keys` that has one, else of "" (the file), else an empty
  /// position (no file: the error is then reported without one).
  SourcePos find(std::initializer_list<std::string> keys) const {
    for (const auto& k : keys)
      if (has(k)) return at_.at(k);
    return has("") ? at_.at("") : SourcePos{"", 0, 0};
  }

 private:
  std::map<std::string, SourcePos> at_;
};

}  // namespace hamel
