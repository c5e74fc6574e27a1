// tests/python/json_values.cpp — Hamel's own numbers for the expressions of a derivation's JSON.
//
//   hamel_json_values DERIVATION.json  →  JSON on stdout:
//     {"digits": 30, "point": {name: "0.537", …}, "functions": {name: {"args": ["a1", …], "formula": "…"}},
//      "values": {object id: [{"re": "…", "im": "…"} | {"skip": why} | {"error": why}, … one per entry]}}
//
// tests/python/check_derivation_json.py compares these numbers with the loader's SymPy reading of the
// same text (python/hamel_json.py), so that the JSON is proven to mean, to SymPy, what it means to Hamel.
// The program chooses the point and the stand-ins of the abstract functions and prints them, so that
// the Python side evaluates at exactly the same place without a second copy of the rule.
//
// Each value is parsed by ExpressionReader, as a system file would be: an "error" is a text that is
// not in Hamel's input syntax (a failure of the JSON), a "skip" a value with no number at the point
// (a pole) or a derivative the input syntax cannot write (D[0](f)(2*x)) — the test fails on the first
// and counts the second.
#include <ginac/ginac.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/abstract_function.hpp"
#include "io/expression_reader.hpp"

namespace {

using nlohmann::json;

constexpr int kDigits = 30;                 // both sides: rounding far below the tolerance of 1e-9
constexpr unsigned kSeed = 20261203;        // std::mt19937's sequence is fixed by the standard: same point everywhere
constexpr std::size_t kReaderLimit = 4000;  // the reader refuses longer texts (a fuzzing guard)

// Names the reader knows without a declaration, and the D[…] of GiNaC's derivative notation.
const std::set<std::string>& builtin_names() {
  static const std::set<std::string> b = {"sin",  "cos",  "tan",  "exp",  "log",   "sqrt", "abs", "asin", "acos",
                                          "atan", "sinh", "cosh", "tanh", "atan2", "diff", "pi",  "Pi",  "I",  "D"};
  return b;
}

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The end of the number starting at i (digits, a point, an exponent), so that the `e` of 1e-5 is not
// taken for a name.
std::size_t number_end(const std::string& s, std::size_t i) {
  while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.')) ++i;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
    if (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) {
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
      return j;
    }
  }
  return i;
}

struct Name {
  std::string text;
  std::size_t end;  // one past its last character
};

std::vector<Name> identifiers(const std::string& s) {
  std::vector<Name> out;
  for (std::size_t i = 0; i < s.size();) {
    if (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.') {
      i = number_end(s, i);
    } else if (ident_start(s[i])) {
      std::size_t j = i;
      while (j < s.size() && ident_char(s[j])) ++j;
      out.push_back({s.substr(i, j - i), j});
      i = j;
    } else {
      ++i;
    }
  }
  return out;
}

// The index of the ')' closing the '(' at `open`.
std::size_t closing(const std::string& s, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    if (s[i] == '(') ++depth;
    if (s[i] == ')' && --depth == 0) return i;
  }
  throw std::runtime_error("unbalanced parentheses");
}

bool is_identifier(const std::string& s) {
  if (s.empty() || !ident_start(s[0])) return false;
  for (char c : s)
    if (!ident_char(c)) return false;
  return true;
}

// The arguments of a call, split at the commas outside nested parentheses.
std::vector<std::string> split_arguments(const std::string& inside) {
  std::vector<std::string> out(1);
  int depth = 0;
  for (char c : inside) {
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0)
      out.emplace_back();
    else if (c != ' ')
      out.back() += c;
  }
  return out;
}

// diff(f(args), args[i]) is the derivative in slot i only if args[i] is a name no other argument uses.
bool differentiable_slot(const std::vector<std::string>& args, std::size_t i) {
  if (i >= args.size() || !is_identifier(args[i])) return false;
  for (std::size_t j = 0; j < args.size(); ++j)
    for (const Name& n : identifiers(args[j]))
      if (j != i && n.text == args[i]) return false;
  return true;
}

