// io/render/breaking.cpp
#include "io/render/breaking.hpp"

#include "core/latex.hpp"
#include "core/term_order.hpp"

namespace hamel {

namespace {

using GiNaC::ex;
using GiNaC::is_a;
using GiNaC::numeric;

// A fragment of a display: joined with spaces, the fragments give the expression, and a line may end
// between any two.  `factor`: the fragment is the next factor of a product, so a line it starts
// begins with \times (a line starting with a bare factor would read as a new term).  `own_line`: a
// term broken over lines, or the term after it, starts a line (the reader sees where terms begin).
// `lead`: a 1/D in front of a bracket, after which no line need start.
struct Piece {
  std::string tex;
  bool factor = false;
  bool own_line = false;
  bool lead = false;
};
using Pieces = std::vector<Piece>;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A positive integer exponent: a power of a sum that may be opened in a bracket spanning lines.
bool positive_integer(const ex& x) {
  return is_a<numeric>(x) && GiNaC::ex_to<numeric>(x).is_pos_integer();
}

// The fragments of an expression's LaTeX.  Operands are taken in the printer's term and factor
// order, so the lines read as the unbroken formula does.
class Breaker {
 public:
  Breaker(double width, const LatexNames* names, std::vector<std::pair<std::string, std::string>>& named)
      : width_(width), names_(names), named_(named) {}

  Pieces pieces(const ex& e, int depth = 0) {
    const std::string s = to_latex(e, names_);
    if (latex_width(s) <= width_ || depth > 8) return {{s}};
    if (is_a<GiNaC::add>(e)) return sum(e, depth);
    if (is_a<GiNaC::mul>(e) || is_a<GiNaC::power>(e)) return product(e, depth);
    return {{s}};
  }

  // Fragments packed greedily into lines of at most `width_` em (a wider fragment alone on its line).
  std::vector<std::string> lines(const Pieces& pieces) const {
    std::vector<std::string> out;
    std::string line;
    bool leads_only = true;  // the line holds nothing but a 1/D
    for (const auto& p : pieces) {
      if (!line.empty() && ((p.own_line && !leads_only) || latex_width(line) + latex_width(p.tex) > width_)) {
        out.push_back(line);
        line.clear();
        leads_only = true;
      }
      leads_only = leads_only && p.lead;
      if (line.empty()) line = (p.factor ? "\\times " : "") + p.tex;
      else line += (p.factor && is_digit(p.tex.front()) ? " \\cdot " : " ") + p.tex;  // as to_latex joins
    }
    if (!line.empty()) out.push_back(line);
    return out;
  }

  /// Denominators named while breaking: (name, lines of its value).
  std::vector<std::pair<std::string, std::vector<std::string>>> definitions;

 private:
  // a + b − c: each term its own fragments, with its sign in front.
  Pieces sum(const ex& e, int depth) {
    Pieces out;
    bool after_broken = false;
    for (const ex& t : ordered_operands(e)) {
      const bool negative = written_negative(t);
      auto p = pieces(negative ? ex(-t) : t, depth + 1);
      p.front().tex = (out.empty() ? (negative ? "-" : "") : (negative ? "- " : "+ ")) + p.front().tex;
      p.front().own_line = p.size() > 1 || after_broken;
      after_broken = p.size() > 1;
      out.insert(out.end(), p.begin(), p.end());
    }
    return out;
  }

  // c · Π f_i^{k_i} / D: the whole fraction when it fits a line, else 1/D in front (D named when
  // itself long) and the numerator broken after it.
  Pieces product(const ex& e, int depth) {
    ex num = 1, den = 1;
    for (const ex& f : is_a<GiNaC::mul>(e) ? ordered_operands(e) : std::vector<ex>{e}) {
      if (is_a<numeric>(f)) {
        num *= GiNaC::ex_to<numeric>(f).numer();
        den *= GiNaC::ex_to<numeric>(f).denom();
      } else if (is_a<GiNaC::power>(f) && is_a<numeric>(f.op(1)) && GiNaC::ex_to<numeric>(f.op(1)).is_negative()) {
        den *= GiNaC::pow(f.op(0), -f.op(1));
      } else {
        num *= f;
      }
    }
    // the sign in front; numerator and denominator written without one (GiNaC stores a sum with
    // either sign, by hash order: term_order.hpp, leads_with_minus)
    bool negative = false;
    for (ex* x : {&num, &den})
      if (written_with_minus(*x)) {
        *x = -*x;
        negative = !negative;
      }
    const std::string sign = negative ? "-" : "";
    if (den.is_equal(1)) return factors(num, sign, depth);
    std::string d = to_latex(den, names_);
    if (latex_width(d) > 0.6 * width_) d = name(den, depth);
    const std::string whole = sign + "\\frac{" + to_latex(num, names_) + "}{" + d + "}";
    if (num.is_equal(1) || latex_width(whole) <= width_) return {{whole}};
    // 1/D a fragment of its own: the first term or factor after it may need the whole line
    const std::string lead = sign + "\\frac{1}{" + d + "}";
    Pieces p = is_a<GiNaC::add>(num) ? bracketed(num, "", depth) : factors(num, "", depth);
    p.front().factor = true;
    p.insert(p.begin(), Piece{lead, false, false, true});
    return p;
  }

