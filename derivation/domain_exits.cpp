// derivation/domain_exits.cpp
#include "derivation/domain_exits.hpp"

#include "core/number_text.hpp"

namespace hamel {

std::vector<std::string> domain_exits(const Chart& Q, const std::vector<double>& t, const std::vector<std::vector<double>>& x,
                                      const GiNaC::exmap& values, const std::string& why) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    const auto d = Q.domain(i);
    if (!d) continue;
    const GiNaC::ex lo = GiNaC::evalf(d->lo.subs(values)), hi = GiNaC::evalf(d->hi.subs(values));
    if (!GiNaC::is_a<GiNaC::numeric>(lo) || !GiNaC::is_a<GiNaC::numeric>(hi)) continue;
    const double a = GiNaC::ex_to<GiNaC::numeric>(lo).to_double(), b = GiNaC::ex_to<GiNaC::numeric>(hi).to_double();
    for (std::size_t k = 0; k < x.size() && k < t.size(); ++k) {
      const double q = x[k][i];
      if (q > a && q < b) continue;
      out.push_back(Q.coordinate_name(i) + " leaves its declared domain (" + number_text(a, 6) + ", " + number_text(b, 6) + ") by t = " +
                    number_text(t[k], 6) + " (" + Q.coordinate_name(i) + " = " + number_text(q, 6) + "): " + why);
      break;
    }
  }
  return out;
}

std::vector<std::string> domain_exits(const Chart& Q, const Trajectory& run, const GiNaC::exmap& values, const std::string& why) {
  return run.t.empty() ? domain_exits(Q, run.grid_t, run.grid_x, values, why) : domain_exits(Q, run.t, run.x, values, why);
}

}  // namespace hamel
