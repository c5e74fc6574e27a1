// derivation/nonholonomic_simulation.cpp
#include "derivation/nonholonomic_simulation.hpp"

#include <Eigen/Dense>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/symbolic.hpp"
#include "derivation/domain_exits.hpp"
#include "derivation/gauge_search.hpp"
#include "derivation/in_variables.hpp"
#include "derivation/nonholonomic.hpp"
#include "mechanics/affine_constraints.hpp"
#include "mechanics/hamel_equations.hpp"
#include "numerics/compiled_function.hpp"
#include "reduction/gauge_search.hpp"

namespace hamel {

namespace {

// The value of e at a point (symbol → number), as a double. @throws DomainError if it is not a real number.
double value_at(const GiNaC::ex& e, const GiNaC::exmap& point, const std::string& what) {
  const GiNaC::ex v = GiNaC::evalf(e.subs(point));
  if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
    throw DomainError(detail::message("simulate", what + " at the initial state is not a real number", "a number",
                                      detail::str(v)));
  return GiNaC::ex_to<GiNaC::numeric>(v).to_double();
}

// The names of `chart` that `given` lacks, comma-separated.
std::string missing_names(const Chart& chart, std::size_t from, const std::map<std::string, double>& given) {
  std::string out;
  for (std::size_t i = from; i < chart.dim(); ++i)
    if (!given.count(chart.coordinate_name(i))) out += (out.empty() ? "" : ", ") + chart.coordinate_name(i);
  return out;
}

// π = G(q) v + A(q) for the velocities q̇ = X_0(q) + ρ(q) v, which must be allowed (in X_0 + D; A = 0 and
// X_0 = 0 for linear constraints).
std::vector<double> momenta_from_velocities(const NonholonomicSystem& sys, const GiNaC::exmap& point,
                                            const std::map<std::string, double>& given) {
  const Chart& T = sys.tangent_chart();
  const std::size_t n = sys.chart().dim(), r = sys.rank();
  Eigen::MatrixXd rho(n, r);
  Eigen::VectorXd qdot(n);
  for (std::size_t i = 0; i < n; ++i) {
    qdot(static_cast<Eigen::Index>(i)) = given.at(T.coordinate_name(n + i)) - value_at(sys.drift()[i], point, "the drift X_0");
    for (std::size_t a = 0; a < r; ++a)
      rho(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(a)) = value_at(sys.rho()(i, a), point, "the frame");
  }
  const Eigen::VectorXd v = rho.colPivHouseholderQr().solve(qdot);
  const double residual = (rho * v - qdot).norm(), scale = 1 + qdot.norm();
  if (!(residual <= 1e-10 * scale))
    throw DomainError(detail::message("simulate", "the initial velocities do not satisfy the constraints (they are not in D)",
                                      sys.is_affine() ? "q_dot = X_0(q) + X_a(q) v^a for some v, to 1e-10" : "q_dot = X_a(q) v^a for some v, to 1e-10",
                                      "a residual |q_dot - X v| = " + number_text(residual, 3)));
  std::vector<double> pi(r, 0.0);
  for (std::size_t a = 0; a < r; ++a) {
    if (sys.is_affine()) pi[a] = value_at(inner(sys.metric(), sys.drift(), sys.frame()[a]), point, "the drift's momentum");
    for (std::size_t b = 0; b < r; ++b)
      pi[a] += value_at(sys.constrained_metric()(a, b), point, "the constrained metric") * v(static_cast<Eigen::Index>(b));
  }
  return pi;
}

// The reduced equations u̇_a = f_a(u) as `hamel derive` writes them (the model's "reduced_equations"),
// when every one is in the variables; else why not.
struct ReducedEquations {
  std::vector<GiNaC::ex> symbols, field, on_dual;  // u_a, f_a(u), u_a(q, π)
  std::string note;
};

// Where the equations are written with the velocities v_u of the momentum variables (derivation/
// in_velocities.cpp: the model's "legendre_map", u = J(u) v + b(u)), v solved for in the variables, each
// velocity by its name (the symbols of the map and of the equations may be distinct objects). Empty
// without such a map; nullopt when the map cannot be solved.
std::optional<std::map<std::string, GiNaC::ex>> velocities_in_variables(const Derivation& d, const Chart& variables) {
  std::map<std::string, GiNaC::ex> out;
  const Object* map = d.find("legendre_map");
  if (!map) return out;
  GiNaC::lst equations, unknowns;
  std::set<std::string> names;  // of the velocities: one per momentum variable of the map
  for (const Entry& e : map->entries) names.insert(velocity_name(e.key.at(0)));
  GiNaC::exset seen;
  for (const Entry& e : map->entries) {
    const auto u = variables.index_of(e.key.at(0));
    if (!u) return std::nullopt;
    equations.append(variables[*u] == e.value);
    GiNaC::exset in_it;
    collect_symbols(e.value, in_it);
    for (const GiNaC::ex& x : in_it)
      if (names.count(GiNaC::ex_to<GiNaC::symbol>(x).get_name()) && seen.insert(x).second) unknowns.append(x);
  }
  if (unknowns.nops() != equations.nops()) return std::nullopt;
  const GiNaC::ex solved = GiNaC::lsolve(equations, unknowns);
  if (solved.nops() != unknowns.nops()) return std::nullopt;  // singular: no unique solution
  for (const GiNaC::ex& rel : solved) out[GiNaC::ex_to<GiNaC::symbol>(rel.lhs()).get_name()] = simplify(rel.rhs());
  return out;
}

// f with each velocity symbol of `v` (matched by name) replaced by its value in the variables.
GiNaC::ex with_velocities(const GiNaC::ex& f, const std::map<std::string, GiNaC::ex>& v) {
  if (v.empty()) return f;
  GiNaC::exset in_f;
  collect_symbols(f, in_f);
  GiNaC::exmap to;
  for (const GiNaC::ex& x : in_f)
    if (const auto it = v.find(GiNaC::ex_to<GiNaC::symbol>(x).get_name()); it != v.end()) to[x] = it->second;
  return to.empty() ? f : f.subs(to, GiNaC::subs_options::no_pattern);
}

ReducedEquations reduced_equations(const NonholonomicInput& given, const NonholonomicInput& in) {
  ReducedEquations r;
  if (in.variables.empty() || !in.variable_chart) return r;
  Derivation d;
  derive_nonholonomic(given, d, DeriveOptions{});
  const Object* eqs = d.find("reduced_equations");
  // the equations may be written with the momentum variables' velocities (the Chaplygin ball's Ω):
  // integrated, those are functions of the variables, the Legendre map solved
  const auto v = velocities_in_variables(d, *in.variable_chart);
  if (!v) return {{}, {}, {}, "the Legendre map of the momentum variables cannot be solved for their velocities"};
  for (const auto& u : in.variables) {
    const Entry* e = nullptr;  // into the model's object, which outlives the loop
    if (eqs)
      for (const Entry& x : eqs->entries)
        if (x.key == std::vector<std::string>{u.name}) e = &x;
    if (!e || !e->note.empty())
      return {{}, {}, {}, "d/dt " + u.name + " is not written in the variables" + (e ? " (" + e->note + ")" : " (the variable is not invariant)")};
    r.symbols.push_back((*in.variable_chart)[*in.variable_chart->index_of(u.name)]);
    r.field.push_back(with_velocities(e->value, *v));
    r.on_dual.push_back(u.expression);
  }
  return r;
}

// The gauge momenta a search finds (`gauge_momenta: {ansatz, shape}`), C_j = Σ_i f_ij(s) p_{W_i} with the
// numeric solutions f_j of f' = L(s) f (solved with the run's values), monitored after the run along
// its stored states (a spline of the solution is not an expression the integrator compiles). A state
// outside the solutions' interval of s ends the monitoring: the note says where.
void monitor_search_momenta(const NonholonomicSystem& sys, const GaugeSearchInput& search, const GiNaC::exmap& values,
                            bool grid, NonholonomicRun& out) {
  const GaugeAnsatz ansatz = gauge_ansatz(sys, search);
  const GaugeSolutions sol = solve_gauge_ode(derive_gauge_ode(sys, ansatz), search.shape, values, search.s_min,
                                             search.s_max, search.s_base);
  const Chart& M = sys.dual_chart();
  std::vector<GiNaC::ex> pw;
  for (const VectorField& W : ansatz.basis) pw.push_back(linear_momentum(sys, W));
  const CompiledFunction p = compile(pw, M.coordinates(), values, CompileOptions{Backend::Bytecode, "", "", true});
  const std::size_t si = *M.index_of(search.shape), nf = pw.size();
  const auto C = [&](std::size_t j, const State& x) {
    std::vector<double> pv(nf);
    p(x.data(), pv.data());
    const auto f = sol(j, x[si]);
    double c = 0;
    for (std::size_t i = 0; i < nf; ++i) c += f[i] * pv[i];
    return c;
  };
  const Trajectory& tr = out.run.trajectory;
  const auto inside = [&](const State& x) { return x[si] >= sol.s_min() && x[si] <= sol.s_max(); };
  for (std::size_t j = 0; j < sol.count(); ++j) {
    const double c0 = C(j, tr.x.front());
    double drift = 0;
    for (const State& x : tr.x) {
      if (!inside(x)) {
        out.notes.push_back("C" + std::to_string(j + 1) + " is monitored only while " + detail::str(search.shape) + " is in [" +
                            number_text(sol.s_min(), 6) + ", " + number_text(sol.s_max(), 6) +
                            "], where the search solved for it: the run left it");
        break;
      }
      drift = std::max(drift, std::abs(C(j, x) - c0));
    }
    out.run.names.push_back("C" + std::to_string(j + 1));
    out.meanings.push_back("gauge momentum " + std::to_string(j + 1) + " of the search, Σ_i f_i(" + detail::str(search.shape) +
                           ") p_W_i with f numeric");
    out.run.initial.push_back(c0);
    out.run.drift.push_back(drift);
    out.run.relative_drift.push_back(drift / std::max(std::abs(c0), 1e-300));
    const std::vector<State>& sampled = grid ? tr.grid_x : tr.x;
    for (std::size_t k = 0; k < sampled.size(); ++k)
      out.run.samples[k].push_back(inside(sampled[k]) ? C(j, sampled[k]) : std::nan(""));
  }
}

}  // namespace

State initial_on_dual(const NonholonomicSystem& sys, const GiNaC::exmap& values,
                      const std::vector<std::pair<std::string, double>>& initial) {
  const std::map<std::string, double> given(initial.begin(), initial.end());
  const Chart& M = sys.dual_chart();
  const Chart& T = sys.tangent_chart();
  const std::size_t n = sys.chart().dim();
  bool by_velocities = false;
  for (std::size_t i = n; i < T.dim(); ++i) by_velocities = by_velocities || given.count(T.coordinate_name(i));
  const Chart& second = by_velocities ? T : M;
  const std::string absent = missing_names(second, 0, given);
  if (!absent.empty())
    throw DomainError(detail::message("simulate", "an initial state on D∗",
                                      by_velocities ? "every coordinate and every velocity" : "every coordinate and every momentum pi_a",
                                      "none for " + absent));
  for (const auto& [name, value] : initial)
    if (!second.index_of(name))
      throw DomainError(detail::message("simulate", "an initial state on D∗",
                                        "velocities or momenta, not both", "'" + name + "' beside the velocities"));
  State x(M.dim());
  GiNaC::exmap point = values;
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = given.at(M.coordinate_name(i));
    point[M[i]] = x[i];
  }
  const std::vector<double> pi = by_velocities ? momenta_from_velocities(sys, point, given) : std::vector<double>{};
  for (std::size_t a = 0; a < sys.rank(); ++a) x[n + a] = by_velocities ? pi[a] : given.at(M.coordinate_name(n + a));
  return x;
}

