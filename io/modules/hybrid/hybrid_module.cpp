// io/modules/hybrid/hybrid_module.cpp — derive (report sections and JSON), simulate, and the Module.
#include "io/modules/hybrid/hybrid_module.hpp"

#include <Eigen/Dense>

#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "core/symbolic.hpp"
#include "geometry/lifts.hpp"
#include "numerics/plot.hpp"

namespace hamel {

namespace {

using GiNaC::ex;
using nlohmann::json;

std::string fmt(double v, int digits = 10) {
  std::ostringstream os;
  os.precision(digits);
  os << v;
  return os.str();
}

std::string direction_text(Direction d) {
  switch (d) {
    case Direction::Falling: return "falling (h goes from > 0 to < 0: sigma < 0)";
    case Direction::Rising: return "rising (h goes from < 0 to > 0: sigma > 0)";
    case Direction::Either: return "either direction (sigma != 0)";
  }
  return "";
}

ReportCheck check_of(const std::string& name, const ZeroVerdict& v) {
  std::string how = v.how();
  if (!v.zero && !v.point.empty()) how += "; nonzero at " + describe_point(v.point);
  return {name, v.zero, how};
}

std::string verdict_how(const HybridVerdict& v) {
  std::string how = v.how;
  if (!v.holds) {
    if (!v.failed.empty()) how = "fails: " + v.failed + "; " + how;
    if (v.counterexample) how += "; counterexample: " + describe_sample(*v.counterexample);
    if (!v.note.empty()) how += "; " + v.note;
  }
  return how;
}

ReportCheck check_of(const std::string& name, const HybridVerdict& v) { return {name, v.holds, verdict_how(v)}; }

std::string tex_coord(const std::string& name) { return latex_name(name); }

json sample_json(const SamplePoint& p) {
  json j = json::object();
  for (const auto& [k, v] : p) j[detail::str(k)] = GiNaC::ex_to<GiNaC::numeric>(v.evalf()).to_double();
  return j;
}

}  // namespace

HybridDerived derive_hybrid(const SystemFile& file) {
  HybridFile in = read_hybrid(file);
  const ForcedLagrangianSystem& s = in.system->system();
  const VectorField X = forced_euler_lagrange_field(s);
  const ForcedHamiltonianSystem H = hamiltonian_side(s);
  const VectorField XH = forced_hamiltonian_field(H);
  const ForceSymmetryAlgebra sym = force_symmetry_algebra(s, in.generators);
  std::vector<ex> J, mu;
  for (const auto& g : in.generators) {
    J.push_back(lagrangian_momentum(s, g.xi));
    mu.push_back(GiNaC::realsymbol("mu_" + g.name, "\\mu_{\\mathrm{" + latex_escape(g.name) + "}}"));
  }
  return HybridDerived{std::move(in), X, H, XH, sym, J, mu};
}

namespace {

void derive_report(const SystemFile& file, Report& report) {
  const HybridDerived d = derive_hybrid(file);
  const HybridFile& in = d.in;
  const SimpleHybridSystem& H = *in.system;
  const ForcedLagrangianSystem& s = H.system();
  const Chart& Q = s.chart();
  const Chart TQ = s.tangent_chart();
  const Chart TsQ = cotangent_bundle(Q);
  const std::size_t n = Q.dim();
  json& J = report.json["hybrid"];
  J = json::object();
  J["time"] = in.time ? json(detail::str(*in.time)) : json(nullptr);
  GiNaC::lst vel, mom;
  for (const ex& v : s.velocities()) vel.append(v);
  for (const ex& p : momenta(Q)) mom.append(p);

  {  // the forced Lagrangian system
    auto& sec = report.add("Forced Lagrangian system (000 section 2.2" + std::string(in.time ? ", section 5" : "") + ")");
    sec.paragraphs.push_back("Coordinates " + Q.describe() + (in.time ? "; time-dependent, time " + detail::str(*in.time) +
                                                                             " (dynamics X_t = d/dt + X on R x TQ)"
                                                                       : "") +
                             ". Sign convention: forces enter with a minus sign, d/dt dL/dq_dot - dL/dq = -F^L (F is minus "
                             "the Newtonian force).");
    if (in.force_on_momenta)
      sec.paragraphs.push_back("The force was given on T*Q; F^L = FL*F, F^L_i(q, q_dot) = F_i(q, dL/dq_dot).");
    sec.equations.push_back({"L", "L", pretty(s.lagrangian(), vel), "", ""});
    sec.equations.push_back({"E_L", "E_L", pretty(lagrangian_energy(s), vel), "", ""});
    json F = json::object(), eq = json::object();
    for (std::size_t i = 0; i < n; ++i) {
      const std::string c = Q.coordinate_name(i);
      sec.equations.push_back({"F^L_" + c, "F^L_{" + tex_coord(c) + "}", pretty(s.force()[i], vel), "", ""});
      F[c] = json_expression(s.force()[i]);
    }
    for (std::size_t i = 0; i < n; ++i) {
      const std::string c = Q.coordinate_name(i);
      sec.equations.push_back({"d/dt " + c + "_dot", "\\ddot{" + tex_coord(c) + "}", pretty(d.field[n + i], vel), "", ""});
      eq[c] = json_expression(d.field[n + i]);
    }
    J["lagrangian"] = json_expression(s.lagrangian());
    J["energy"] = json_expression(lagrangian_energy(s));
    J["force_lagrangian"] = F;
    J["accelerations"] = eq;
  }
  {  // the Hamiltonian side
    auto& sec = report.add("Forced Hamiltonian system: X_{H,F} (000 section 2.2)");
    sec.equations.push_back({"H", "H", pretty(d.hamiltonian.hamiltonian(), mom), "", ""});
    json F = json::object(), X = json::object();
    for (std::size_t i = 0; i < n; ++i)
      if (!d.hamiltonian.force()[i].is_zero()) {
        const std::string c = Q.coordinate_name(i);
        sec.equations.push_back({"F_" + c, "F_{" + tex_coord(c) + "}", pretty(d.hamiltonian.force()[i], mom), "", ""});
        F[c] = json_expression(d.hamiltonian.force()[i]);
      }
    for (std::size_t i = 0; i < 2 * n; ++i) {
      const std::string c = TsQ.coordinate_name(i);
      sec.equations.push_back({"d/dt " + c, "\\dot{" + latex_name(c) + "}", pretty(d.hamiltonian_field[i], mom), "", ""});
      X[c] = json_expression(d.hamiltonian_field[i]);
    }
    ZeroVerdict prop1;
    prop1.zero = true;
    for (const ex& e : legendre_relatedness_defect(s))
      if (prop1.zero) prop1 = zero_test(e, TQ);
    sec.checks.push_back(check_of(std::string("T FL maps X_{L,F^L} to X_{H,F} (") + (in.time ? "Prop. 6" : "Prop. 1") + ")", prop1));
    if (in.time) {
      ZeroVerdict cs;
      cs.zero = true;
      for (const ex& e : cosymplectic_defect(d.hamiltonian))
        if (cs.zero) cs = zero_test(e, TsQ);
      sec.checks.push_back(check_of("cosymplectic: i_X omega = dH - R(H) eta + F and i_X eta = 1 for X = X_{H,F,t} (section 5)", cs));
    }
    J["hamiltonian"] = json_expression(d.hamiltonian.hamiltonian());
    J["force_hamiltonian"] = F;
    J["hamiltonian_field"] = X;
  }
  if (!in.generators.empty()) {  // symmetries, g_F
    auto& sec = report.add("Symmetries and the force symmetry algebra g_F (000 section 4)");
    json jm = json::object();
    for (std::size_t a = 0; a < in.generators.size(); ++a) {
      const auto& g = in.generators[a];
      const auto& fs = d.symmetry.generators[a];
      sec.equations.push_back({"J_" + g.name, "J_{\\mathrm{" + latex_escape(g.name) + "}}", pretty(fs.momentum, vel), "", ""});
      jm[g.name] = json_expression(fs.momentum);
      sec.checks.push_back(check_of(g.name + ": xi^c(L) = 0", fs.lagrangian_invariant));
      sec.checks.push_back(check_of(g.name + ": F(xi^c) = 0", fs.force_on_lift));
      sec.checks.push_back(check_of(g.name + ": i_{xi^c} dF = 0", fs.force_invariant));
      sec.checks.push_back(check_of(g.name + ": X(J) = -F(xi^c) (J conserved iff F(xi^c) = 0)", fs.conservation_identity));
      sec.checks.push_back(check_of(g.name + ": J_" + g.name + " is conserved by the flow", fs.conserved));
    }
    std::string basis;
    for (const auto& row : d.symmetry.basis) {
      std::string e;
      for (std::size_t a = 0; a < row.size(); ++a)
        if (!row[a].is_zero()) e += (e.empty() ? "" : " + ") + detail::str(row[a]) + " " + in.generators[a].name;
      basis += (basis.empty() ? "" : ", ") + (e.empty() ? std::string("0") : e);
    }
    sec.paragraphs.push_back("g_F = span{" + basis + "} (" + d.symmetry.how + ").");
    J["momenta"] = jm;
  }
  {  // switching surface and impact maps
    auto& sec = report.add("Switching surface and impact maps (000 Defs. 1-2, 10)");
    sec.paragraphs.push_back("Each component C: {h = 0} with a direction condition on sigma = dh/dt along the motion; "
                             "the impact map fixes q and t (erratum 1) and resets the velocities.");
    const ex E = lagrangian_energy(s);
    json comps = json::object();
    for (const auto& C : H.components()) {
      json jc = json::object();
      const ex sigma = normal_velocity(s, C.surface);
      sec.equations.push_back({"h_" + C.name, "h_{" + latex_escape(C.name) + "}", C.surface, "", ""});
      sec.equations.push_back({"sigma_" + C.name, "\\sigma_{" + latex_escape(C.name) + "}", pretty(sigma, vel), "", ""});
      sec.paragraphs.push_back(C.name + ": " + direction_text(C.direction) +
                               (C.restitution ? "; Newtonian impact (15) with restitution e = " + detail::str(*C.restitution) : "") + ".");
      json reset = json::object();
      for (std::size_t i = 0; i < n; ++i) {
        const std::string v = TQ.coordinate_name(n + i);
        if (C.reset[i].is_equal(s.velocities()[i])) continue;
        sec.equations.push_back({v + "+ (" + C.name + ")", "\\dot{" + tex_coord(Q.coordinate_name(i)) + "}^{+}_{" + latex_escape(C.name) + "}",
                                 pretty(C.reset[i], vel), "", ""});
        reset[v] = json_expression(C.reset[i]);
      }
      const ex dE = pretty(after_impact(H, C, E) - E, vel);
      sec.equations.push_back({"Delta E_L (" + C.name + ")", "\\Delta E_{L," + latex_escape(C.name) + "}", dE, "", ""});
      if (!C.conditions.empty()) {
        std::string cs;
        for (const ex& c : C.conditions) cs += (cs.empty() ? "" : ", ") + to_text(c) + " = 0";
        sec.paragraphs.push_back(C.name + " as the paper states it also requires " + cs + ": with them S has codimension " +
                                 std::to_string(1 + C.conditions.size()) +
                                 " in TQ, so generic trajectories never meet it (the simulation uses h alone); checks are "
                                 "made with and without them.");
      }
      if (!C.restitution) {
        // is the explicit reset the Newtonian impact (15) with e = 1?
        const auto P = newtonian_impact(s, C.surface, 1);
        SurfaceVerdict v;
        v.zero = true;
        for (std::size_t i = 0; i < n && v.zero; ++i) v = zero_on_surface(C.reset[i] - P[i], surface_piece(H, C, false));
        sec.checks.push_back({"the reset of " + C.name + " is the Newtonian impact (15) with e = 1 (moving surfaces: with d_t h)",
                              v.zero, v.how + (v.witness ? "; differs at " + describe_sample(*v.witness) : "")});
      }
      jc["surface"] = json_expression(C.surface);
      jc["normal_velocity"] = json_expression(sigma);
      jc["direction"] = C.direction == Direction::Falling ? "falling" : C.direction == Direction::Rising ? "rising" : "either";
      jc["reset"] = reset;
      jc["energy_jump"] = json_expression(dE);
      comps[C.name] = jc;
    }
    J["components"] = comps;
  }
  {  // hybrid checks
    auto& sec = report.add("Hybrid checks (000 Defs. 4, 8; section 4)");
    const bool any_conditions = [&] {
      for (const auto& C : H.components())
        if (!C.conditions.empty()) return true;
      return false;
    }();
    std::vector<bool> variants{false};
    if (any_conditions) variants.push_back(true);
    json jh = json::object();
    for (bool wc : variants) {
      const std::string on = wc ? " on the paper's S (with its conditions)" : "";
      for (std::size_t a = 0; a < in.generators.size(); ++a) {
        const auto& g = in.generators[a];
        const auto v = hybrid_constant_of_motion(H, d.momenta[a], wc);
        sec.checks.push_back(check_of("J_" + g.name + " is a hybrid constant of the motion (Def. 4)" + on, v));
        const auto act = hybrid_action(H, g, wc);
        sec.checks.push_back(check_of(g.name + " is a hybrid action" + on + ": xi^c(L) = 0", act.lagrangian_invariant));
        sec.checks.push_back(check_of(g.name + " is a hybrid action" + on + ": maps S to itself", act.preserves_surface));
        sec.checks.push_back(check_of(g.name + " is a hybrid action" + on + ": Delta is equivariant", act.equivariant));
        jh[g.name + (wc ? "_with_conditions" : "")] = {{"hybrid_constant", v.holds}, {"hybrid_action", act.holds()}};
      }
      for (const auto& [name, f] : in.constants) {
        const auto v = hybrid_constant_of_motion(H, f, wc);
        sec.checks.push_back(check_of(name + " is a hybrid constant of the motion (Def. 4)" + on, v));
      }
      const auto E = hybrid_constant_of_motion(H, lagrangian_energy(s), wc);
      sec.checks.push_back(check_of("the energy E_L is a hybrid constant of the motion" + on, E));
      if (!in.generators.empty()) {
        const auto hm = hybrid_momentum_map(H, in.generators, wc);
        sec.checks.push_back(check_of("J is a hybrid momentum map ((14) with mu-: J o Delta = J on S)" + on, hm));
        const auto gm = generalized_hybrid_momentum_map(H, in.generators, d.mu, wc);
        json jg = json::object();
        for (const auto& c : gm.components) {
          std::string how = c.how;
          if (c.first && c.second)
            how += "; states " + describe_sample(*c.first) + " and " + describe_sample(*c.second);
          sec.checks.push_back({"J is a generalized hybrid momentum map on " + c.name + " (Def. 8)" + on, c.holds, how});
          json jc = {{"holds", c.holds}, {"how", c.how}};
          if (!c.mu_plus.empty()) {
            std::string formula;
            json mp = json::array();
            for (std::size_t a = 0; a < c.mu_plus.size(); ++a) {
              sec.equations.push_back({"mu+_" + in.generators[a].name + " (" + c.name + on + ")",
                                       "\\mu^{+}_{\\mathrm{" + latex_escape(in.generators[a].name) + "}}",
                                       c.mu_plus[a], "", ""});
              mp.push_back(json_expression(c.mu_plus[a]));
            }
            jc["mu_plus"] = mp;
          }
          if (c.first && c.second) {
            jc["counterexample"] = {{"first", sample_json(*c.first)}, {"second", sample_json(*c.second)},
                                    {"mu_minus", c.mu_minus}, {"mu_plus_first", c.mu_plus_first},
                                    {"mu_plus_second", c.mu_plus_second}};
          }
          jg[c.name] = jc;
        }
        jh[wc ? "generalized_with_conditions" : "generalized"] = jg;
        jh[wc ? "hybrid_momentum_map_with_conditions" : "hybrid_momentum_map"] = hm.holds;
      }
    }
    if (!in.generators.empty())
      sec.paragraphs.push_back("mu_<generator> stand for the values of J before the impact (mu-); mu+ is J after it.");
    J["checks"] = jh;
    if (in.automaton) {
      auto& gs = report.add("Multi-domain hybrid automaton: checks edge by edge");
      gs.paragraphs.push_back(std::to_string(in.automaton->domains()) + " domains, " +
                              std::to_string(in.automaton->transitions()) + " transitions (Boost.Graph).");
      for (const auto& v : hybrid_constant_by_edge(*in.automaton, lagrangian_energy(s)))
        gs.checks.push_back(check_of("E_L invariant " + (v.edge.empty() ? "on domain " + v.from : "across " + v.edge + " (" + v.from + " -> " + v.to + ")"),
                                     v.verdict));
      if (!in.generators.empty())
        for (const auto& v : hybrid_momentum_by_edge(*in.automaton, in.generators))
          gs.checks.push_back(check_of("J preserved " + (v.edge.empty() ? "by the flow on " + v.from : "by " + v.edge + " (" + v.from + " -> " + v.to + ")"),
                                       v.verdict));
    }
  }
  if (in.reduction) {  // forced Routh reduction
    const auto& R = *in.reduction;
    const auto& r = R.routh;
    const Chart& U = R.change.to;
    const Chart TU = tangent_bundle(U);
    GiNaC::lst uvel;
    for (std::size_t i = 0; i < U.dim(); ++i) uvel.append(TU[U.dim() + i]);
    auto& sec = report.add("Forced Routh reduction (000 (9)-(12), section 4.1, Remark 7)");
    if (R.changed) {
      sec.paragraphs.push_back("Coordinates " + U.describe() + ":");
      for (std::size_t i = 0; i < n; ++i)
        sec.equations.push_back({Q.coordinate_name(i), tex_coord(Q.coordinate_name(i)), R.change.q_of_u[i], "", ""});
      sec.equations.push_back({"L", "L", pretty(R.system.system().lagrangian(), uvel), "", ""});
      for (std::size_t i = 0; i < n; ++i)
        if (!R.system.system().force()[i].is_zero())
          sec.equations.push_back({"F^L_" + U.coordinate_name(i), "F^L_{" + tex_coord(U.coordinate_name(i)) + "}",
                                   pretty(R.system.system().force()[i], uvel), "", ""});
      const VectorField XU = forced_euler_lagrange_field(R.system.system());
      for (std::size_t i = 0; i < n; ++i)
        sec.equations.push_back({"d/dt " + U.coordinate_name(i) + "_dot", "\\ddot{" + tex_coord(U.coordinate_name(i)) + "}",
                                 pretty(XU[n + i], uvel), "", ""});
    }
    std::string cyc, mus;
    for (std::size_t a = 0; a < r.cyclic.size(); ++a) {
      cyc += (a ? ", " : "") + U.coordinate_name(r.cyclic[a]);
      mus += (a ? ", " : "") + detail::str(r.mu[a]);
    }
    sec.paragraphs.push_back("Cyclic coordinates " + cyc + "; momentum values " + mus + " (J = dL/d(theta_dot) = mu).");
    json jr = json::object(), jt = json::object(), jf = json::object(), ja = json::object();
    for (std::size_t a = 0; a < r.cyclic.size(); ++a) {
      const std::string c = U.coordinate_name(r.cyclic[a]);
      sec.equations.push_back({"J_" + c, "J_{" + tex_coord(c) + "}", pretty(r.momentum[a], uvel), "", ""});
      sec.equations.push_back({c + "_dot (11)", "\\dot{" + tex_coord(c) + "}", pretty(r.theta_dot[a], uvel), "", ""});
      jt[c] = json_expression(r.theta_dot[a]);
    }
    sec.equations.push_back({"R^mu (9)", "R^{\\mu}", pretty(r.routhian, uvel), "", ""});
    for (std::size_t j = 0; j < r.shape.size(); ++j) {
      const std::string c = U.coordinate_name(r.shape[j]);
      sec.equations.push_back({"(F_mu)_" + c + " (10)", "(F_{\\mu})_{" + tex_coord(c) + "}", pretty(r.reduced_force[j], uvel), "", ""});
      sec.equations.push_back({"d/dt " + c + "_dot (Routh)", "\\ddot{" + tex_coord(c) + "}", pretty(r.acceleration[j], uvel), "", ""});
      jf[c] = json_expression(r.reduced_force[j]);
      ja[c] = json_expression(r.acceleration[j]);
    }
    ZeroVerdict rd;
    rd.zero = true;
    for (const ex& e : routh_defect(R.system, r))
      if (rd.zero) rd = zero_test(e, TU);
    sec.checks.push_back(check_of("the forced Routh equations are the full equations at J = mu (section 2.3 (a))", rd));
    // the corrected closed form (erratum 3), for L = ½ q̇ᵀ g q̇ − V
    const auto& L = R.system.system().lagrangian();
    GiNaC::exmap rest;
    for (const ex& v : R.system.system().velocities()) rest[v] = 0;
    bool mechanical = true;
    for (const ex& v : R.system.system().velocities()) mechanical = mechanical && is_zero(L.diff(GiNaC::ex_to<GiNaC::symbol>(v)).subs(rest), TU);
    if (mechanical)
      sec.checks.push_back(check_of("R^mu = 1/2 xdot^T (g_xx - g_xt g_tt^-1 g_tx) xdot + mu^T g_tt^-1 g_tx xdot - 1/2 mu^T g_tt^-1 mu - V (Remark 2 corrected)",
                                    zero_test(r.routhian - mechanical_routhian(R.system.system(), r.cyclic, r.mu), TU)));
    sec.paragraphs.push_back("Reconstruction (11)-(12) corrected: theta_dot as above at mu_i and theta(t) = theta(tau_i) + "
                             "integral from tau_i to t of theta_dot; after each impact mu_{i+1} = J o Delta and the reduced system is rebuilt.");
    json jc = json::object();
    for (const auto& C : r.components) {
      sec.equations.push_back({"h_" + C.name, "h_{" + latex_escape(C.name) + "}", pretty(C.surface, uvel), "", ""});
      sec.equations.push_back({"sigma_" + C.name + " (reduced)", "\\sigma_{" + latex_escape(C.name) + "}", pretty(C.normal, uvel), "", ""});
      json reset = json::object(), mp = json::array();
      for (std::size_t j = 0; j < r.shape.size(); ++j) {
        const std::string c = U.coordinate_name(r.shape[j]);
        sec.equations.push_back({c + "_dot+ (" + C.name + ")", "\\dot{" + tex_coord(c) + "}^{+}_{" + latex_escape(C.name) + "}",
                                 pretty(C.reset[j], uvel), "", ""});
        reset[c + "_dot"] = json_expression(C.reset[j]);
      }
      for (std::size_t a = 0; a < r.mu.size(); ++a) {
        sec.equations.push_back({detail::str(r.mu[a]) + "+ (" + C.name + ")", "{" + latex_name(detail::str(r.mu[a])) + "}^{+}_{" + latex_escape(C.name) + "}",
                                 pretty(C.mu_plus[a], uvel), "", ""});
        mp.push_back(json_expression(C.mu_plus[a]));
      }
      sec.checks.push_back({C.name + " drops to the quotient (h, the reduced impact map and mu+ free of the cyclic coordinates)",
                            C.invariant, C.invariant ? "symbolic (the expressions do not contain them)" : C.note});
      jc[C.name] = {{"surface", json_expression(C.surface)}, {"normal_velocity", json_expression(C.normal)},
                    {"reset", reset}, {"mu_plus", mp}, {"invariant", C.invariant}};
    }
    jr["routhian"] = json_expression(r.routhian);
    jr["theta_dot"] = jt;
    jr["reduced_force"] = jf;
    jr["accelerations"] = ja;
    jr["components"] = jc;
    J["reduction"] = jr;
  }
  if (in.simulation) {  // the simulation, with its plot when the report has a place for plots
    auto& sec = report.add("Simulation (hybrid flow, 000 Def. 3)");
    const auto& si = *in.simulation;
    HybridSimulationSpec spec = si.spec;
    spec.compile.quiet = true;
    const HybridTrajectory tr = in.automaton ? simulate_hybrid(*in.automaton, spec) : simulate_hybrid(H, spec);
    sec.paragraphs.push_back("From t = " + fmt(spec.t0) + " to " + fmt(spec.t1) + ": " + std::to_string(tr.impacts.size()) +
                             " impacts, " + std::to_string(tr.grazes.size()) + " grazes, " + std::to_string(tr.steps) +
                             " steps; " + (tr.message.empty() ? "completed" : tr.message) + ".");
    ReportTable table;
    // headers are typeset in math mode by the LaTeX writer
    table.header = {"k", "t", "C", "E^-", "E^+"};
    std::string legend = "Impacts: time t, component C, energy E_L and momenta before (-) and after (+)";
    for (std::size_t o = 0; o < tr.observable_names.size(); ++o) {
      const std::string j = "J_" + std::to_string(o + 1);
      table.header.push_back(j + "^-");
      table.header.push_back(j + "^+");
      legend += (o ? ", " : "; ") + j + " = " + tr.observable_names[o];
    }
    sec.paragraphs.push_back(legend + ".");
    json imp = json::array();
    for (std::size_t k = 0; k < tr.impacts.size(); ++k) {
      const auto& i = tr.impacts[k];
      if (k < 30) {
        std::vector<std::string> row{std::to_string(k + 1), fmt(i.t), i.guards, fmt(i.energy_before, 8), fmt(i.energy_after, 8)};
        for (std::size_t o = 0; o < i.observables_before.size(); ++o) {
          row.push_back(fmt(i.observables_before[o], 8));
          row.push_back(fmt(i.observables_after[o], 8));
        }
        table.rows.push_back(row);
      }
      imp.push_back({{"t", i.t}, {"guards", i.guards}, {"energy_before", i.energy_before}, {"energy_after", i.energy_after},
                     {"observables_before", i.observables_before}, {"observables_after", i.observables_after}});
    }
    sec.tables.push_back(table);
    sec.checks.push_back({"the simulation reaches t_end", tr.termination == Termination::Completed,
                          tr.message.empty() ? "completed" : tr.message});
    json js = {{"impacts", imp}, {"termination", to_string(tr.termination)}};
    if (si.reduced && in.reduction) {
      HybridSimulationSpec rs = spec;
      // the initial state in the reduction's coordinates: solve q0 = φ(u) near u = 1, velocities by Dφ⁻¹
      const auto& cc = in.reduction->change;
      std::vector<ex> G;
      for (std::size_t i = 0; i < n; ++i) G.push_back(cc.q_of_u[i] - spec.initial[i]);
      SamplePoint start(spec.values.begin(), spec.values.end());
      for (const ex& u : cc.to.coordinates()) start[u] = 1.0;
      const auto found = project(G, cc.to.coordinates(), start);
      if (found) {
        const GiNaC::matrix D = jacobian(cc);
        Eigen::MatrixXd Dn(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
        for (std::size_t i = 0; i < n; ++i)
          for (std::size_t j = 0; j < n; ++j) Dn(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = evaluate_at(D(i, j), *found);
        Eigen::VectorXd qd(static_cast<Eigen::Index>(n));
        for (std::size_t i = 0; i < n; ++i) qd(static_cast<Eigen::Index>(i)) = spec.initial[n + i];
        const Eigen::VectorXd ud = Dn.lu().solve(qd);
        rs.initial.clear();
        for (const ex& u : cc.to.coordinates()) rs.initial.push_back(evaluate_at(u, *found));
        for (std::size_t i = 0; i < n; ++i) rs.initial.push_back(ud(static_cast<Eigen::Index>(i)));
        const ReducedTrajectory rr = simulate_reduced(in.reduction->system, in.reduction->routh, rs);
        double worst = 0;
        const bool same = rr.impact_times.size() == tr.impacts.size();
        for (std::size_t k = 0; same && k < tr.impacts.size(); ++k) worst = std::max(worst, std::fabs(rr.impact_times[k] - tr.impacts[k].t));
        sec.checks.push_back({"reduced simulation + reconstruction agrees with the full one (impact times to 1e-9)",
                              same && worst < 1e-9,
                              std::to_string(rr.impact_times.size()) + " and " + std::to_string(tr.impacts.size()) +
                                  " impacts; max |tau_reduced - tau_full| = " + fmt(worst, 3)});
        js["reduced_max_impact_time_difference"] = worst;
      } else {
        sec.checks.push_back({"reduced simulation + reconstruction agrees with the full one", false,
                              "the initial state could not be written in the reduction's coordinates"});
      }
    }
    if (!report.plot_base.empty() && !tr.t.empty()) {
      try {
        const auto files = plot_hybrid(tr, report.plot_base + "-hybrid", si.axis_x, si.axis_y, file.name);
        for (const auto& f : files) {
          const std::string png = f.substr(0, f.size() - 4) + ".png";
          std::ifstream probe(png);
          sec.figures.push_back(probe ? png : f);
        }
      } catch (const NotImplemented& e) {
        sec.paragraphs.push_back(std::string("No plot: ") + e.what());
      }
    }
    J["simulation"] = js;
  }
}

class HybridModule : public Module {
 public:
  std::string name() const override { return "hybrid"; }
  std::vector<std::string> keys() const override {
    return {"lagrangian", "force", "time_dependent", "symmetry", "hybrid", "simulate"};
  }
  bool applies(const SystemFile& f) const override { return is_hybrid_file(f); }
  void derive_legacy(const SystemFile& f, Report& report) const override { derive_report(f, report); }
  std::vector<std::string> claim_kinds() const override { return hybrid_claim_kinds(); }
  std::vector<ClaimResult> check(const SystemFile& f, const std::vector<Claim>& claims, const ClaimsContext& ctx) const override {
    return check_hybrid_claims(f, derive_hybrid(f), claims, ctx);
  }
  bool can_simulate(const SystemFile& f) const override { return static_cast<bool>(f.doc.root()["simulate"]); }
  int simulate(const SystemFile& f, const SimulateOptions& o, std::ostream& out) const override {
    return run_hybrid_simulation(derive_hybrid(f), o, out);
  }
};

}  // namespace

int run_hybrid_simulation(const HybridDerived& d, const SimulateOptions& options, std::ostream& out) {
  const HybridFile& in = d.in;
  if (!in.simulation) throw InvalidArgument("hamel simulate: the system file has no 'simulate' section");
  const auto& si = *in.simulation;
  HybridSimulationSpec spec = si.spec;
  spec.compile.quiet = options.quiet;
  // a progress line on stderr for long runs (at most once a second)
  bool printed = false;
  if (!options.quiet) {
    spec.options.progress = [&printed](const Progress& p) {
      std::cerr << "\rhamel simulate: t = " << fmt(p.t, 6) << " of " << fmt(p.t1, 6) << ", " << p.events << " impacts, "
                << p.steps << " steps, " << fmt(p.elapsed_seconds, 3) << " s   " << std::flush;
      printed = true;
    };
  }
  const HybridTrajectory tr = in.automaton ? simulate_hybrid(*in.automaton, spec) : simulate_hybrid(*in.system, spec);
  if (printed) std::cerr << "\n";
  out << "hybrid simulation: t = " << spec.t0 << " .. " << tr.t.back() << ", " << tr.impacts.size() << " impacts, "
      << tr.grazes.size() << " grazes, " << tr.steps << " steps\n";
  const std::size_t show = std::min<std::size_t>(tr.impacts.size(), 20);
  for (std::size_t k = 0; k < show; ++k) {
    const auto& i = tr.impacts[k];
    out << "  impact " << k + 1 << ": t = " << fmt(i.t, 12) << " (" << i.guards << ")  E " << fmt(i.energy_before, 8) << " -> "
        << fmt(i.energy_after, 8);
    for (std::size_t o = 0; o < tr.observable_names.size(); ++o)
      out << "  " << tr.observable_names[o] << " " << fmt(i.observables_before[o], 8) << " -> " << fmt(i.observables_after[o], 8);
    out << "\n";
  }
  if (tr.impacts.size() > show) out << "  ... (" << tr.impacts.size() - show << " more in the impacts CSV)\n";
  if (!tr.message.empty()) out << "stopped: " << tr.message << "\n";
  std::string csv = options.csv.empty() ? si.csv : options.csv;
  if (!csv.empty()) {
    std::string base = csv;
    if (base.size() > 4 && base.compare(base.size() - 4, 4, ".csv") == 0) base.resize(base.size() - 4);
    write_trajectory_csv(tr, csv);
    write_impacts_csv(tr, base + "-impacts.csv");
    out << "trajectory written to " << csv << ", impacts to " << base << "-impacts.csv\n";
  }
  std::string plot_path = options.plot.empty() ? si.plot : options.plot;
  if (!plot_path.empty()) {
    std::string base = plot_path;
    for (const char* ext : {".svg", ".png"})
      if (base.size() > 4 && base.compare(base.size() - 4, 4, ext) == 0) base.resize(base.size() - 4);
    const auto files = plot_hybrid(tr, base, si.axis_x, si.axis_y, in.name);
    for (const auto& f : files) out << "plot written to " << f << "\n";
  }
  if (si.reduced && in.reduction) out << "(the reduced simulation is compared with this one by 'hamel derive')\n";
  return tr.termination == Termination::Completed ? 0 : 1;
}

std::unique_ptr<Module> make_hybrid_module() { return std::make_unique<HybridModule>(); }

}  // namespace hamel
