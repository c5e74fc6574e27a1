// io/yaml_document.cpp
#include "io/yaml_document.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <vector>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include "core/did_you_mean.hpp"
#include "core/error.hpp"
#include "core/symbolic.hpp"

namespace hamel {

namespace {

std::string kind_of(const YAML::Node& n) {
  switch (n.Type()) {
    case YAML::NodeType::Null: return "nothing";
    case YAML::NodeType::Scalar: return "a scalar '" + n.Scalar() + "'";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a mapping";
    default: return "an undefined node";
  }
}

// yaml-cpp keeps duplicate keys; a system file must not have them.  Aliases make the document a
// graph: `visits` bounds the work (nested aliases expand exponentially: a "billion laughs") and
// `depth` the recursion (an alias inside its own anchor makes a cycle).
constexpr std::size_t kMaxNodes = 100000;
constexpr int kMaxNesting = 1000;
constexpr std::uintmax_t kMaxFileBytes = std::uintmax_t{16} << 20;  // no system or claims file comes near

void check_duplicates(const YAML::Node& n, const std::string& file, std::size_t& visits, int depth) {
  if (++visits > kMaxNodes)
    throw ParseError(file, n.Mark().line + 1, n.Mark().column + 1,
                     "document too large; expected at most " + std::to_string(kMaxNodes) +
                         " nodes, counting each use of an alias, got more");
  if (depth > kMaxNesting)
    throw ParseError(file, n.Mark().line + 1, n.Mark().column + 1,
                     "document nested too deeply; expected at most " + std::to_string(kMaxNesting) +
                         " levels, got more (an alias inside its own anchor?)");
  if (n.IsMap()) {
    std::map<std::string, YAML::Mark> seen;
    for (auto it = n.begin(); it != n.end(); ++it) {
      if (it->first.IsScalar()) {
        const std::string k = it->first.Scalar();
        auto s = seen.find(k);
        if (s != seen.end())
          throw ParseError(file, it->first.Mark().line + 1, it->first.Mark().column + 1,
                           "duplicate key '" + k + "'; expected each key once, got it again (first at line " +
                               std::to_string(s->second.line + 1) + ")");
        seen.emplace(k, it->first.Mark());
      }
      check_duplicates(it->second, file, visits, depth + 1);
    }
  } else if (n.IsSequence()) {
    for (const auto& e : n) check_duplicates(e, file, visits, depth + 1);
  }
}

// The first byte that is not part of well-formed UTF-8 (overlong forms and surrogates included), or
// npos.  A name in Latin-1 made the JSON writer fail after the text report was out.
std::size_t invalid_utf8(const std::string& text) {
  const auto* b = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned c = b[i];
    const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > n) return i;
    unsigned cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
    for (std::size_t k = 1; k < len; ++k) {
      if ((b[i + k] >> 6) != 0x2) return i;
      cp = (cp << 6) | (b[i + k] & 0x3F);
    }
    const unsigned least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    i += len;
  }
  return std::string::npos;
}

// Flow collections nested deeper than yaml-cpp's parser takes ("bad file") are refused with their position.
void check_flow_depth(const std::string& text, const std::string& name) {
  int depth = 0, line = 1, column = 0;
  char quote = 0;
  for (char ch : text) {
    ++column;
    if (ch == '\n') line += 1, column = 0;
    if (quote) {
      if (ch == quote) quote = 0;
      continue;
    }
    if (ch == '"' || ch == '\'') quote = ch;
    else if (ch == '#') quote = '\n';  // a comment, to the end of the line
    else if (ch == '[' || ch == '{') {
      if (++depth > kMaxNesting)
        throw ParseError(name, line, column, "document nested too deeply; expected at most " + std::to_string(kMaxNesting) +
                                                 " levels of [ ] and { }, got more");
    } else if (ch == ']' || ch == '}') {
      depth = std::max(0, depth - 1);
    }
  }
}

}  // namespace

namespace {

// The first control character YAML does not allow in a document (C0 but tab, LF, CR; DEL), or npos.
// yaml-cpp read a NUL as the end of a scalar and reported "unknown escape character" a line later.
std::size_t control_character(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) return i;
  }
  return std::string::npos;
}

