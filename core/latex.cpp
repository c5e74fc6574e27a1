// core/latex.cpp
#include "core/latex.hpp"

#include <cctype>
#include <set>
#include <sstream>

#include "core/abstract_function.hpp"

namespace hamel {
namespace {

const std::set<std::string>& greek() {
  static const std::set<std::string> g = {
      "alpha", "beta",  "gamma", "delta",   "epsilon", "zeta",  "eta",   "theta", "iota",
      "kappa", "lambda", "mu",   "nu",      "xi",      "pi",    "rho",   "sigma", "tau",
      "upsilon", "phi", "chi",   "psi",     "omega",   "Gamma", "Delta", "Theta", "Lambda",
      "Xi",    "Pi",    "Sigma", "Upsilon", "Phi",     "Psi",   "Omega", "vartheta", "varphi",
      "varepsilon", "varrho"};
  return g;
}

std::string base_name(const std::string& s) {
  if (s == "phi") return "\\varphi";  // the papers' φ
  if (greek().count(s)) return "\\" + s;
  if (s.size() > 1) return "\\mathrm{" + s + "}";
  return s;
}

}  // namespace

std::string latex_name(const std::string& name) {
  if (name.empty()) return name;
  const std::string dot = "_dot";
  if (name.size() > dot.size() && name.compare(name.size() - dot.size(), dot.size(), dot) == 0)
    return "\\dot{" + latex_name(name.substr(0, name.size() - dot.size())) + "}";
  const auto us = name.find('_');
  if (us != std::string::npos && us > 0 && us + 1 < name.size())
    return latex_name(name.substr(0, us)) + "_{" + latex_name(name.substr(us + 1)) + "}";
  std::size_t k = name.size();
  while (k > 0 && std::isdigit(static_cast<unsigned char>(name[k - 1]))) --k;
  if (k > 0 && k < name.size()) return base_name(name.substr(0, k)) + "_{" + name.substr(k) + "}";
  return base_name(name);
}

namespace {

// Replaces each abstract-function derivative by a symbol whose LaTeX name uses primes.
struct JetsToDisplay : GiNaC::map_function {
  GiNaC::ex operator()(const GiNaC::ex& e) override {
    if (GiNaC::is_a<GiNaC::fderivative>(e) && is_abstract_jet(e)) {
      const auto& fd = GiNaC::ex_to<GiNaC::fderivative>(e);
      const std::string fname = abstract_function_name(fd.get_serial());
      std::ostringstream args;
      for (std::size_t i = 0; i < e.nops(); ++i) {
        if (i) args << ",";
        args << to_latex(e.op(i));
      }
      std::string tex = latex_name(fname);
      if (e.nops() == 1) {
        const auto n = fd.derivatives().size();
        tex += n <= 3 ? std::string(n, '\'') : "^{(" + std::to_string(n) + ")}";
      } else {
        std::ostringstream sub;
        for (unsigned p : fd.derivatives()) sub << p + 1;
        tex = "\\partial_{" + sub.str() + "}" + tex;
      }
      tex += "(" + args.str() + ")";
      return GiNaC::symbol(fname + "_jet", tex);
    }
    return e.map(*this);
  }
};

}  // namespace

std::string to_latex(const GiNaC::ex& e) {
  JetsToDisplay f;
  std::ostringstream os;
  os << GiNaC::latex << f(e);
  return os.str();
}

std::string to_text(const GiNaC::ex& e) {
  std::ostringstream os;
  os << GiNaC::dflt << e;
  return os.str();
}

}  // namespace hamel
