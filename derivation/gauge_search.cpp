// derivation/gauge_search.cpp
#include "derivation/gauge_search.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "mechanics/hamel_equations.hpp"
#include "numerics/compiled_function.hpp"
#include "numerics/ode.hpp"
#include "numerics/plot.hpp"

#include "core/number_text.hpp"

namespace hamel {

bool periodic_in(const GiNaC::ex& e, const GiNaC::ex& s) {
  if (!e.has(s)) return true;
  if (e.is_equal(s)) return false;
  if (GiNaC::is_the_function<GiNaC::sin_SERIAL>(e) || GiNaC::is_the_function<GiNaC::cos_SERIAL>(e) ||
      GiNaC::is_the_function<GiNaC::tan_SERIAL>(e)) {
    const GiNaC::ex a = e.op(0).expand(), n = a.coeff(s, 1);
    return a.degree(s) == 1 && a.ldegree(s) >= 0 && GiNaC::is_a<GiNaC::numeric>(n) &&
           GiNaC::ex_to<GiNaC::numeric>(n).is_integer() && !(a - n * s).expand().has(s);
  }
  for (std::size_t i = 0; i < e.nops(); ++i)
    if (!periodic_in(e.op(i), s)) return false;
  return true;
}

namespace {

std::string name_of(const GiNaC::ex& e) { return detail::str(e); }

// L_ij of f' = L(s) f, every entry (the ODE is read as a matrix).
void ode_object(const GaugeOde& ode, std::size_t nf, DerivationSection& s) {
  Object& L = s.object("gauge_search.ode", ObjectKind::Family, "the ODE $f' = L(s) f$ of the unknowns");
  for (unsigned i = 0; i < nf; ++i)
    for (unsigned j = 0; j < nf; ++j) {
      const std::string a = std::to_string(i + 1), b = std::to_string(j + 1);
      L.add({a, b}, Label::symbol("L", {a, b}), simplify(ode.L(i, j)));
    }
}

// Why the ODE cannot be solved numerically, or empty when it can.
std::string why_not_numeric(const NonholonomicSystem& system, const GaugeOde& ode, const GaugeSearchInput& in, std::size_t nf) {
  if (in.values.empty()) return "No 'values' for the parameters: the ODE is not solved numerically.";
  for (unsigned i = 0; i < nf; ++i)
    for (unsigned j = 0; j < nf; ++j) {
      GiNaC::exmap jets;
      const GiNaC::ex e = freeze_jets(apply_derivative_rules(ode.L(i, j)).subs(in.values), jets);
      if (!jets.empty()) return "L depends on abstract functions: no numeric solution.";
      for (const auto& p : system.chart().parameters())
        if (e.has(p)) return "No value for the parameter " + name_of(p) + ": no numeric solution.";
    }
  return "";
}

std::vector<std::string> ansatz_names(const GaugeOde& ode, std::size_t nf) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < nf; ++i) out.push_back(ode.unknowns[i].name());
  return out;
}

// The solutions sampled: a table of every 20th of 200 samples and a plot of all of them.
void tabulate(const GaugeOde& ode, const GaugeSolutions& sol, const GaugeSearchInput& in, std::size_t nf, DerivationSection& s,
              const std::string& system_name, const DeriveOptions& options) {
  Table t;
  t.id = "gauge_search.solutions";
  t.caption = "the solutions $Phi(s)$ sampled";
  t.columns.push_back(name_of(in.shape));
  for (std::size_t j = 0; j < sol.count(); ++j)
    for (std::size_t i = 0; i < nf; ++i) t.columns.push_back(ode.unknowns[i].name() + "_" + std::to_string(j + 1));
  Plot p;
  p.title = system_name + ": gauge momenta";
  p.xlabel = name_of(in.shape);
  p.ylabel = "coefficients";
  std::vector<Series> series(sol.count() * nf);
  for (std::size_t k = 0; k < series.size(); ++k) series[k].title = t.columns[k + 1];
  const int samples = 200;
  for (int k = 0; k <= samples; ++k) {
    const double x = in.s_min + (in.s_max - in.s_min) * k / samples;
    p.x.push_back(x);
    std::vector<std::string> row{number_text(x, 6)};
    for (std::size_t j = 0; j < sol.count(); ++j) {
      const auto v = sol(j, x);
      for (std::size_t i = 0; i < nf; ++i) {
        series[j * nf + i].y.push_back(v[i]);
        row.push_back(number_text(v[i], 8));
      }
    }
    if (k % 20 == 0) t.rows.push_back(row);
  }
  p.series = series;
  s.tables.push_back(t);
  s.functions.push_back(NumericFunction{"gauge_search.solutions", "the solutions $Phi(s)$", name_of(in.shape),
                                        {t.columns.begin() + 1, t.columns.end()}, sol.s_min(), sol.s_max(),
                                        [sol, nf](double x) {
                                          std::vector<double> v;
                                          for (std::size_t j = 0; j < sol.count(); ++j) {
                                            const auto f = sol(j, x);
                                            v.insert(v.end(), f.begin(), f.begin() + static_cast<std::ptrdiff_t>(nf));
                                          }
                                          return v;
                                        },
                                        ansatz_names(ode, nf)});
  if (options.plot_base.empty()) return;
  try {
    const PlotFiles files = plot(p, gauge_plot_base(options.plot_base));
    s.figures.push_back(Figure{files.svg, "the gauge-momentum coefficients"});
    if (!files.png.empty()) s.figures.push_back(Figure{files.png, "the gauge-momentum coefficients"});
  } catch (const std::exception& e) {
    s.prose.push_back(std::string("No plot: ") + e.what());
  }
}