// A ParseError at byte `at` of `text`, naming that byte.
[[noreturn]] void bad_byte(const std::string& text, std::size_t at, const std::string& name, const std::string& expected) {
  const std::string before = text.substr(0, at);
  const int line = 1 + static_cast<int>(std::count(before.begin(), before.end(), '\n'));
  const int column = static_cast<int>(at - (before.rfind('\n') == std::string::npos ? -1 : static_cast<long>(before.rfind('\n'))));
  std::ostringstream hex;
  hex << std::hex << static_cast<unsigned>(static_cast<unsigned char>(text[at]));
  throw ParseError(name, line, column, expected + "0x" + hex.str());
}

}  // namespace

namespace {

// Where a document's first node starts, if it has one (an empty document after '...' has none).
struct FirstNode : YAML::EventHandler {
  std::optional<YAML::Mark> at;
  void take(const YAML::Mark& m) {
    if (!at) at = m;
  }
  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark& m, YAML::anchor_t) override { take(m); }
  void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t, const std::string&) override { take(m); }
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override { take(m); }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override { take(m); }
  void OnMapEnd() override {}
};

// Two files pasted together: the second document was ignored, silently. The documents after the first
// are read one by one, at most kMaxDocuments of them: on some malformed input yaml-cpp's parser hands
// out empty documents without end (YAML::LoadAll then filled memory: a fuzzed claims file).
void refuse_second_document(const std::string& text, const std::string& name) {
  constexpr int kMaxDocuments = 16;
  std::istringstream in(text);
  YAML::Parser parser(in);
  FirstNode first;
  if (!parser.HandleNextDocument(first)) return;
  for (int k = 1; k < kMaxDocuments; ++k) {
    FirstNode next;
    if (!parser.HandleNextDocument(next)) return;
    if (next.at)
      throw ParseError(name, next.at->line + 1, next.at->column + 1,
                       "expected one YAML document, got a second one after '---' (put every key in one document)");
  }
}

}  // namespace

Document Document::from_string(const std::string& text, const std::string& name, const FileKind& kind) {
  if (const std::size_t at = invalid_utf8(text); at != std::string::npos)
    bad_byte(text, at, name, "expected text in UTF-8, got the byte ");
  if (const std::size_t at = control_character(text); at != std::string::npos)
    bad_byte(text, at, name, "expected text, got the control character ");
  check_flow_depth(text, name);
  YAML::Node root;
  try {
    root = YAML::Load(text);
    refuse_second_document(text, name);
  } catch (const YAML::DeepRecursion& e) {  // yaml-cpp's own limit, on indented (block) collections
    throw ParseError(name, e.mark.line + 1, e.mark.column + 1,
                     "document nested too deeply; expected at most about 500 levels of indented collections, got more");
  } catch (const YAML::Exception& e) {
    throw ParseError(name, e.mark.line + 1, e.mark.column + 1,
                     "malformed YAML: " + e.msg + "; expected a YAML mapping of " + kind.keys);
  }
  if (root.IsNull())
    throw ParseError(name, 1, 1, "empty file; expected a YAML mapping with at least " + kind.needs + ", got nothing");
  if (!root.IsMap())
    throw ParseError(name, root.Mark().line + 1, root.Mark().column + 1,
                     "expected a YAML mapping of " + kind.keys + " at the top level, got " + kind_of(root));
  std::size_t visits = 0;
  check_duplicates(root, name, visits, 0);
  return Document(name, text, root);
}

Document Document::load(const std::string& path, const FileKind& kind) {
  // A directory read as empty, and /dev/zero was read until memory ran out.
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::is_directory(status))
    throw ParseError(path, 1, 1, "expected a " + kind.name + ", got a directory");
  if (!ec && (std::filesystem::is_character_file(status) || std::filesystem::is_block_file(status) ||
              std::filesystem::is_socket(status)))
    throw ParseError(path, 1, 1, "expected a " + kind.name + ", got a device or socket");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path, 1, 1, "cannot open the file; expected a readable " + kind.name);
  // read at most one byte beyond the limit (a pipe has no size to ask for)
  std::string text;
  char chunk[1 << 16];
  while (text.size() <= kMaxFileBytes && in.read(chunk, sizeof chunk).gcount() > 0)
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
  if (text.size() > kMaxFileBytes)
    throw ParseError(path, 1, 1, "expected a " + kind.name + " of at most " + std::to_string(kMaxFileBytes >> 20) + " MB, got more");
  return from_string(text, path, kind);
}

