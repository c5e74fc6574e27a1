// io/yaml_document.hpp — a YAML file with positions: every error names file:line:column, what was
// expected and what was found.
#pragma once

#include <yaml-cpp/yaml.h>

#include <memory>
#include <string>
#include <vector>

#include "io/expression_reader.hpp"

namespace hamel {

/// What a file is meant to be, for the messages about it: a system file, or a claims file.
struct FileKind {
  std::string name = "system file";
  std::string keys = "system keys";
  std::string needs = "'coordinates'";  ///< the key an empty file lacks first
  static FileKind claims() { return {"claims file", "claims keys", "'claims'"}; }
};

class Document {
 public:
  /// Reads and parses a file. @throws ParseError for an unreadable or empty file, malformed YAML,
  /// a duplicate key, or a top level that is not a mapping (said of a `kind` file).
  static Document load(const std::string& path, const FileKind& kind = {});
  static Document from_string(const std::string& text, const std::string& name = "<string>", const FileKind& kind = {});

  const std::string& file() const { return file_; }
  const YAML::Node& root() const { return root_; }

  /// Where a node's text starts (1-based; inside the quotes of a quoted scalar).
  SourcePos pos(const YAML::Node& n) const;
  /// Where `fail` places an error about a node: its first character (the quote of a quoted scalar).
  SourcePos mark(const YAML::Node& n) const;
  [[noreturn]] void fail(const YAML::Node& n, const std::string& what) const;
  /// Notes a warning about a node ("FILE:line:column: what"), once: what the file says is accepted but
  /// likely not meant (an indefinite kinetic energy). The commands print them on standard error.
  void warn(const YAML::Node& n, const std::string& what) const;
  /// The warnings so far, in order; copies of a document share them.
  std::vector<std::string> warnings() const { return *warnings_; }

  /// Typed access; each reports `what` (e.g. "'coordinates'") in its error.
  std::string scalar(const YAML::Node& n, const std::string& what) const;
  std::vector<YAML::Node> sequence(const YAML::Node& n, const std::string& what) const;
  /// The entries of a mapping in file order (yaml-cpp keeps it).
  std::vector<std::pair<YAML::Node, YAML::Node>> mapping(const YAML::Node& n, const std::string& what) const;
  GiNaC::ex expression(const YAML::Node& n, const ExpressionReader& reader, const std::string& what) const;
  /// A real constant written as a number or a constant expression ("pi/2", "1/10000"), kept exact.
  /// @throws ParseError for anything else, or a value that is not finite.
  GiNaC::ex constant(const YAML::Node& n, const std::string& what) const;
  /// The constant as a double.
  double number(const YAML::Node& n, const std::string& what) const;
  /// A number > 0 (a step, a tolerance, a value of a parameter declared positive).
  double positive_number(const YAML::Node& n, const std::string& what, const std::string& meaning) const;
  /// A count ≥ `least` that fits in an int ("0", "1e9999999" and "-3" are refused with the position).
  int count(const YAML::Node& n, const std::string& what, int least) const;
  /// An optional `true`/`false` under `key` of `map` (`dflt` when absent).
  bool boolean(const YAML::Node& map, const char* key, bool dflt) const;
  /// Names: identifiers ([A-Za-z_][A-Za-z0-9_]*).
  std::string name(const YAML::Node& n, const std::string& what) const;
  /// `map` must be a mapping (or absent) and every key of it in `known`; otherwise an error at the node,
  /// or at the key with a did-you-mean.
  void check_keys(const YAML::Node& map, const std::vector<std::string>& known, const std::string& where) const;

 private:
  Document(std::string file, std::string text, YAML::Node root)
      : file_(std::move(file)), text_(std::move(text)), root_(std::move(root)) {}
  std::string file_;
  std::string text_;
  YAML::Node root_;
  std::shared_ptr<std::vector<std::string>> warnings_ = std::make_shared<std::vector<std::string>>();
};

}  // namespace hamel
