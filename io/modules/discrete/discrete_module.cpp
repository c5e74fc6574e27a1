// io/modules/discrete/discrete_module.cpp — the discrete module of `hamel derive | check | simulate`
// (docs/discrete.md): it reads the `discrete:` section and hands it to the derivation
// (derivation/discrete.cpp); claims compare against the shared state, simulate writes the trajectories.
#include "io/modules/discrete/discrete_module.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "derivation/discrete.hpp"
#include "io/modules/discrete/discrete_file.hpp"
#include "mechanics/discrete/energy.hpp"
#include "mechanics/discrete/rescaled_zero_test.hpp"
#include "numerics/csv.hpp"
#include "numerics/plot.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

std::string sci(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3g", v);
  return b;
}

ex show(const ex& e) { return rescaled_pretty(e); }

std::vector<std::string> names_of(const Chart& Q, const std::vector<std::size_t>& idx) {
  std::vector<std::string> out;
  for (auto i : idx) out.push_back(Q.coordinate_name(i));
  return out;
}

std::vector<std::string> all_names(const Chart& Q) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < Q.dim(); ++i) out.push_back(Q.coordinate_name(i));
  return out;
}

// The file as read (claims need its slot reader) and the state derived from it.
struct Loaded {
  DiscreteFile file;
  DiscreteState state;
};

Loaded load(const SystemFile& system_file) {
  SystemFile f = system_file;  // reading claims the names the section declares
  DiscreteFile file = read_discrete(f);
  DiscreteState state = discrete_state(file);
  return Loaded{std::move(file), std::move(state)};
}

// ------------------------------------------------------------------ simulate

// What `hamel simulate` prints: Newton's work, the routes taken and the last point.
void print_summary(const SystemFile& file, const DiscreteState& d, const DiscreteSimulationResult& r, double h, std::ostream& out) {
  const Chart& Q = d.in.system.chart();
  const std::size_t N = d.in.simulation->steps;
  out << "discrete simulation of " << file.name << ": " << N << " steps of h = " << h << "\n";
  if (r.unreduced)
    out << "  unreduced (3): max " << r.unreduced->max_iterations << " Newton iterations per step (mean "
        << sci(r.unreduced->mean_iterations()) << "), max residual " << sci(r.unreduced->max_residual) << "\n";
  if (!r.reduced_route.empty()) out << "  reduced: " << r.reduced_route << ", max " << r.reduced_max_iterations << " iterations per step\n";
  if (!r.reduced_note.empty()) out << "  reduced: none (" << r.reduced_note << ")\n";
  if (!r.energy_dla.empty())
    out << "  energy error: variational " << sci(max_energy_error(r.energy_dla)) << ", Heun " << sci(max_energy_error(r.energy_heun)) << "\n";
  const auto& last = r.unreduced ? r.unreduced->q.back() : r.reconstructed.back();
  out << "  q_" << N << " =";
  for (std::size_t i = 0; i < Q.dim(); ++i) out << " " << Q.coordinate_name(i) << " = " << sci(last[i]);
  out << "\n";
}

// The CSV's columns: k, t, then whichever of q, nu, q reconstructed, w and the energies the run has.
std::vector<std::string> csv_header(const DiscreteState& d, const DiscreteSimulationResult& r) {
  const Chart& Q = d.in.system.chart();
  std::vector<std::string> header{"k", "t"};
  if (r.unreduced) {
    for (std::size_t i = 0; i < Q.dim(); ++i) header.push_back(Q.coordinate_name(i));
    for (std::size_t a = 0; a < d.in.system.variational().size(); ++a) header.push_back("nu" + std::to_string(a + 1));
  }
  if (!r.reconstructed.empty())
    for (std::size_t i = 0; i < Q.dim(); ++i) header.push_back(Q.coordinate_name(i) + "_reconstructed");
  if (!r.reduced_w.empty())
    for (const auto& g : group_coordinate_names(*d.in.bundle)) header.push_back("w_" + g);
  if (!r.energy_dla.empty()) {
    header.push_back("energy_variational");
    header.push_back("energy_heun");
  }
  return header;
}