namespace {

// What a run integrates: the state's symbols, their right-hand sides, the start, and what is monitored.
struct RunSetup {
  std::vector<GiNaC::ex> state, field;
  State start;
  std::vector<Monitored> monitors;
};

// H_c, the declared gauge momenta and, for affine constraints, the Jacobi-type integrals found conserved.
void monitor_integrals(const NonholonomicSystem& sys, const NonholonomicInput& in, const VectorField& X, RunSetup& run,
                       NonholonomicRun& out) {
  const Chart& M = sys.dual_chart();
  run.monitors.push_back({"H_c", constrained_hamiltonian(sys)});
  out.energies.push_back("H_c");
  out.meanings.push_back(sys.is_affine() ? "energy, not conserved with affine constraints in general"
                                         : "constrained energy, 004 (2.7)");
  for (std::size_t b : in.gauge) {
    run.monitors.push_back({M.coordinate_name(sys.chart().dim() + b), sys.momenta()[b]});
    out.meanings.push_back("declared gauge momentum");
  }
  for (const JacobiCandidate& c : jacobi_candidates(sys, in.symmetry))
    if (zero_test(X(c.integral), M).zero) {
      run.monitors.push_back({"J_" + c.name, c.integral});
      out.energies.push_back("J_" + c.name);  // H_c − p(Y): an energy
      out.meanings.push_back("Jacobi-type integral H_c - p(Y), Y = " +
                             (c.name == "X0" ? std::string("X_0") : detail::str(c.multiple) + " times " + c.name));
    }
  // derive's motion.momentum.<generator>: with affine constraints a generator's momentum is conserved only
  // sometimes, and derive reports which; each one it finds conserved is monitored too
  if (!sys.is_affine()) return;
  for (const auto& [name, xi] : in.symmetry) {
    const GiNaC::ex J = momentum_along(sys, xi);
    if (!zero_test(X(J), M).zero) continue;
    run.monitors.push_back({"p_" + name, J});
    out.meanings.push_back("momentum p(" + name + ") of the generator " + name + ", conserved");
  }
}

// The reduced equations beside the full ones, from u(q0, π0): the u_a join the state, and
// u_a(q, π) − u_a is monitored.
void add_reduced_equations(const NonholonomicInput& given, const NonholonomicInput& in, const GiNaC::exmap& values,
                           RunSetup& run, NonholonomicRun& out) {
  const ReducedEquations red = reduced_equations(given, in);
  if (!red.note.empty()) out.notes.push_back("the reduced equations are not integrated: " + red.note);
  GiNaC::exmap at_start = values;
  for (std::size_t i = 0; i < out.start.size(); ++i) at_start[run.state[i]] = out.start[i];
  for (std::size_t a = 0; a < red.symbols.size(); ++a) {
    const std::string name = GiNaC::ex_to<GiNaC::symbol>(red.symbols[a]).get_name();
    out.state_names.push_back(name);
    run.field.push_back(red.field[a]);
    run.state.push_back(red.symbols[a]);
    run.start.push_back(value_at(red.on_dual[a], at_start, "the variable " + name));
    run.monitors.push_back({name + "_full - " + name, red.on_dual[a] - red.symbols[a]});
    out.meanings.push_back(name + "(q, pi) of the full solution minus the reduced equations' " + name);
  }
  out.reduced = red.symbols.size();
}

}  // namespace