// The start of the conservation check: the shape variable at the base point, small momenta.
State initial_state(const Chart& M, const GaugeSearchInput& in) {
  State x0(M.dim(), 0.0);
  for (std::size_t i = 0; i < M.dim(); ++i) {
    const auto it = in.initial.find(M.coordinate_name(i));
    x0[i] = it != in.initial.end() ? it->second
                                    : (M[i].is_equal(in.shape) ? in.s_base : 0.1 + 0.07 * static_cast<double>(i % 5));
  }
  return x0;
}

// Where the solutions are known along a trajectory: on their interval; for every s when L = 0 (they
// are constant); modulo 2π when L is 2π-periodic in the angle s and the interval holds a period over
// which Φ returns to itself (monodromy Id, the situation of Lemma 7.2).
struct KnownDomain {
  double lo = 0, hi = 0, period = 0;  // period 0: not extended
  bool everywhere = false;
  std::string extension;              // how the domain was extended, for the verdict; empty if not

  // s where the solutions are read, or none outside what is known
  std::optional<double> at(double s) const {
    if (everywhere) return std::min(std::max(s, lo), hi);
    if (period > 0) return lo + s - period * std::floor((s - lo) / period);
    if (s >= lo && s <= hi) return s;
    return std::nullopt;
  }
};

bool l_vanishes(const GaugeOde& ode, const GiNaC::exmap& values, std::size_t nf) {
  for (unsigned i = 0; i < nf; ++i)
    for (unsigned j = 0; j < nf; ++j)
      if (!GiNaC::normal(apply_derivative_rules(ode.L(i, j)).subs(values)).is_zero()) return false;
  return true;
}

KnownDomain known_domain(const GaugeOde& ode, const GaugeSolutions& sol, const GaugeSearchInput& in, std::size_t nf) {
  KnownDomain d{in.s_min, in.s_max, 0, false, ""};
  const std::string s = name_of(in.shape);
  if (l_vanishes(ode, in.values, nf)) {
    d.everywhere = true;
    d.extension = "L = 0: the solutions are constant, known for every " + s;
    return d;
  }
  bool periodic = true;
  for (unsigned i = 0; i < nf; ++i)
    for (unsigned j = 0; j < nf; ++j) periodic = periodic && periodic_in(ode.L(i, j).subs(in.values), in.shape);
  if (!periodic || in.s_max - in.s_min < 2 * M_PI) return d;
  double gap = 0;  // Φ(a + 2π) − Φ(a), solution by solution
  for (std::size_t j = 0; j < sol.count(); ++j) {
    const auto a = sol(j, in.s_min), b = sol(j, in.s_min + 2 * M_PI);
    for (std::size_t i = 0; i < nf; ++i) gap = std::max(gap, std::abs(b[i] - a[i]) / std::max(1.0, std::abs(a[i])));
  }
  if (gap > 1e-8) return d;
  d.period = 2 * M_PI;
  d.extension = "L is 2pi-periodic and Phi(a + 2pi) = Phi(a) to " + number_text(gap, 2) + " (a = " + number_text(in.s_min, 6) +
                "): the solutions are 2pi-periodic, " + s + " is read modulo 2pi";
  return d;
}

// The part of the trajectory where the solutions are known: its samples before the first one outside.
std::size_t known_part(const Trajectory& tr, std::size_t si, const KnownDomain& d) {
  std::size_t k = 0;
  while (k < tr.x.size() && d.at(tr.x[k][si])) ++k;
  return k;
}