// Row k of the CSV, in the columns of csv_header; NaN where a sequence is shorter (no multiplier at k = 0).
std::vector<double> csv_row(const DiscreteState& d, const DiscreteSimulationResult& r, std::size_t k, double h) {
  const double nan = std::nan("");
  const auto at = [&](const std::vector<std::vector<double>>& v, std::size_t i, std::size_t j) { return i < v.size() ? v[i][j] : nan; };
  const std::size_t n = d.in.system.chart().dim();
  std::vector<double> row{static_cast<double>(k), k * h};
  if (r.unreduced) {
    for (std::size_t i = 0; i < n; ++i) row.push_back(r.unreduced->q[k][i]);
    for (std::size_t a = 0; a < d.in.system.variational().size(); ++a)
      row.push_back(k >= 1 ? at(r.unreduced->multipliers, k - 1, a) : nan);
  }
  if (!r.reconstructed.empty())
    for (std::size_t i = 0; i < n; ++i) row.push_back(at(r.reconstructed, k, i));
  if (!r.reduced_w.empty())
    for (std::size_t j = 0; j < group_coordinate_names(*d.in.bundle).size(); ++j) row.push_back(at(r.reduced_w, k, j));
  if (!r.energy_dla.empty()) {
    row.push_back(k < r.energy_dla.size() ? r.energy_dla[k] : nan);
    row.push_back(k < r.energy_heun.size() ? r.energy_heun[k] : nan);
  }
  return row;
}

void write_csv(const DiscreteState& d, const DiscreteSimulationResult& r, double h, const std::string& path, std::ostream& out) {
  CsvWriter w(path, csv_header(d, r));
  for (std::size_t k = 0; k <= d.in.simulation->steps; ++k) w.row(csv_row(d, r, k, h));
  w.finish();
  out << "CSV written to " << path << " (" << w.rows() << " rows)\n";
}

// The energy errors when the run compared them, else the trajectory.
void write_plot(const SystemFile& file, const DiscreteState& d, const DiscreteSimulationResult& r, double h,
                const std::string& path, std::ostream& out) {
  std::string base = path;
  for (const char* ext : {".svg", ".png"})
    if (base.size() > 4 && base.compare(base.size() - 4, 4, ext) == 0) base.resize(base.size() - 4);
  const std::size_t N = d.in.simulation->steps;
  Plot p;
  for (std::size_t k = 0; k <= N; ++k) p.x.push_back(k * h);
  p.xlabel = "t = k h";
  if (!r.energy_dla.empty()) {
    p.title = file.name + ": energy error, variational vs Heun";
    p.ylabel = "E_k - E_0";
    Series a{"discrete Lagrange-d'Alembert", {}}, b{"Heun (order 2)", {}};
    for (std::size_t k = 0; k <= N; ++k) {
      a.y.push_back(k < r.energy_dla.size() ? r.energy_dla[k] - r.energy_dla[0] : r.energy_dla.back() - r.energy_dla[0]);
      b.y.push_back(r.energy_heun[k] - r.energy_heun[0]);
    }
    p.series = {a, b};
  } else {
    p.title = file.name + ": discrete trajectory";
    p.ylabel = "q_k";
    const auto& q = r.unreduced ? r.unreduced->q : r.reconstructed;
    const Chart& Q = d.in.system.chart();
    for (std::size_t i = 0; i < Q.dim(); ++i) {
      Series s{Q.coordinate_name(i), {}};
      for (std::size_t k = 0; k <= N; ++k) s.y.push_back(q[k][i]);
      p.series.push_back(s);
    }
  }
  out << "plot written to " << plot(p, base).svg << "\n";
}

int simulate_file(const SystemFile& file, const SimulateOptions& o, std::ostream& out) {
  const DiscreteState d = load(file).state;
  const DiscreteSimulationResult r = run_discrete_simulation(d);
  const double h = GiNaC::ex_to<GiNaC::numeric>(d.in.system.step().subs(d.in.simulation->values).evalf()).to_double();
  if (!o.quiet) print_summary(file, d, r, h, out);
  if (r.reconstruction_error >= 0)
    out << "  reduced-then-reconstructed vs unreduced: max |dq| = " << sci(r.reconstruction_error)
        << (r.reconstruction_error <= kReconstructionTolerance ? " (agree)" : " (DISAGREE)") << "\n";
  if (!o.csv.empty()) write_csv(d, r, h, o.csv, out);
  if (!o.plot.empty()) write_plot(file, d, r, h, o.plot, out);
  return r.reconstruction_error > kReconstructionTolerance ? 1 : 0;
}

// ------------------------------------------------------------------ claims

ClaimResult compare_claim(const Claim& c, const ex& derived, const ex& claimed, const Chart& chart) {
  ClaimResult res;
  res.name = c.name;
  res.kind = c.kind;
  res.line = c.node.Mark().line + 1;
  const ZeroVerdict v = rescaled_zero_test(derived - claimed, chart);
  res.holds = v.zero;
  res.how = v.how();
  res.derived = to_text(show(derived));
  res.claimed = to_text(claimed);
  if (!v.zero && !v.point.empty()) res.counterexample = describe_point(v.point);
  return res;
}