NonholonomicRun simulate_nonholonomic(const NonholonomicInput& given, const NonholonomicRunSpec& spec, const DeriveOptions& o) {
  const auto phase = [&o](const std::string& title) {
    if (o.progress) o.progress(title);
  };
  phase("building the system on D∗");
  const NonholonomicInput in = with_action_generators(given);  // the frame `hamel derive` computes
  const NonholonomicSystem sys = build_nonholonomic_system(in);
  const Chart& M = sys.dual_chart();
  NonholonomicRun out;
  for (std::size_t i = 0; i < M.dim(); ++i) out.state_names.push_back(M.coordinate_name(i));
  out.start = initial_on_dual(sys, spec.values, spec.initial);
  out.equations = sys.is_affine() ? "the Lagrange-d'Alembert equations on D∗" : "004 (2.8)";
  const VectorField X = nonholonomic_vector_field(sys);
  RunSetup run{M.coordinates(), X.components(), out.start, {}};
  phase("the quantities to monitor (which are conserved along the equations of motion)");
  monitor_integrals(sys, in, X, run, out);
  add_reduced_equations(given, in, spec.values, run, out);
  phase("integrating over t in [" + number_text(spec.t0, 6) + ", " + number_text(spec.t1, 6) + "]");
  IntegrateOptions io;
  if (o.detail)
    io.progress = [detail = o.detail](const Progress& p) {
      detail("t = " + number_text(p.t, 6) + " of " + number_text(p.t1, 6) + ", " + std::to_string(p.steps) + " steps");
    };
  out.run = integrate_monitored(run.field, run.state, run.monitors, spec.values, run.start, spec.t0, spec.t1, spec.step, io,
                                in.search ? 0 : spec.max_samples);
  // the frame, W and the zero tests were chosen and decided on the declared domain (docs/brackets.md):
  // a car's steering angle declared in (−1.2, 1.2) turning past π/2, where D's frame degenerates
  for (std::string& note : domain_exits(sys.chart(), out.run.trajectory, spec.values,
                                        "the frame, W and the checks of the derivation were chosen and decided on the domain"))
    out.notes.push_back(std::move(note));
  if (in.search && !sys.is_affine() && !out.run.trajectory.x.empty()) {
    phase("the gauge momenta of the search along the run");
    monitor_search_momenta(sys, *in.search, spec.values, spec.step > 0, out);
  }
  return out;
}

}  // namespace hamel