// GiNaC's D[0,1](f)(x,y) as the input syntax's diff(diff(f(x,y),x),y), while the printer still
// writes the former; a derivative at a point that is not a list of names has no such form (skipped).
std::string rewrite_derivatives(const std::string& s) {
  const std::size_t at = s.find("D[");
  if (at == std::string::npos || (at > 0 && ident_char(s[at - 1]))) return s;
  const std::size_t close_index = s.find(']', at);
  const std::size_t fopen = close_index + 1, fclose = s.find(')', fopen);
  if (close_index == std::string::npos || fopen >= s.size() || s[fopen] != '(' || fclose == std::string::npos ||
      fclose + 1 >= s.size() || s[fclose + 1] != '(')
    throw std::runtime_error("unreadable derivative near '" + s.substr(at, 20) + "'");
  const std::string f = s.substr(fopen + 1, fclose - fopen - 1);
  const std::size_t aclose = closing(s, fclose + 1);
  const std::string inside = s.substr(fclose + 2, aclose - fclose - 2);
  const std::vector<std::string> args = split_arguments(inside);
  std::string call = f + "(" + inside + ")";
  std::stringstream indices(s.substr(at + 2, close_index - at - 2));
  for (std::string k; std::getline(indices, k, ',');) {
    const std::size_t i = std::stoul(k);
    if (!differentiable_slot(args, i)) throw std::invalid_argument("a derivative with no diff(...) form");
    call = "diff(" + call + "," + args[i] + ")";
  }
  return s.substr(0, at) + call + rewrite_derivatives(s.substr(aclose + 1));
}

// How many arguments each function symbol takes, from its calls: the symbol table does not say.
void count_arguments(const std::string& s, const std::set<std::string>& functions, std::map<std::string, unsigned>& arity) {
  for (const Name& n : identifiers(s)) {
    if (!functions.count(n.text) || n.end >= s.size() || s[n.end] != '(') continue;
    const auto count = static_cast<unsigned>(split_arguments(s.substr(n.end + 1, closing(s, n.end) - n.end - 1)).size());
    if (arity.count(n.text) && arity[n.text] != count)
      throw std::runtime_error("function " + n.text + " called with " + std::to_string(count) + " and " +
                               std::to_string(arity[n.text]) + " arguments");
    arity[n.text] = count;
  }
}

// Splits `s` before each top-level operator of `ops` (a sign after another operator is unary, the
// sign of an exponent part of the number): a text over the reader's limit is read piece by piece.
std::vector<std::string> split_top(const std::string& s, const std::string& ops) {
  std::vector<std::string> out(1);
  int depth = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    const bool unary = i == 0 || std::string("*/^(,+-").find(s[i - 1]) != std::string::npos ||
                       ((s[i - 1] == 'e' || s[i - 1] == 'E') && i > 1 && std::isdigit(static_cast<unsigned char>(s[i - 2])));
    if (depth == 0 && ops.find(c) != std::string::npos && !(unary && (c == '+' || c == '-'))) out.emplace_back();
    out.back() += c;
  }
  return out;
}

// The stand-in for the k-th abstract function of the table: smooth, positive, and different for each
// function and each argument, so that a swapped function or argument changes the number.
std::string stand_in(std::size_t k, unsigned nargs) {
  std::string sum;
  for (unsigned i = 1; i <= nargs; ++i) sum += (i > 1 ? "+" : "") + std::to_string(i) + "*a" + std::to_string(i);
  return "2+cos(" + std::to_string(k + 1) + "/3*(" + sum + "))+1/" + std::to_string(k + 5) + "*a1";
}

struct StandIn {
  GiNaC::lst params;
  GiNaC::ex formula;
};