// Each solution's momentum Σ f_i(s) p_{W_i} along a trajectory of (2.8): its relative drift, over the part
// of the trajectory where the solutions are known. A trajectory that leaves their interval (an angle that
// keeps turning) is checked up to where it leaves, the span stated; with too little of it the verdict is
// undecided, never a failure: conservation is then not tested, not refuted.
void check_conservation(const NonholonomicSystem& system, const GaugeAnsatz& ansatz, const GaugeSolutions& sol, const GaugeOde& ode,
                        const GaugeSearchInput& in, std::size_t nf, DerivationSection& s) {
  const Chart& M = system.dual_chart();
  const CompiledFunction f = compile(nonholonomic_vector_field(system).components(), M.coordinates(), in.values,
                                     CompileOptions{Backend::Auto, "", "", true});
  std::vector<GiNaC::ex> pw;
  for (const auto& W : ansatz.basis) pw.push_back(linear_momentum(system, W));
  const CompiledFunction pwf = compile(pw, M.coordinates(), in.values, CompileOptions{Backend::Bytecode, "", "", true});
  IntegrateOptions opt;
  opt.max_step = 0.01;
  const State x0 = initial_state(M, in);
  const Trajectory tr = integrate(make_rhs(f), x0, 0.0, in.check_time, opt);
  const auto si = *M.index_of(in.shape);
  GiNaC::exmap start = in.values;  // the trajectory's start, for H_c(0) in the verdicts
  for (std::size_t i = 0; i < M.dim(); ++i) start[M[i]] = x0[i];
  const GiNaC::ex h0 = GiNaC::evalf(constrained_hamiltonian(system).subs(start));
  const std::string energy = GiNaC::is_a<GiNaC::numeric>(h0) ? ", H_c(0) = " + number_text(GiNaC::ex_to<GiNaC::numeric>(h0).to_double(), 6) : "";
  const KnownDomain known = known_domain(ode, sol, in, nf);
  const std::size_t n = known_part(tr, si, known);
  const bool whole = n == tr.x.size() && tr.completed();
  const double t_end = n > 0 ? tr.t[n - 1] : 0.0;
  const std::string interval = "[" + number_text(in.s_min, 6) + ", " + number_text(in.s_max, 6) + "]";
  // why the rest of [0, check_time] is not checked
  std::string cut = "the integration stopped: " + tr.message;
  if (n < tr.x.size())
    cut = (n ? "the trajectory left the interval " + interval + " of the solutions at t = " + number_text(tr.t[n], 6)
             : "the trajectory starts outside the interval " + interval + " of the solutions") +
          " (" + name_of(in.shape) + " = " + number_text(tr.x[n][si], 6) + ")";
  const std::size_t kMinSamples = 10;  // a drift over fewer steps says nothing
  for (std::size_t j = 0; j < sol.count(); ++j) {
    double c0 = 0, worst = 0;
    for (std::size_t k = 0; k < n; ++k) {
      std::vector<double> pv(nf);
      pwf(tr.x[k].data(), pv.data());
      const auto coef = sol(j, *known.at(tr.x[k][si]));
      double c = 0;
      for (std::size_t i = 0; i < nf; ++i) c += coef[i] * pv[i];
      if (k == 0) c0 = c;
      worst = std::max(worst, std::abs(c - c0));
    }
    const double rel = worst / std::max(std::abs(c0), 1e-300);
    const std::string id = "gauge_search.conserved." + std::to_string(j + 1);
    const std::string what = "gauge momentum " + std::to_string(j + 1) + " is conserved along (2.8) to 1e-9 over t in [0, ";
    if (n < kMinSamples) {
      Verdict& v = s.verdict(id, what + number_text(in.check_time, 4) + "]", false,
                             "not checked: " + cut + (n ? ", after " + std::to_string(n - 1) + " steps" : ""));
      v.undecided = true;
      v.expected = std::nullopt;
      v.reason = "the solutions are known only for " + name_of(in.shape) + " in " + interval +
                 "; start the check inside it or widen it (gauge_momenta: initial, interval)";
      continue;
    }
    std::string method = "numeric evidence: relative drift " + number_text(rel, 3) + " over " + std::to_string(whole ? tr.steps : n - 1) +
                         " steps from C(0) = " + number_text(c0, 6) + energy;
    if (!known.extension.empty()) method += "; " + known.extension;
    if (!whole) method += "; " + cut + ", t in (" + number_text(t_end, 6) + ", " + number_text(in.check_time, 4) + "] is not checked";
    s.verdict(id, what + number_text(whole ? in.check_time : t_end, whole ? 4 : 6) + "]", rel <= 1e-9, method);
  }
}

