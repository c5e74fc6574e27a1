// io/render/breaking.cpp
#include "io/render/breaking.hpp"

#include <optional>

#include "core/latex.hpp"
#include "core/printing.hpp"
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
    return {{shortened(e, depth)}};
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
      append(line, p);
    }
    if (!line.empty()) out.push_back(line);
    return out;
  }

  /// Names defined while breaking (𝒟ₖ, 𝒜ₖ): (name, lines of its value).
  std::vector<std::pair<std::string, std::vector<std::string>>> definitions;

 private:
  // A fragment at the end of a line: × in front when it starts a line inside a product; joined as
  // to_latex joins factors (\cdot before a number).
  static void append(std::string& line, const Piece& p) {
    if (line.empty()) line = (p.factor ? "\\times " : "") + p.tex;
    else line += (p.factor && is_digit(p.tex.front()) ? " \\cdot " : " ") + p.tex;
  }

  static std::string joined(const Pieces& pieces) {
    std::string line;
    for (const auto& p : pieces) append(line, p);
    return line;
  }

  // A term with a negative coefficient whose minus the printer gives to a sum factor of both signs
  // ((π1²(…) − 2 I3 π1 π3 cos θ + …)/(2 K1 sin²θ), not −(2 I3 π1 π3 cos θ − π1²(…) − …)/(…), as the
  // text has it): the printer's own form, where it fits a line; nullopt otherwise (broken as before).
  std::optional<Pieces> taken_sign(const ex& t) const {
    std::string whole = to_latex(t, names_);
    if (latex_width(whole) > width_) return std::nullopt;
    return Pieces{{std::move(whole)}};
  }

  // a + b − c: each term its own fragments, with its sign in front.
  Pieces sum(const ex& e, int depth) {
    Pieces out;
    bool after_broken = false;
    for (const ex& t : ordered_operands(e)) {
      const bool negative = written_negative(t);
      auto p = negative && !text_leads_with_minus(t) ? taken_sign(t) : std::nullopt;
      if (p) {  // the minus taken by a sum factor, as the printer writes the term: one piece, a plus in front
        p->front().tex = (out.empty() ? "" : "+ ") + p->front().tex;
        p->front().own_line = after_broken;
        after_broken = false;
        out.insert(out.end(), p->begin(), p->end());
        continue;
      }
      p = pieces(negative ? ex(-t) : t, depth + 1);
      p->front().tex = (out.empty() ? (negative ? "-" : "") : (negative ? "- " : "+ ")) + p->front().tex;
      p->front().own_line = p->size() > 1 || after_broken;
      after_broken = p->size() > 1;
      out.insert(out.end(), p->begin(), p->end());
    }
    return out;
  }

  // c · Π f_i^{k_i} / D, its sign in front; numerator and denominator written without one (GiNaC
  // stores a sum with either sign, by hash order: term_order.hpp, leads_with_minus).
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
    bool negative = false;
    for (ex* x : {&num, &den})
      if (written_with_minus(*x)) {
        *x = -*x;
        negative = !negative;
      }
    const std::string sign = negative ? "-" : "";
    return den.is_equal(1) ? factors(num, sign, depth) : fraction(num, den, sign, depth);
  }

  // num/den: the whole fraction when it fits a line (the numerator's wide roots named), else 1/D in
  // front (D named when itself long) and the numerator broken after it.
  Pieces fraction(const ex& num, const ex& den, const std::string& sign, int depth) {
    std::string d = to_latex(den, names_);
    if (latex_width(d) > 0.6 * width_) d = name(den, "D", depth);
    const bool sum_ = is_a<GiNaC::add>(num);
    // (a sum is broken only when the fraction does not fit: nothing in it is named in vain)
    Pieces p = sum_ ? Pieces{{to_latex(num, names_)}} : factors(num, "", depth);
    const std::string whole = sign + "\\frac{" + joined(p) + "}{" + d + "}";
    if (latex_width(whole) <= width_) return {{whole}};
    if (sum_) p = bracketed(num, "", depth);
    // 1/D a fragment of its own: the first term or factor after it may need the whole line
    p.front().factor = true;
    p.insert(p.begin(), Piece{sign + "\\frac{1}{" + d + "}", false, false, true});
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
    if (!is_a<GiNaC::add>(base) || !positive_integer(exponent)) return {{shortened(f, depth)}};
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

  // An expression that no line can hold and that is neither a sum nor a product (a root, a function
  // of a long sum): its widest sums named 𝒜ₖ, the widest first, until it fits.
  std::string shortened(ex e, int depth) {
    std::string s = to_latex(e, names_);
    for (int k = 0; k < 4 && latex_width(s) > width_ && depth <= 8; ++k) {
      std::vector<ex> sums;
      inner_sums(e, sums);
      if (sums.empty()) break;
      ex widest = sums.front();
      for (const ex& x : sums)
        if (latex_width(to_latex(x, names_)) > latex_width(to_latex(widest, names_))) widest = x;
      const std::string n = name(widest, "A", depth);
      // a symbol printed as its LaTeX name; its own name, so that factors keep one order
      e = e.subs(widest == GiNaC::symbol("hamel_named_" + std::to_string(named_.size()), n));
      s = to_latex(e, names_);
    }
    return s;
  }

  // The outermost sums inside `e`, in the printer's order.
  static void inner_sums(const ex& e, std::vector<ex>& out) {
    for (const ex& x : ordered_operands(e)) {
      if (is_a<GiNaC::add>(x)) out.push_back(x);
      else inner_sums(x, out);
    }
  }

  // 𝒟ₖ (a denominator) or 𝒜ₖ (a part of a factor) for `part`: the name it already has in this
  // display, or the next one with that letter, defined on lines of its own.
  std::string name(const ex& part, const std::string& letter, int depth) {
    const std::string key = to_latex(part, names_);
    const std::string prefix = "\\mathcal{" + letter + "}_{";
    std::size_t count = 0;
    for (const auto& [tex, n] : named_) {
      if (tex == key) return n;
      if (n.compare(0, prefix.size(), prefix) == 0) ++count;
    }
    const std::string n = prefix + std::to_string(count + 1) + "}";
    named_.emplace_back(key, n);
    const std::size_t k = definitions.size();
    definitions.emplace_back(n, std::vector<std::string>{});
    auto value = lines(pieces(part, depth + 1));
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