std::size_t index_in(const Document& doc, const YAML::Node& n, const std::vector<std::string>& names, const std::string& what) {
  const std::string s = doc.scalar(n, what);
  const auto it = std::find(names.begin(), names.end(), s);
  if (it == names.end()) {
    std::string msg = what + ": unknown name '" + s + "'; expected one of";
    for (const auto& x : names) msg += " " + x;
    doc.fail(n, msg + ", got '" + s + "'");
  }
  return static_cast<std::size_t>(it - names.begin());
}

// One claim with what checking it needs: where errors point, the shared state and the reader of values.
struct ClaimInput {
  const Document& doc;
  const DiscreteState& d;
  const Claim& c;
  const ExpressionReader& reader;
  const YAML::Node& body() const { return c.body; }
  ex value() const {
    if (!c.body["value"]) doc.fail(c.body, "expected 'value', got none");
    return doc.expression(c.body["value"], reader, "'value'");
  }
  const ReducedSystem& reduced() const {
    if (!d.reduced) doc.fail(c.body, "a '" + c.kind + "' claim needs a reduced system ('symmetry' and a nonholonomic connection); got none");
    return *d.reduced;
  }
};

// reduced_force {slot, shape} and mixed_curvature {slot, group, shape}.
ClaimResult check_reduced_component(const ClaimInput& in) {
  const Document& doc = in.doc;
  const YAML::Node& b = in.body();
  const ReducedSystem& R = in.reduced();
  if (!b["slot"] || !b["shape"]) doc.fail(b, "expected 'slot' (minus or plus) and 'shape' (a shape coordinate), got none");
  const std::string slotv = doc.scalar(b["slot"], "'slot'");
  if (slotv != "minus" && slotv != "plus") doc.fail(b["slot"], "'slot': expected minus or plus, got '" + slotv + "'");
  const std::size_t a = index_in(doc, b["shape"], names_of(in.d.in.system.chart(), R.bundle().shape_indices()), "'shape'");
  if (in.c.kind == "reduced_force")
    return compare_claim(in.c, slotv == "minus" ? R.force_minus[a] : R.force_plus[a], in.value(), reduced_chart(R.bundle()));
  if (!b["group"]) doc.fail(b, "expected 'group' (a group coordinate), got none");
  const std::size_t j = index_in(doc, b["group"], group_coordinate_names(R.bundle()), "'group'");
  const auto& Bm = slotv == "minus" ? R.curvature_minus : R.curvature_plus;
  return compare_claim(in.c, Bm(static_cast<unsigned>(j), static_cast<unsigned>(a)), in.value(), reduced_chart(R.bundle()));
}

// reduced_equation {horizontal: k} or {vertical: k}, k 1-based.
ClaimResult check_reduced_equation(const ClaimInput& in) {
  const Document& doc = in.doc;
  const YAML::Node& b = in.body();
  const ReducedSystem& R = in.reduced();
  if (!b["horizontal"] && !b["vertical"]) doc.fail(b, "expected 'horizontal' or 'vertical' (a 1-based index), got none");
  const bool hor = static_cast<bool>(b["horizontal"]);
  const auto& list = hor ? R.horizontal : R.vertical;
  const YAML::Node& at = hor ? b["horizontal"] : b["vertical"];
  const std::string text = doc.scalar(at, "the index");
  std::size_t k = 0;
  bool ok = !text.empty() && text.size() < 6;
  for (char ch : text) ok = ok && std::isdigit(static_cast<unsigned char>(ch));
  if (ok) k = std::stoul(text);
  if (!ok || k < 1 || k > list.size())
    doc.fail(at, "expected an index between 1 and " + std::to_string(list.size()) + ", got '" + text + "'");
  return compare_claim(in.c, list[k - 1], in.value(), reduced_chart(R.bundle()));
}

// The Lagrangian of the system on M (Chaplygin) or on Q/H (horizontal symmetry), in the slots of Q.
ClaimResult check_shape_lagrangian(const ClaimInput& in) {
  const DiscreteState& d = in.d;
  const DiscreteSystem* star = d.hs_system ? &*d.hs_system : d.chaplygin_system ? &*d.chaplygin_system : nullptr;
  if (!star) in.doc.fail(in.body(), "a 'shape_lagrangian' claim needs a Chaplygin or horizontal-symmetry reduction; got none");
  const TrivialBundle& B = d.hs_system ? *d.hs_bundle : *d.in.bundle;
  return compare_claim(in.c, star->lagrangian().subs(shape_symbols_to_q(B)), in.value(), d.in.system.triple());
}

