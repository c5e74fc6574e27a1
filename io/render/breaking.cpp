// io/render/breaking.cpp
#include "io/render/breaking.hpp"

#include "core/latex.hpp"
#include "core/term_order.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// Fragments of an expression's LaTeX: joined with spaces they give the expression; a display line
// may end between any two.  Operands are taken in the printer's term order, so the lines read as
// the unbroken formula does.
class Breaker {
 public:
  Breaker(double width, const LatexNames* names) : width_(width), names_(names) {}

  std::vector<std::string> pieces(const ex& e, int depth = 0) {
    const std::string s = to_latex(e, names_);
    if (latex_width(s) <= width_ || depth > 8) return {s};
    if (GiNaC::is_a<GiNaC::add>(e)) return sum(e, depth);
    if (GiNaC::is_a<GiNaC::mul>(e) || GiNaC::is_a<GiNaC::power>(e)) return product(e, depth);
    return {s};
  }

  std::vector<std::string> lines(const std::vector<std::string>& pieces) const {
    std::vector<std::string> out;
    std::string line;
    for (const auto& p : pieces) {
      if (!line.empty() && latex_width(line) + latex_width(p) > width_) {
        out.push_back(line);
        line.clear();
      }
      line += (line.empty() ? "" : " ") + p;
    }
    if (!line.empty()) out.push_back(line);
    return out;
  }

  std::vector<std::pair<std::string, std::vector<std::string>>> named;

 private:
  // a + b − c: each term its own fragments, with its sign in front.
  std::vector<std::string> sum(const ex& e, int depth) {
    std::vector<std::string> out;
    for (const ex& t : ordered_operands(e)) {
      const bool negative = written_negative(t);
      auto p = pieces(negative ? ex(-t) : t, depth + 1);
      p.front() = (out.empty() ? (negative ? "-" : "") : (negative ? "- " : "+ ")) + p.front();
      out.insert(out.end(), p.begin(), p.end());
    }
    return out;
  }

  // c · Π f_i^{k_i}: the denominator as 1/D in front (named when D itself is long), then the
  // numerator, whose longest sum factor is opened in a bracket that may span lines.
  std::vector<std::string> product(const ex& e, int depth) {
    ex num = 1, den = 1;
    for (const ex& f : GiNaC::is_a<GiNaC::mul>(e) ? ordered_operands(e) : std::vector<ex>{e}) {
      if (GiNaC::is_a<GiNaC::numeric>(f)) {
        num *= GiNaC::ex_to<GiNaC::numeric>(f).numer();
        den *= GiNaC::ex_to<GiNaC::numeric>(f).denom();
      } else if (GiNaC::is_a<GiNaC::power>(f) && GiNaC::is_a<GiNaC::numeric>(f.op(1)) &&
                 GiNaC::ex_to<GiNaC::numeric>(f.op(1)).is_negative()) {
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
    if (den.is_equal(1)) return opened(num, sign, depth);
    std::string d = to_latex(den, names_);
    if (latex_width(d) > 0.6 * width_) d = name(den, depth);
    const std::string lead = sign + "\\frac{1}{" + d + "}";
    if (num.is_equal(1)) return {lead};
    if (GiNaC::is_a<GiNaC::add>(num)) return bracketed(lead, num, "", depth);
    auto p = opened(num, "", depth);
    p.front() = lead + p.front();
    return p;
  }

  static bool written_with_minus(const ex& x) {
    return GiNaC::is_a<GiNaC::add>(x) ? leads_with_minus(x) : written_negative(x);
  }

  // A product without denominator: its widest sum factor (or power of a sum) opened in a bracket.
  std::vector<std::string> opened(const ex& e, const std::string& sign, int depth) {
    if (!GiNaC::is_a<GiNaC::mul>(e) && !GiNaC::is_a<GiNaC::power>(e)) {
      auto p = pieces(e, depth + 1);
      p.front() = sign + p.front();
      return p;
    }
    ex widest, rest = 1, exponent = 1;
    double w = -1;
    for (const ex& f : GiNaC::is_a<GiNaC::mul>(e) ? ordered_operands(e) : std::vector<ex>{e}) {
      const bool power_of_sum = GiNaC::is_a<GiNaC::power>(f) && GiNaC::is_a<GiNaC::add>(f.op(0));
      const double fw = GiNaC::is_a<GiNaC::add>(f) || power_of_sum ? latex_width(to_latex(f, names_)) : -1;
      if (fw > w) {
        if (w >= 0) rest *= widest;
        widest = f;
        w = fw;
      } else {
        rest *= f;
      }
    }
    if (w < 0) return {sign + to_latex(e, names_)};
    const bool power = GiNaC::is_a<GiNaC::power>(widest);
    const ex base = power ? widest.op(0) : widest;
    if (leads_with_minus(base)) {  // the sum written leading with a plus, its sign moved into the rest
      const bool odd = !power || !GiNaC::is_a<GiNaC::numeric>(widest.op(1)) || GiNaC::ex_to<GiNaC::numeric>(widest.op(1)).is_odd();
      widest = power ? GiNaC::pow(-base, widest.op(1)) : ex(-base);
      if (odd) rest = -rest;
    }
    const std::string lead = sign + (rest.is_equal(1) ? "" : rest.is_equal(-1) ? "-" : to_latex(rest, names_) + " ");
    const std::string close = power ? "^{" + to_latex(widest.op(1), names_) + "}" : "";
    return bracketed(lead, power ? widest.op(0) : widest, close, depth);
  }

  std::vector<std::string> bracketed(const std::string& lead, const ex& sum, const std::string& close, int depth) {
    auto p = pieces(sum, depth + 1);
    p.front() = lead + "\\Bigl(" + p.front();
    p.back() += "\\Bigr)" + close;
    return p;
  }

  std::string name(const ex& den, int depth) {
    const std::string n = "\\mathcal{D}_{" + std::to_string(named.size() + 1) + "}";
    named.emplace_back(n, std::vector<std::string>{});
    const std::size_t k = named.size() - 1;
    named[k].second = lines(pieces(den, depth + 1));
    return n;
  }

  double width_;
  const LatexNames* names_;
};

}  // namespace

BrokenDisplay break_display(const GiNaC::ex& value, double width, const std::map<std::string, std::string>* names) {
  Breaker b(width, names);
  BrokenDisplay out;
  out.lines = b.lines(b.pieces(value));
  out.named = b.named;
  return out;
}

}  // namespace hamel