// Replaces each abstract function, and each of its derivatives, by its stand-in.
class SubstituteStandIns : public GiNaC::map_function {
 public:
  explicit SubstituteStandIns(const std::map<unsigned, StandIn>& by_serial) : by_serial_(by_serial) {}
  GiNaC::ex operator()(const GiNaC::ex& e) override {
    if (!GiNaC::is_a<GiNaC::function>(e)) return e.map(*this);
    const auto it = by_serial_.find(GiNaC::ex_to<GiNaC::function>(e).get_serial());
    if (it == by_serial_.end()) return e.map(*this);
    GiNaC::ex f = it->second.formula;
    if (GiNaC::is_a<GiNaC::fderivative>(e))
      for (unsigned p : GiNaC::ex_to<GiNaC::fderivative>(e).derivatives())
        f = f.diff(GiNaC::ex_to<GiNaC::symbol>(it->second.params.op(p)));
    GiNaC::lst at;
    for (std::size_t i = 0; i < e.nops(); ++i) at.append(it->second.params.op(i) == e.op(i).map(*this));
    return f.subs(at);
  }

 private:
  const std::map<unsigned, StandIn>& by_serial_;
};

std::string decimal(const GiNaC::numeric& x) {
  std::ostringstream os;
  os << GiNaC::dflt << x;
  return os.str();
}

class Evaluator {
 public:
  explicit Evaluator(const json& doc);
  json value(const std::string& text) const;
  GiNaC::ex read(const std::string& text) const;
  json describe() const;

 private:
  void declare_point(const std::vector<std::string>& names);
  void declare_functions(const std::vector<std::string>& functions, const std::map<std::string, unsigned>& arity);

  hamel::ExpressionReader reader_;
  GiNaC::exmap point_;
  json point_json_ = json::object(), functions_json_ = json::object();
  std::map<unsigned, StandIn> stand_ins_;
};

std::vector<std::string> entry_texts(const json& doc) {
  std::vector<std::string> out;
  for (const auto& [id, o] : doc.at("objects").items())
    for (const auto& e : o.at("entries")) out.push_back(e.at("value").get<std::string>());
  return out;
}

// The text with GiNaC's derivatives rewritten, or as it is when one cannot be (value() says why).
std::string readable(const std::string& text) {
  try {
    return rewrite_derivatives(text);
  } catch (const std::exception&) {
    return text;
  }
}

Evaluator::Evaluator(const json& doc) {
  std::vector<std::string> names, functions;
  std::set<std::string> known;
  for (const auto& s : doc.at("symbols")) {
    const std::string n = s.at("name");
    (s.at("kind") == "function" ? functions : names).push_back(n);
    known.insert(n);
  }
  // Names used but missing from the table (modules being ported) are declared too, as functions when
  // called; the Python side reports them.
  std::set<std::string> undeclared_symbols, undeclared_functions;
  const std::vector<std::string> texts = entry_texts(doc);
  for (const std::string& t : texts) {
    const std::string r = readable(t);
    for (const Name& n : identifiers(r))
      if (!known.count(n.text) && !builtin_names().count(n.text))
        (n.end < r.size() && r[n.end] == '(' ? undeclared_functions : undeclared_symbols).insert(n.text);
  }
  names.insert(names.end(), undeclared_symbols.begin(), undeclared_symbols.end());
  functions.insert(functions.end(), undeclared_functions.begin(), undeclared_functions.end());
  std::map<std::string, unsigned> arity;
  const std::set<std::string> function_set(functions.begin(), functions.end());
  for (const std::string& t : texts) count_arguments(readable(t), function_set, arity);
  declare_point(names);
  declare_functions(functions, arity);
  // GiNaC prints π and i as Pi and I; the reader knows pi only.
  if (!known.count("Pi")) reader_.declare("Pi", GiNaC::Pi);
  if (!known.count("I")) reader_.declare("I", GiNaC::I);
}

void Evaluator::declare_point(const std::vector<std::string>& names) {
  std::mt19937 random(kSeed);
  for (const std::string& n : names) {
    const unsigned milli = 300 + random() % 1000;  // in [0.3, 1.3): no zeros, no sign changes
    GiNaC::symbol s(n);
    reader_.declare(n, s);
    point_[s] = GiNaC::numeric(static_cast<int>(milli), 1000);
    char text[16];
    std::snprintf(text, sizeof text, "%u.%03u", milli / 1000, milli % 1000);
    point_json_[n] = text;
  }
}