// Lemma 7.2: L odd and 2π-periodic in s (sampled), when s is an angle: the lemma is about the
// angle θ of 004 §7; a shape variable such as a length enters L(s) otherwise (issue 19 §7).
void check_lemma_7_2(const GaugeOde& ode, const GaugeSearchInput& in, std::size_t nf, DerivationSection& s) {
  std::vector<GiNaC::ex> entries;
  for (unsigned i = 0; i < nf; ++i)
    for (unsigned j = 0; j < nf; ++j) entries.push_back(ode.L(i, j));
  if (!std::all_of(entries.begin(), entries.end(), [&](const GiNaC::ex& x) { return periodic_in(x.subs(in.values), in.shape); })) {
    s.prose.push_back("Lemma 7.2 (L odd and 2pi-periodic) is not checked: the shape variable enters L(s) other than "
                      "through sin and cos of multiples of it, so it is not an angle.");
    return;
  }
  const CompiledFunction Lf = compile(entries, {in.shape}, in.values, CompileOptions{Backend::Bytecode, "", "", true});
  double odd = 0, periodic = 0, scale = 0;
  for (int k = 1; k < 40; ++k) {
    const double x = 0.05 + 3.0 * k / 40;
    std::vector<double> a(nf * nf), b(nf * nf), c(nf * nf);
    double xm = -x, xp = x + 2 * M_PI;
    Lf(&x, a.data());
    Lf(&xm, b.data());
    Lf(&xp, c.data());
    for (std::size_t q = 0; q < a.size(); ++q) {
      odd = std::max(odd, std::abs(a[q] + b[q]));
      periodic = std::max(periodic, std::abs(a[q] - c[q]));
      scale = std::max(scale, std::abs(a[q]));
    }
  }
  s.verdict("gauge_search.lemma_7_2", "L(s) is odd and 2pi-periodic (Lemma 7.2: the solutions are even and periodic)",
            odd <= 1e-9 * std::max(1.0, scale) && periodic <= 1e-9 * std::max(1.0, scale),
            "numeric evidence, 39 samples: max |L(s) + L(-s)| = " + number_text(odd, 3) + ", max |L(s) - L(s + 2pi)| = " + number_text(periodic, 3));
}

}  // namespace

GaugeAnsatz gauge_ansatz(const NonholonomicSystem& system, const GaugeSearchInput& in) {
  GaugeAnsatz a{{}, in.ansatz, in.shape, {}, in.unknowns};
  const auto& names = system.frame_names();
  for (const auto& n : in.ansatz) {
    const auto it = std::find(names.begin(), names.end(), n);
    if (it == names.end())
      throw InvalidArgument(detail::message("gauge_ansatz", "unknown frame field '" + n + "'", "a frame field of the system", n));
    a.basis.push_back(system.frame()[static_cast<std::size_t>(it - names.begin())]);
  }
  for (const auto& f : in.unknowns) a.unknowns.push_back(f.name());
  return a;
}

GaugeSearchResult derive_gauge_search(const NonholonomicSystem& system, const GaugeSearchInput& in, Derivation& out,
                                      const DeriveOptions& options) {
  if (options.progress) options.progress("Gauge momentum search");
  DerivationSection& s = out.add("gauge_search", "Gauge momentum search (004 (7.5)-(7.7))");
  const GaugeAnsatz ansatz = gauge_ansatz(system, in);
  const GaugeOde ode = derive_gauge_ode(system, ansatz);
  const std::size_t nf = ansatz.basis.size();
  std::string z = "$Z = ";
  for (std::size_t i = 0; i < nf; ++i)
    z += (i ? " + " : "") + ode.unknowns[i].name() + "(" + name_of(in.shape) + ") " + ansatz.basis_names[i];
  s.prose.push_back("Ansatz " + z + "$. " + ode.detail + ".");
  for (const auto& u : ode.unknowns)  // g(theta): an unknown function of the shape coordinate
    out.declare(u.name(), SymbolKind::Function, "unknown function of the gauge-momentum ansatz");
  ode_object(ode, nf, s);
  const Form Lambda = gauge_three_form(system, ansatz, ode);
  GiNaC::ex momentum = 0;
  for (std::size_t i = 0; i < nf; ++i) momentum += ode.unknowns[i](in.shape) * linear_momentum(system, ansatz.basis[i]);
  s.verdict("gauge_search.lambda_independent",
            "$Lambda$ (Lemma 5.4, adapted basis with the unknowns obeying the ODE) is independent of the solution", true,
            "symbolic: its components contain no unknown");
  const std::string why = why_not_numeric(system, ode, in, nf);
  if (!why.empty()) {
    s.prose.push_back(why);
    return {ode, Lambda, momentum};
  }
  const GaugeSolutions sol = solve_gauge_ode(ode, in.shape, in.values, in.s_min, in.s_max, in.s_base);
  s.prose.push_back(std::to_string(sol.count()) + " independent solutions with $Phi(" + number_text(in.s_base, 6) +
                    ") = Id$ on [" + number_text(in.s_min, 6) + ", " + number_text(in.s_max, 6) +
                    "] (Boost.Odeint dopri5, abs = rel = 1e-12; cubic Hermite interpolation).");
  tabulate(ode, sol, in, nf, s, out.name, options);
  check_conservation(system, ansatz, sol, ode, in, nf, s);
  check_lemma_7_2(ode, in, nf, s);
  return {ode, Lambda, momentum};
}

}  // namespace hamel
