// io/modules/gauge_search_section.cpp
#include "io/modules/gauge_search_section.hpp"

#include <cmath>
#include <sstream>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "mechanics/hamel_equations.hpp"
#include "numerics/compiled_function.hpp"
#include "numerics/ode.hpp"
#include "numerics/plot.hpp"

namespace hamel {

namespace {

double number(const Document& doc, const YAML::Node& n, const std::string& what) {
  static const ExpressionReader constants;
  const GiNaC::ex v = doc.expression(n, constants, what).evalf();
  if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
    doc.fail(n, what + ": expected a real number, got '" + doc.scalar(n, what) + "'");
  return GiNaC::ex_to<GiNaC::numeric>(v).to_double();
}

std::string fmt(double x, int digits = 10) {
  std::ostringstream os;
  os.precision(digits);
  os << x;
  return os.str();
}

}  // namespace

GaugeSearchInput read_gauge_search(const SystemFile& file, const NonholonomicSystem& system, const YAML::Node& node) {
  const Document& doc = file.doc;
  doc.check_keys(node, {"ansatz", "shape", "unknowns", "interval", "base", "check_time", "initial"}, "'gauge_momenta'");
  GaugeSearchInput in;
  const auto& names = system.frame_names();
  if (!node["ansatz"]) doc.fail(node, "'gauge_momenta': expected 'ansatz' (frame fields spanning S), got none");
  for (const auto& a : doc.sequence(node["ansatz"], "'ansatz'")) {
    const std::string n = doc.scalar(a, "'ansatz'");
    const auto it = std::find(names.begin(), names.end(), n);
    if (it == names.end()) {
      std::string msg = "'ansatz': unknown frame field '" + n + "'; expected one of";
      for (const auto& s : names) msg += " " + s;
      doc.fail(a, msg + ", got '" + n + "'");
    }
    in.ansatz.basis.push_back(system.frame()[static_cast<std::size_t>(it - names.begin())]);
    in.ansatz.basis_names.push_back(n);
  }
  if (!node["shape"]) doc.fail(node, "'gauge_momenta': expected 'shape' (an invariant coordinate), got none");
  const std::string shape = doc.scalar(node["shape"], "'shape'");
  const auto idx = system.chart().index_of(shape);
  if (!idx) doc.fail(node["shape"], "'shape': unknown coordinate '" + shape + "'; expected a coordinate");
  in.ansatz.shape = system.chart()[*idx];
  for (const auto& u : doc.sequence(node["unknowns"], "'unknowns'")) in.ansatz.unknowns.push_back(doc.name(u, "an unknown"));
  if (!in.ansatz.unknowns.empty() && in.ansatz.unknowns.size() != in.ansatz.basis.size())
    doc.fail(node["unknowns"], "'unknowns': expected one name per ansatz field (" + std::to_string(in.ansatz.basis.size()) +
                                   "), got " + std::to_string(in.ansatz.unknowns.size()));
  // the interval of s: the chart's domain shrunk by 1% at each end (the poles of 004 §7 are singular points of the chart)
  double lo = -3, hi = 3;
  if (auto dom = system.chart().domain(*idx)) {
    lo = GiNaC::ex_to<GiNaC::numeric>(dom->lo.evalf()).to_double();
    hi = GiNaC::ex_to<GiNaC::numeric>(dom->hi.evalf()).to_double();
  }
  in.s_min = lo + 0.01 * (hi - lo);
  in.s_max = hi - 0.01 * (hi - lo);
  if (node["interval"]) {
    const auto v = doc.sequence(node["interval"], "'interval'");
    if (v.size() != 2) doc.fail(node["interval"], "'interval': expected [lower, upper], got " + std::to_string(v.size()) + " values");
    in.s_min = number(doc, v[0], "'interval'");
    in.s_max = number(doc, v[1], "'interval'");
    if (!(in.s_min < in.s_max)) doc.fail(node["interval"], "'interval': expected lower < upper");
  }
  in.s_base = node["base"] ? number(doc, node["base"], "'base'") : (in.s_min + in.s_max) / 2;
  if (node["check_time"]) in.check_time = number(doc, node["check_time"], "'check_time'");
  const Chart& M = system.dual_chart();
  for (const auto& [k, v] : doc.mapping(node["initial"], "'initial'")) {
    const std::string n = doc.scalar(k, "'initial'");
    if (!M.index_of(n)) doc.fail(k, "'initial': unknown name '" + n + "'; expected a coordinate or a momentum pi1..");
    in.initial[n] = number(doc, v, "'initial' " + n);
  }
  // values of the parameters for the numerics
  const YAML::Node& root = doc.root();
  for (const auto& [k, v] : doc.mapping(root["values"], "'values'")) {
    const std::string n = doc.scalar(k, "'values'");
    const auto sym = system.chart().symbol(n);
    if (!sym || system.chart().index_of(n)) doc.fail(k, "'values': unknown parameter '" + n + "'; expected a parameter");
    in.values[*sym] = GiNaC::numeric(number(doc, v, "'values' " + n)) ;
  }
  return in;
}

GaugeSearchResult gauge_search_section(const NonholonomicSystem& system, const GaugeSearchInput& in, Report& report,
                                       const std::string& plot_base) {
  auto& s = report.add("Gauge momentum search (004 (7.5)-(7.7))");
  const GaugeOde ode = derive_gauge_ode(system, in.ansatz);
  const std::size_t nf = in.ansatz.basis.size();
  std::string z = "Z = ";
  for (std::size_t i = 0; i < nf; ++i)
    z += (i ? " + " : "") + ode.unknowns[i].name() + "(" + detail::str(in.ansatz.shape) + ") " + in.ansatz.basis_names[i];
  s.paragraphs.push_back("Ansatz " + z + ". " + ode.detail + ".");
  nlohmann::json Lj = nlohmann::json::object();
  for (unsigned i = 0; i < nf; ++i)
    for (unsigned j = 0; j < nf; ++j) {
      const GiNaC::ex e = pretty(ode.L(i, j));
      s.equations.push_back({"L_" + std::to_string(i + 1) + std::to_string(j + 1),
                             "L_{" + std::to_string(i + 1) + std::to_string(j + 1) + "}", e, "", ""});
      Lj[std::to_string(i + 1) + "," + std::to_string(j + 1)] = json_expression(e);
    }
  report.json["gauge_ode"] = {{"shape", detail::str(in.ansatz.shape)}, {"L", Lj}};
  const Form Lambda = gauge_three_form(system, in.ansatz, ode);
  GiNaC::ex momentum = 0;
  for (std::size_t i = 0; i < nf; ++i)
    momentum += ode.unknowns[i](in.ansatz.shape) * linear_momentum(system, in.ansatz.basis[i]);
  s.checks.push_back({"Lambda (Lemma 5.4, adapted basis with the unknowns obeying the ODE) is independent of the solution",
                      true, "symbolic: its components contain no unknown"});
  if (in.values.empty()) {
    s.paragraphs.push_back("No 'values' for the parameters: the ODE is not solved numerically.");
    return {ode, Lambda, momentum};
  }
  // numeric solutions
  for (unsigned i = 0; i < nf; ++i)
    for (unsigned j = 0; j < nf; ++j) {
      GiNaC::exmap jets;
      const GiNaC::ex e = freeze_jets(apply_derivative_rules(ode.L(i, j)).subs(in.values), jets);
      if (!jets.empty()) {
        s.paragraphs.push_back("L depends on abstract functions: no numeric solution.");
        return {ode, Lambda, momentum};
      }
      for (const auto& p : system.chart().parameters())
        if (e.has(p)) {
          s.paragraphs.push_back("No value for the parameter " + detail::str(p) + ": no numeric solution.");
          return {ode, Lambda, momentum};
        }
    }
  const GaugeSolutions sol = solve_gauge_ode(ode, in.ansatz.shape, in.values, in.s_min, in.s_max, in.s_base);
  s.paragraphs.push_back(std::to_string(sol.count()) + " independent solutions with Phi(" + fmt(in.s_base, 6) +
                         ") = Id on [" + fmt(in.s_min, 6) + ", " + fmt(in.s_max, 6) +
                         "] (Boost.Odeint dopri5, abs = rel = 1e-12; cubic Hermite interpolation).");
  ReportTable t;
  t.header.push_back(latex_name(detail::str(in.ansatz.shape)));
  for (std::size_t j = 0; j < sol.count(); ++j)
    for (std::size_t i = 0; i < nf; ++i) t.header.push_back(ode.unknowns[i].name() + "_{" + std::to_string(j + 1) + "}");
  Plot p;
  p.title = report.name + ": gauge momenta";
  p.xlabel = detail::str(in.ansatz.shape);
  p.ylabel = "coefficients";
  std::vector<Series> series(sol.count() * nf);
  for (std::size_t j = 0; j < sol.count(); ++j)
    for (std::size_t i = 0; i < nf; ++i) series[j * nf + i].title = ode.unknowns[i].name() + "_" + std::to_string(j + 1);
  const int samples = 200;
  nlohmann::json table = nlohmann::json::array();
  for (int k = 0; k <= samples; ++k) {
    const double x = in.s_min + (in.s_max - in.s_min) * k / samples;
    p.x.push_back(x);
    std::vector<std::string> row{fmt(x, 6)};
    nlohmann::json jr = {{"s", x}};
    for (std::size_t j = 0; j < sol.count(); ++j) {
      const auto v = sol(j, x);
      for (std::size_t i = 0; i < nf; ++i) {
        series[j * nf + i].y.push_back(v[i]);
        row.push_back(fmt(v[i], 8));
        jr[ode.unknowns[i].name() + "_" + std::to_string(j + 1)] = v[i];
      }
    }
    if (k % 20 == 0) {
      t.rows.push_back(row);
      table.push_back(jr);
    }
  }
  p.series = series;
  s.tables.push_back(t);
  report.json["gauge_ode"]["solutions"] = table;
  if (!plot_base.empty()) {
    try {
      const PlotFiles files = plot(p, plot_base + "_gauge_momenta");
      s.figures.push_back(files.svg);
      if (!files.png.empty()) s.figures.push_back(files.png);
    } catch (const std::exception& e) {
      s.paragraphs.push_back(std::string("No plot: ") + e.what());
    }
  }
  // conservation along (2.8)
  const Chart& M = system.dual_chart();
  const VectorField X = nonholonomic_vector_field(system);
  const CompiledFunction f = compile(X.components(), M.coordinates(), in.values, CompileOptions{Backend::Auto, "", "", true});
  State x0(M.dim(), 0.0);
  for (std::size_t i = 0; i < M.dim(); ++i) {
    const auto it = in.initial.find(M.coordinate_name(i));
    // a default state: the shape variable in the middle, small momenta
    x0[i] = it != in.initial.end() ? it->second
                                    : (M[i].is_equal(in.ansatz.shape) ? in.s_base : 0.1 + 0.07 * static_cast<double>(i % 5));
  }
  const auto si = *M.index_of(in.ansatz.shape);
  std::vector<GiNaC::ex> pw;
  for (const auto& W : in.ansatz.basis) pw.push_back(linear_momentum(system, W));
  const CompiledFunction pwf = compile(pw, M.coordinates(), in.values, CompileOptions{Backend::Bytecode, "", "", true});
  IntegrateOptions opt;
  opt.max_step = 0.01;
  const Trajectory tr = integrate(make_rhs(f), x0, 0.0, in.check_time, opt);
  for (std::size_t j = 0; j < sol.count(); ++j) {
    double c0 = 0, worst = 0;
    bool inside = true;
    for (std::size_t k = 0; k < tr.x.size(); ++k) {
      const double sv = tr.x[k][si];
      if (sv < in.s_min || sv > in.s_max) {
        inside = false;
        break;
      }
      std::vector<double> pv(nf);
      pwf(tr.x[k].data(), pv.data());
      const auto coef = sol(j, sv);
      double c = 0;
      for (std::size_t i = 0; i < nf; ++i) c += coef[i] * pv[i];
      if (k == 0) c0 = c;
      worst = std::max(worst, std::abs(c - c0));
    }
    const double rel = worst / std::max(std::abs(c0), 1e-300);
    const std::string name = "gauge momentum " + std::to_string(j + 1) + " is conserved along (2.8) to 1e-9 over t in [0, " +
                             fmt(in.check_time, 4) + "]";
    if (!tr.completed() || !inside)
      s.checks.push_back({name, false, !inside ? "the trajectory left the interval of the solution" : tr.message});
    else
      s.checks.push_back({name, rel <= 1e-9, "numeric: relative drift " + fmt(rel, 3) + " over " + std::to_string(tr.steps) + " steps"});
    report.json["gauge_ode"]["drift"].push_back(rel);
  }
  // Lemma 7.2: L odd and 2π-periodic in s (sampled)
  std::vector<GiNaC::ex> entries;
  for (unsigned i = 0; i < nf; ++i)
    for (unsigned j = 0; j < nf; ++j) entries.push_back(ode.L(i, j));
  const CompiledFunction Lf = compile(entries, {in.ansatz.shape}, in.values, CompileOptions{Backend::Bytecode, "", "", true});
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
  s.checks.push_back({"L(s) is odd and 2pi-periodic (Lemma 7.2: the solutions are even and periodic)",
                      odd <= 1e-9 * std::max(1.0, scale) && periodic <= 1e-9 * std::max(1.0, scale),
                      "numeric, 39 samples: max |L(s) + L(-s)| = " + fmt(odd, 3) + ", max |L(s) - L(s + 2pi)| = " + fmt(periodic, 3)});
  return {ode, Lambda, momentum};
}

}  // namespace hamel