void Evaluator::declare_functions(const std::vector<std::string>& functions, const std::map<std::string, unsigned>& arity) {
  for (std::size_t k = 0; k < functions.size(); ++k) {
    const std::string& n = functions[k];
    const unsigned nargs = arity.count(n) ? arity.at(n) : 1;
    const auto f = hamel::AbstractFunction::fresh(n, nargs);
    reader_.declare_function(f);
    hamel::ExpressionReader local;
    StandIn s;
    json args = json::array();
    for (unsigned i = 1; i <= nargs; ++i) {
      GiNaC::symbol a("a" + std::to_string(i));
      local.declare(a.get_name(), a);
      s.params.append(a);
      args.push_back(a.get_name());
    }
    s.formula = local.parse(stand_in(k, nargs));
    stand_ins_[f.serial()] = s;
    functions_json_[n] = {{"args", args}, {"formula", stand_in(k, nargs)}};
  }
}

// The reader's own parse for a text within its limit; a longer one (a printed value can be) as the
// sum, product, sign, parentheses or power it is at the top level, its pieces read the same way.
GiNaC::ex Evaluator::read(const std::string& text) const {
  if (text.size() <= kReaderLimit) return reader_.parse(text);
  const std::size_t first = text.find_first_not_of(' '), last = text.find_last_not_of(' ');
  if (first == std::string::npos) throw std::runtime_error("an empty piece");
  const std::string s = text.substr(first, last - first + 1);
  if (const auto t = split_top(s, "+-"); t.size() > 1) {
    GiNaC::ex sum = 0;
    for (const std::string& x : t) sum += x[0] == '+' ? read(x.substr(1)) : x[0] == '-' ? -read(x.substr(1)) : read(x);
    return sum;
  }
  if (s[0] == '-' || s[0] == '+') return s[0] == '-' ? -read(s.substr(1)) : read(s.substr(1));
  if (const auto f = split_top(s, "*/"); f.size() > 1) {
    GiNaC::ex product = read(f[0]);
    for (std::size_t i = 1; i < f.size(); ++i) product = f[i][0] == '*' ? product * read(f[i].substr(1)) : product / read(f[i].substr(1));
    return product;
  }
  if (const auto p = split_top(s, "^"); p.size() == 2) return GiNaC::pow(read(p[0]), read(p[1].substr(1)));
  if (s.front() == '(' && closing(s, 0) == s.size() - 1) return read(s.substr(1, s.size() - 2));
  throw std::invalid_argument("a piece longer than the reader's limit");
}

json Evaluator::value(const std::string& text) const {
  GiNaC::ex e = 0;
  try {
    e = read(rewrite_derivatives(text));
  } catch (const std::invalid_argument& x) {
    return {{"skip", x.what()}};
  } catch (const std::exception& x) {
    return {{"error", x.what()}};
  }
  try {
    SubstituteStandIns stand_ins(stand_ins_);
    const GiNaC::ex v = stand_ins(e).subs(point_).evalf();
    if (!GiNaC::is_a<GiNaC::numeric>(v)) return {{"skip", "no number at the point"}};
    const auto& n = GiNaC::ex_to<GiNaC::numeric>(v);
    return {{"re", decimal(n.real())}, {"im", decimal(n.imag())}};
  } catch (const std::exception& x) {
    return {{"skip", std::string("no value at the point: ") + x.what()}};
  }
}

json Evaluator::describe() const {
  return {{"digits", kDigits}, {"point", point_json_}, {"functions", functions_json_}};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: hamel_json_values DERIVATION.json\n";
    return 2;
  }
  try {
    GiNaC::Digits = kDigits;
    std::ifstream in(argv[1]);
    const json doc = json::parse(in);
    const Evaluator evaluator(doc);
    json out = evaluator.describe(), values = json::object();
    for (const auto& [id, o] : doc.at("objects").items()) {
      values[id] = json::array();
      for (const auto& e : o.at("entries")) values[id].push_back(evaluator.value(e.at("value").get<std::string>()));
    }
    out["values"] = values;
    std::cout << out.dump(1) << "\n";
    return 0;
  } catch (const std::exception& x) {
    std::cerr << "hamel_json_values: " << x.what() << "\n";
    return 1;
  }
}