ClaimResult check_momentum(const ClaimInput& in) {
  const DiscreteState& d = in.d;
  const YAML::Node& b = in.body();
  if (!d.in.bundle) in.doc.fail(b, "a 'discrete_momentum' claim needs 'symmetry'; got none");
  if (!b["section"]) in.doc.fail(b, "expected 'section' (a name of 'momentum'), got none");
  std::vector<std::string> names;
  for (const auto& [nm, xi] : d.in.sections) names.push_back(nm);
  const std::size_t i = index_in(in.doc, b["section"], names, "'section'");
  return compare_claim(in.c, discrete_momentum(d.in.system, *d.in.bundle, d.in.sections[i].second), in.value(), d.in.system.triple());
}

// A yes/no claim on (53): `holds` (default true) against the derived verdict.
ClaimResult check_horizontal_symmetry(const ClaimInput& in) {
  const Document& doc = in.doc;
  const YAML::Node& b = in.body();
  ClaimResult res;
  res.name = in.c.name;
  res.kind = in.c.kind;
  res.line = in.c.node.Mark().line + 1;
  if (!in.d.hs_test) doc.fail(b, "a 'horizontal_symmetry' claim needs 'horizontal_symmetry: {subgroup}' in the system file; got none");
  bool claimed = true;
  if (b.IsMap() && b["holds"]) {
    const std::string v = doc.scalar(b["holds"], "'holds'");
    if (v != "true" && v != "false") doc.fail(b["holds"], "'holds': expected true or false, got '" + v + "'");
    claimed = v == "true";
  }
  res.holds = in.d.hs_test->horizontal == claimed;
  res.how = "(53) " + in.d.hs_test->detail;
  res.derived = in.d.hs_test->horizontal ? "true" : "false";
  res.claimed = claimed ? "true" : "false";
  return res;
}

ClaimResult check_one(const Document& doc, const DiscreteState& d, const Claim& c, const ExpressionReader& reader) {
  const ClaimInput in{doc, d, c, reader};
  const Chart& Q = d.in.system.chart();
  if (c.kind == "discrete_lagrangian") return compare_claim(c, d.in.system.lagrangian(), in.value(), d.in.system.triple());
  if (c.kind == "discrete_equation") {
    if (!c.body["coordinate"]) doc.fail(c.body, "expected 'coordinate', got none");
    const std::size_t i = index_in(doc, c.body["coordinate"], all_names(Q), "'coordinate'");
    return compare_claim(c, d.eq.momentum_balance[i], in.value(), d.in.system.triple());
  }
  if (c.kind == "reduced_lagrangian") return compare_claim(c, in.reduced().lagrangian, in.value(), reduced_chart(in.reduced().bundle()));
  if (c.kind == "reduced_force" || c.kind == "mixed_curvature") return check_reduced_component(in);
  if (c.kind == "reduced_equation") return check_reduced_equation(in);
  if (c.kind == "shape_lagrangian") return check_shape_lagrangian(in);
  if (c.kind == "discrete_momentum") return check_momentum(in);
  if (c.kind == "horizontal_symmetry") return check_horizontal_symmetry(in);
  doc.fail(c.node, "unknown claim kind '" + c.kind + "'");
}

class DiscreteModule : public Module {
 public:
  std::string name() const override { return "discrete"; }
  std::vector<std::string> keys() const override { return {"discrete"}; }
  bool applies(const SystemFile& f) const override { return static_cast<bool>(f.doc.root()["discrete"]); }
  void derive(const SystemFile& f, Derivation& out, const DeriveOptions& options) const override {
    SystemFile copy = f;  // reading claims the names the section declares
    derive_discrete(read_discrete(copy), out, options);
  }
  std::vector<std::string> claim_kinds() const override {
    return {"discrete_lagrangian", "discrete_equation", "reduced_lagrangian", "reduced_force", "mixed_curvature",
            "reduced_equation", "shape_lagrangian", "discrete_momentum", "horizontal_symmetry"};
  }
  std::vector<ClaimResult> check(const SystemFile& f, const std::vector<Claim>& claims, const ClaimsContext& ctx) const override {
    const Loaded l = load(f);
    ExpressionReader reader = l.file.slots;
    apply_context(ctx, reader);
    std::vector<ClaimResult> out;
    for (const auto& c : claims) out.push_back(check_one(ctx.doc ? *ctx.doc : f.doc, l.state, c, reader));
    return out;
  }
  bool can_simulate(const SystemFile& f) const override {
    const YAML::Node& d = f.doc.root()["discrete"];
    return d.IsMap() && static_cast<bool>(d["simulate"]);
  }
  int simulate(const SystemFile& f, const SimulateOptions& o, std::ostream& out) const override { return simulate_file(f, o, out); }
};

}  // namespace

std::unique_ptr<Module> make_discrete_module() { return std::make_unique<DiscreteModule>(); }

}  // namespace hamel