SourcePos Document::pos(const YAML::Node& n) const {
  const YAML::Mark m = n.Mark();
  SourcePos p{file_, m.line + 1, m.column + 1};
  if (n.IsScalar() && n.Tag() == "!" && m.pos >= 0 && static_cast<std::size_t>(m.pos) < text_.size() &&
      (text_[static_cast<std::size_t>(m.pos)] == '"' || text_[static_cast<std::size_t>(m.pos)] == '\''))
    p.column += 1;  // inside the quotes
  return p;
}

SourcePos Document::mark(const YAML::Node& n) const {
  const YAML::Mark m = n.Mark();
  return {file_, m.line + 1, m.column + 1};
}

void Document::fail(const YAML::Node& n, const std::string& what) const {
  const SourcePos at = mark(n);
  throw ParseError(at.file, at.line, at.column, what);
}

void Document::warn(const YAML::Node& n, const std::string& what) const {
  const SourcePos at = mark(n);
  const std::string w = at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + what;
  if (std::find(warnings_->begin(), warnings_->end(), w) == warnings_->end()) warnings_->push_back(w);
}

std::string Document::scalar(const YAML::Node& n, const std::string& what) const {
  if (!n.IsScalar()) fail(n, what + ": expected a single value, got " + kind_of(n));
  return n.Scalar();
}

std::vector<YAML::Node> Document::sequence(const YAML::Node& n, const std::string& what) const {
  if (!n || n.IsNull()) return {};
  if (!n.IsSequence()) fail(n, what + ": expected a list, got " + kind_of(n));
  std::vector<YAML::Node> v;
  for (const auto& e : n) v.push_back(e);
  return v;
}

std::vector<std::pair<YAML::Node, YAML::Node>> Document::mapping(const YAML::Node& n, const std::string& what) const {
  if (!n || n.IsNull()) return {};
  if (!n.IsMap()) fail(n, what + ": expected a mapping (key: value), got " + kind_of(n));
  std::vector<std::pair<YAML::Node, YAML::Node>> v;
  for (auto it = n.begin(); it != n.end(); ++it) {
    if (!it->first.IsScalar()) fail(it->first, what + ": expected a name as key, got " + kind_of(it->first));
    v.emplace_back(it->first, it->second);
  }
  return v;
}

namespace {

// Whether `base` is plainly nonzero: its value at one fixed point of irrational-looking coordinates is
// far from 0 (30 digits). Most denominators are, and need no zero test: the test's canonical form
// expands a power of a sum, which a fuzzed (x + y + z + w)^60 turned into gigabytes.
bool plainly_nonzero(const GiNaC::ex& base) {
  GiNaC::exset symbols;
  collect_symbols(base, symbols);
  GiNaC::exmap point;
  int k = 0;
  for (const GiNaC::ex& s : symbols) point[s] = GiNaC::numeric(1, 3) + GiNaC::numeric(7 * ++k, 29);  // away from 0, ±1 and each other
  try {
    const GiNaC::numeric v = GiNaC::ex_to<GiNaC::numeric>(evaluate(base, point, 30));
    return GiNaC::abs(v) > GiNaC::numeric(1, 1000000);
  } catch (const std::exception&) {  // no value there (a pole, beyond 10^1000): the derivation will say
    return true;
  }
}

// The first denominator of `e` that is identically zero, or nullopt. GiNaC refuses 1/(x - x) as it
// reads, not 1/(cos(y)^2 + sin(y)^2 - 1): a symmetry generator so written, undefined everywhere,
// passed every check. Bases of negative powers only, each once; a name or number needs no test, nor a
// base plainly nonzero at a point.
std::optional<GiNaC::ex> zero_denominator(const GiNaC::ex& e) {
  GiNaC::exset tested;
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it) {
    if (!GiNaC::is_a<GiNaC::power>(*it)) continue;
    const GiNaC::ex base = it->op(0), exponent = it->op(1);
    if (!GiNaC::is_a<GiNaC::numeric>(exponent) || !GiNaC::ex_to<GiNaC::numeric>(exponent).is_negative()) continue;
    if (GiNaC::is_a<GiNaC::symbol>(base) || GiNaC::is_a<GiNaC::numeric>(base) || !tested.insert(base).second) continue;
    if (plainly_nonzero(base)) continue;
    try {
      if (zero_test(base).zero) return base;
    } catch (const std::exception&) {  // a base the zero test cannot evaluate (a tower of powers) is left to the derivation
    }
  }
  return std::nullopt;
}

}  // namespace