  static bool written_with_minus(const ex& x) {
    return is_a<GiNaC::add>(x) ? leads_with_minus(x) : written_negative(x);
  }

  // A product without denominator (its sign written in `lead`), factor by factor: each factor a
  // fragment, a factor that is (a power of) a sum too wide for a line opened in a bracket.  The
  // numeric coefficient goes with the first factor.
  Pieces factors(const ex& e, const std::string& lead, int depth) {
    if (!is_a<GiNaC::mul>(e) && !is_a<GiNaC::power>(e)) {
      auto p = pieces(e, depth + 1);
      p.front().tex = lead + p.front().tex;
      return p;
    }
    numeric c = 1;
    bool turned_odd = false;  // sums written turned, an odd number of times: the sign flips
    Pieces out;
    for (const ex& f : is_a<GiNaC::mul>(e) ? ordered_operands(e) : std::vector<ex>{e}) {
      if (is_a<numeric>(f)) {
        c *= GiNaC::ex_to<numeric>(f);
        continue;
      }
      Pieces p = factor(f, turned_odd, depth);
      p.front().factor = !out.empty();
      out.insert(out.end(), p.begin(), p.end());
    }
    if (!c.is_real() || out.empty()) return {{lead + to_latex(e, names_)}};
    // the sign is in `lead` (product() wrote e without one): the coefficient's sign cancels the turns
    const std::string minus = c.is_negative() != turned_odd ? "-" : "";
    const std::string coefficient = abs(c).is_equal(1) ? "" : to_latex(abs(c), names_);
    const std::string join = coefficient.empty() ? "" : is_digit(out.front().tex.front()) ? " \\cdot " : " ";
    out.front().tex = lead + minus + coefficient + join + out.front().tex;
    return out;
  }

  // One factor: (a power of) a sum in brackets, written leading with a plus (`turned_odd` flips for
  // an odd power of a sum turned); opened when wider than a line.  Any other factor as to_latex has it.
  Pieces factor(const ex& f, bool& turned_odd, int depth) {
    const bool power = is_a<GiNaC::power>(f);
    ex base = power ? f.op(0) : f;
    const ex exponent = power ? f.op(1) : ex(1);
    if (!is_a<GiNaC::add>(base) || !positive_integer(exponent)) return {{to_latex(f, names_)}};
    if (leads_with_minus(base)) {
      base = -base;
      if (GiNaC::ex_to<numeric>(exponent).is_odd()) turned_odd = !turned_odd;
    }
    const std::string close = exponent.is_equal(1) ? "" : "^{" + to_latex(exponent, names_) + "}";
    const std::string whole = "\\left(" + to_latex(base, names_) + "\\right)" + close;
    if (latex_width(whole) <= width_ || depth > 8) return {{whole}};
    return bracketed(base, close, depth);
  }

  // \Bigl( a + b − … \Bigr)close, its terms fragments of their own.
  Pieces bracketed(const ex& sum_, const std::string& close, int depth) {
    auto p = sum(sum_, depth + 1);
    p.front().tex = "\\Bigl(" + p.front().tex;
    p.back().tex += "\\Bigr)" + close;
    return p;
  }

  // 𝒟ₖ for a long denominator: the name it already has in this display, or the next one, defined on
  // lines of its own.
  std::string name(const ex& den, int depth) {
    const std::string key = to_latex(den, names_);
    for (const auto& [tex, n] : named_)
      if (tex == key) return n;
    const std::string n = "\\mathcal{D}_{" + std::to_string(named_.size() + 1) + "}";
    named_.emplace_back(key, n);
    const std::size_t k = definitions.size();
    definitions.emplace_back(n, std::vector<std::string>{});
    auto value = lines(pieces(den, depth + 1));
    definitions[k].second = std::move(value);
    return n;
  }

  double width_;
  const LatexNames* names_;
  std::vector<std::pair<std::string, std::string>>& named_;
};

}  // namespace

BrokenDisplay DisplayBreaker::operator()(const GiNaC::ex& value) {
  Breaker b(width_, names_, named_);
  BrokenDisplay out;
  out.lines = b.lines(b.pieces(value));
  out.named = std::move(b.definitions);
  return out;
}

BrokenDisplay break_display(const GiNaC::ex& value, double width, const std::map<std::string, std::string>* names) {
  return DisplayBreaker(width, names)(value);
}

}  // namespace hamel