GiNaC::ex Document::expression(const YAML::Node& n, const ExpressionReader& reader, const std::string& what) const {
  const std::string text = scalar(n, what);
  GiNaC::ex value;
  try {
    value = reader.parse(text, pos(n));
  } catch (const ParseError& e) {
    throw ParseError(e.file(), e.line(), e.column(), what + ": " + e.message());  // say which entry
  }
  if (const auto zero = zero_denominator(value)) {
    const SourcePos at = pos(n);
    throw ParseError(at.file, at.line, at.column, what + ": the value is not defined anywhere: its denominator " +
                                                      detail::str(*zero) + " is identically zero; expected a nonzero denominator");
  }
  return value;
}

std::string Document::name(const YAML::Node& n, const std::string& what) const {
  const std::string s = scalar(n, what);
  bool ok = !s.empty() && (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_');
  for (char c : s) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!ok) fail(n, what + ": expected a name (letters, digits, '_'), got '" + s + "'");
  return s;
}

void Document::check_keys(const YAML::Node& map, const std::vector<std::string>& known, const std::string& where) const {
  // the readers index into what they check: a scalar here made yaml-cpp throw "operator[] call on a
  // scalar" (found by fuzzing `simulate: values` without its mapping)
  if (map && map.IsDefined() && !map.IsNull() && !map.IsMap())
    fail(map, where + ": expected a mapping {key: value, …}, got " + kind_of(map));
  for (auto it = map.begin(); it != map.end(); ++it) {
    // a complex key (`? [a, b]`) has no text: naming it '' hid what was wrong
    if (!it->first.IsScalar()) fail(it->first, "expected a name as key in " + where + ", got " + kind_of(it->first));
    const std::string k = it->first.Scalar();
    if (std::find(known.begin(), known.end(), k) != known.end()) continue;
    std::string msg = "unknown key '" + k + "' in " + where + "; expected " + one_of(known, "no key") + ", got '" + k + "'";
    if (auto d = did_you_mean(k, known)) msg += " (did you mean '" + *d + "'?)";
    fail(it->first, msg);
  }
}

bool Document::boolean(const YAML::Node& map, const char* key, bool dflt) const {
  if (!map[key]) return dflt;
  const std::string v = scalar(map[key], std::string("'") + key + "'");
  if (v != "true" && v != "false") fail(map[key], std::string("'") + key + "': expected true or false, got '" + v + "'");
  return v == "true";
}

GiNaC::ex Document::constant(const YAML::Node& n, const std::string& what) const {
  static const ExpressionReader constants;
  const GiNaC::ex e = expression(n, constants, what);
  const GiNaC::ex v = e.evalf();
  if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
    fail(n, what + ": expected a real number, got '" + scalar(n, what) + "'");
  if (!std::isfinite(GiNaC::ex_to<GiNaC::numeric>(v).to_double()))
    fail(n, what + ": expected a finite number, got '" + scalar(n, what) + "'");
  return e;
}

double Document::number(const YAML::Node& n, const std::string& what) const {
  // plain decimals without the expression reader: system files hold many of them
  const std::string s = scalar(n, what);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end && *end == '\0' && !s.empty() && std::isfinite(v)) return v;
  return GiNaC::ex_to<GiNaC::numeric>(constant(n, what).evalf()).to_double();
}

double Document::positive_number(const YAML::Node& n, const std::string& what, const std::string& meaning) const {
  const double v = number(n, what);
  if (!(v > 0)) fail(n, what + ": expected " + meaning + " > 0, got " + scalar(n, what));
  return v;
}

int Document::count(const YAML::Node& n, const std::string& what, int least) const {
  const std::string s = scalar(n, what);
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (s.empty() || !end || *end != '\0' || errno == ERANGE || v > std::numeric_limits<int>::max())
    fail(n, what + ": expected a whole number, got '" + s + "'");
  if (v < least) fail(n, what + ": expected a whole number ≥ " + std::to_string(least) + ", got " + s);
  return static_cast<int>(v);
}

}  // namespace hamel
