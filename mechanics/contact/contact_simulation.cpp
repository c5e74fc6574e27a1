// mechanics/contact/contact_simulation.cpp
#include "mechanics/contact/contact_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <sstream>
#include <utility>

#include "core/error.hpp"
#include "mechanics/contact/constrained.hpp"
#include "mechanics/contact/impact.hpp"
#include "mechanics/contact/momentum_jump.hpp"

namespace hamel {

namespace {

struct Mode {
  CompiledFunction rhs;                        // (q̇, q̈, ż, ∂L/∂z)
  std::optional<CompiledFunction> multipliers;  // λ_a, when constraints are active
  std::optional<CompiledFunction> jump;         // q̇⁺ onto this mode's constraints
  std::vector<CompiledFunction> walls;          // each wall's impact within this mode's D (003 (22)-(33))
};

std::string number(double v) {
  std::ostringstream os;
  os.precision(17);
  os << v;
  return os.str();
}

bool contains_symbol(const GiNaC::ex& e, const GiNaC::ex& s) { return e.has(s); }

class Runner {
 public:
  Runner(const ContactHybridSystem& sys, const ContactRunOptions& o)
      : sys_(sys), o_(o), L_(sys.lagrangian), n_(L_.dim()), s_("s_int") {
    for (const auto& q : L_.coordinates()) inputs_.push_back(q);
    for (const auto& v : L_.velocities()) inputs_.push_back(v);
    inputs_.push_back(L_.z());
    inputs_.push_back(s_);
    check_values();
    energy_ = compile_({energy(L_)});
    std::vector<GiNaC::ex> W;
    for (unsigned i = 0; i < n_; ++i)
      for (unsigned j = 0; j < n_; ++j) W.push_back(L_.hessian()(i, j));
    hessian_ = compile_(W);
    for (const auto& w : sys.walls) {
      wall_guard_.push_back(compile_({w.psi}));
      GiNaC::ex rate = 0;  // dΨ(q̇)
      for (unsigned i = 0; i < n_; ++i) rate += w.psi.diff(GiNaC::ex_to<GiNaC::symbol>(L_.coordinates()[i])) * L_.velocities()[i];
      wall_rate_.push_back(compile_({rate}));
      const double alpha = value_of(w.restitution, "the restitution of wall '" + w.name + "'");
      if (!(alpha >= 0 && alpha <= 1))
        throw InvalidArgument(detail::message("simulate_contact", "restitution out of range for wall '" + w.name + "'",
                                              "0 <= alpha <= 1", number(alpha)));
      alpha_.push_back(alpha);
    }
    for (const auto& sw : sys.switches) switch_guard_.push_back(compile_({sw.where}));
  }

  ContactRun run() {
    const std::size_t N = 2 * n_ + 1;
    if (o_.initial.size() != N)
      throw InvalidArgument(detail::message("simulate_contact", "wrong number of initial values",
                                            std::to_string(N) + " (q, q_dot, z)", std::to_string(o_.initial.size())));
    State x0(o_.initial.begin(), o_.initial.end());
    x0.push_back(0.0);  // s
    for (std::size_t k = 0; k < sys_.walls.size(); ++k)
      if (eval(wall_guard_[k], x0) < 0)
        throw InvalidArgument(detail::message("simulate_contact", "the initial state is outside wall '" + sys_.walls[k].name + "'",
                                              "Psi(q0) >= 0", "Psi(q0) = " + number(eval(wall_guard_[k], x0))));
    for (std::size_t k = 0; k < sys_.switches.size(); ++k) {
      const double w = eval(switch_guard_[k], x0);
      if (w > 0 || (!sys_.switches[k].strict && w == 0)) mask_ |= 1u << k;
    }
    // initial velocities must satisfy the active constraints
    {
      const auto forms = active_forms(mask_);
      if (!forms.empty()) {
        const auto fbar = constraint_functions(L_, forms);
        const CompiledFunction c = compile_(fbar);
        const auto r = c(x0);
        for (std::size_t a = 0; a < r.size(); ++a)
          if (std::abs(r[a]) > 1e-9)
            throw InvalidArgument(detail::message("simulate_contact", "the initial velocities violate the active constraints",
                                                  "psi q_dot = 0 to 1e-9 (values written exactly: \"cos(0.3)\", not 0.955336)",
                                                  "constraint " + std::to_string(a + 1) + " = " + number(r[a])));
      }
    }
    segment_masks_.push_back(mask_);

    std::vector<Guard> guards;
    for (std::size_t k = 0; k < sys_.walls.size(); ++k) {
      const CompiledFunction g = wall_guard_[k];
      guards.push_back({sys_.walls[k].name, [g](double, const State& x) { return g(x)[0]; }, Direction::Falling});
    }
    for (std::size_t k = 0; k < sys_.switches.size(); ++k) {
      const CompiledFunction g = switch_guard_[k];
      const unsigned bit = 1u << k;
      guards.push_back({sys_.switches[k].name,
                        [g, bit, this](double, const State& x) { return (mask_ & bit) ? 1.0 : g(x)[0]; },
                        Direction::Rising});
    }
    const Rhs rhs = [this](const State& x, State& dx, double) {
      const Mode& m = mode(mask_);
      m.rhs(x.data(), dx.data());
    };
    const ResetMap reset = [this](const Hit& h) -> std::optional<State> { return apply(h); };
    EventOptions eo = o_.events;
    eo.store_steps = true;
    ContactRun out;
    out.simulation = simulate_with_events(rhs, guards, reset, x0, o_.t0, o_.t1, eo);
    if (!zeno_.empty()) {
      out.simulation.trajectory.termination = Termination::MaxEvents;
      out.simulation.trajectory.message = zeno_;
      out.simulation.accumulation_time = accumulation_;
    }
    out.events = records_;
    for (std::size_t k = 0; k < sys_.switches.size(); ++k)
      if (mask_ & (1u << k)) out.active_at_end.push_back(sys_.switches[k].name);
    const Trajectory& tr = out.simulation.trajectory;
    for (const auto& x : tr.x) out.energy.push_back(eval(*energy_, x));
    for (const auto& x : tr.grid_x) out.grid_energy.push_back(eval(*energy_, x));
    // the energy law of Prop. 3 on each segment, and the multipliers of constrained modes
    std::size_t seg = 0, start = 0;
    for (std::size_t i = 0; i < tr.t.size(); ++i) {
      if (i > 0 && tr.t[i] == tr.t[i - 1]) {
        ++seg;
        start = i;
      }
      const double s0 = tr.x[start][2 * n_ + 1], E0 = out.energy[start];
      const double pred = std::exp(tr.x[i][2 * n_ + 1] - s0) * E0;
      out.energy_law_error = std::max(out.energy_law_error, std::abs(out.energy[i] - pred) / std::max(1.0, std::abs(out.energy[i])));
      out.multipliers.push_back(multipliers_at(tr.x[i], segment_masks_[std::min(seg, segment_masks_.size() - 1)]));
      for (double l : out.multipliers.back())
        if (!std::isnan(l)) out.max_multiplier = std::max(out.max_multiplier, std::abs(l));
    }
    for (std::size_t i = 0; i < tr.grid_t.size(); ++i) out.grid_multipliers.push_back(multipliers_at(tr.grid_x[i], grid_mask(out, tr.grid_t[i])));
    for (std::size_t a = 0; a < sys_.constraints.size(); ++a) out.multiplier_columns.emplace_back("", a + 1);
    for (const auto& sw : sys_.switches)
      for (std::size_t a = 0; a < sw.constraints.size(); ++a) out.multiplier_columns.emplace_back(sw.name, a + 1);
    return out;
  }

 private:
  CompiledFunction compile_(const std::vector<GiNaC::ex>& outputs) const {
    return compile(outputs, inputs_, o_.values, o_.compile);
  }
  static double eval(const CompiledFunction& f, const State& x) { return f(x)[0]; }

  double value_of(const GiNaC::ex& e, const std::string& what) const {
    const GiNaC::ex v = e.subs(o_.values).evalf();
    if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
      throw InvalidArgument(detail::message("simulate_contact", what + " is not a number", "a value for every parameter in it",
                                            detail::str(e)));
    return GiNaC::ex_to<GiNaC::numeric>(v).to_double();
  }

  void check_values() const {
    std::vector<GiNaC::ex> all{L_.lagrangian()};
    for (const auto& w : sys_.walls) all.push_back(w.psi), all.push_back(w.restitution);
    for (const auto& sw : sys_.switches) {
      all.push_back(sw.where);
      for (const auto& f : sw.constraints)
        for (const auto& [i, c] : f.components()) all.push_back(c);
    }
    for (const auto& f : sys_.constraints)
      for (const auto& [i, c] : f.components()) all.push_back(c);
    const Chart& Q = L_.base();
    for (std::size_t k = 0; k < Q.parameters().size(); ++k) {
      const GiNaC::ex& p = Q.parameters()[k];
      bool used = false;
      for (const auto& e : all) used = used || contains_symbol(e, p);
      if (used && !o_.values.count(p))
        throw InvalidArgument(detail::message("simulate_contact", "the parameter '" + Q.parameter_specs()[k].name + "' has no value",
                                              "a number for every parameter", "none"));
    }
  }

  std::vector<Form> active_forms(unsigned mask) const {
    std::vector<Form> forms = sys_.constraints;
    for (std::size_t k = 0; k < sys_.switches.size(); ++k)
      if (mask & (1u << k)) forms.insert(forms.end(), sys_.switches[k].constraints.begin(), sys_.switches[k].constraints.end());
    return forms;
  }

  const Mode& mode(unsigned mask) {
    auto it = modes_.find(mask);
    if (it != modes_.end()) return it->second;
    const auto forms = active_forms(mask);
    std::vector<GiNaC::ex> out;
    std::optional<CompiledFunction> lam, jump;
    if (forms.empty()) {
      out = lagrangian_vector_field(L_).components();
    } else {
      const ConstrainedHerglotz c = constrained_herglotz(L_, forms);
      out = c.field.components();
      lam = compile_(c.multipliers);
      jump = compile_(constraint_jump_map(L_, forms));
    }
    out.push_back(dissipation_rate(L_));
    Mode m{compile_(out), lam, jump, wall_maps(forms)};
    return modes_.emplace(mask, std::move(m)).first->second;
  }

  // The impact maps in a mode: the reflection of 003 (33), or within the mode's D when constraints
  // are active (the impulses of the constraint forces, 003 (22)-(27), keep q̇⁺ in D).
  std::vector<CompiledFunction> wall_maps(const std::vector<Form>& forms) const {
    std::vector<CompiledFunction> maps;
    for (const auto& w : sys_.walls) {
      try {
        maps.push_back(compile_(restitution_map(L_, w.psi, w.restitution, forms)));
      } catch (const DomainError& e) {
        throw DomainError("simulate_contact: wall '" + w.name + "': " + e.what());
      }
    }
    return maps;
  }

  // λ in the columns of multiplier_columns: the mode's multipliers come in the same order (always-on
  // constraints, then the active switches'), an inactive switch's columns are NaN.
  std::vector<double> multipliers_at(const State& x, unsigned mask) {
    const Mode& md = mode(mask);
    const std::vector<double> lambda = md.multipliers ? (*md.multipliers)(x) : std::vector<double>{};
    std::vector<double> row;
    std::size_t next = 0;
    for (std::size_t a = 0; a < sys_.constraints.size(); ++a) row.push_back(lambda[next++]);
    for (std::size_t k = 0; k < sys_.switches.size(); ++k)
      for (std::size_t a = 0; a < sys_.switches[k].constraints.size(); ++a)
        row.push_back((mask & (1u << k)) ? lambda[next++] : std::nan(""));
    return row;
  }

  // The mode at a grid time: that of the segment after the hits before it (a grid point at a hit's
  // time is the state before the reset, the end of the earlier segment).
  unsigned grid_mask(const ContactRun& run, double t) const {
    const auto& hits = run.simulation.hits;
    const auto seg = static_cast<std::size_t>(
        std::partition_point(hits.begin(), hits.end(), [t](const Hit& h) { return h.t < t; }) - hits.begin());
    return segment_masks_[std::min(seg, segment_masks_.size() - 1)];
  }

  double kinetic(const State& x, const std::vector<double>& du) const {
    const auto W = (*hessian_)(x);
    double t = 0;
    for (std::size_t i = 0; i < n_; ++i)
      for (std::size_t j = 0; j < n_; ++j) t += W[i * n_ + j] * du[i] * du[j];
    return t / 2;
  }

  void jump_velocities(State& x, const std::vector<double>& v, ContactEventRecord& r) {
    std::vector<double> du(n_);
    for (std::size_t i = 0; i < n_; ++i) du[i] = v[i] - x[n_ + i];
    r.lost_kinetic = kinetic(x, du);
    for (std::size_t i = 0; i < n_; ++i) x[n_ + i] = v[i];
  }

  // The located crossing has dΨ(q̇) ≥ 0 (rounding level) at the time of the previous event: the
  // impacts have accumulated (Zeno) and the motion would need resting contact to go on.
  // The accumulation time is extrapolated from the last intervals when they shrink steadily (as the
  // hybrid module does, docs/hybrid.md): the run stops where rounding hides the next bounce, which on a
  // floor far from the origin is well before the accumulation.
  std::string zeno_message(const Hit& h, const std::string& wall, double rate) {
    std::size_t impacts = 0;
    std::vector<double> times;
    for (const auto& r : records_) {
      impacts += r.kind == ContactEventKind::Impact;
      times.push_back(r.t);
    }
    const std::optional<double> extrapolated = accumulation_time_of(times);
    accumulation_ = extrapolated.value_or(h.t);
    return std::to_string(records_.size()) + " events (" + std::to_string(impacts) + " impacts), then Zeno accumulation at t = " +
           number(accumulation_) + (extrapolated ? " (extrapolated from the last intervals)" : "") + ": the next crossing of wall '" +
           wall + "' comes at t = " + number(h.t) + " with no time between and dPsi(q_dot) = " +
           number(rate) + " >= 0, so no impact applies (003 §3.1: an impact needs dPsi(q_dot) < 0); hint: model resting contact "
           "with a switching constraint (docs/contact.md)";
  }

  // q̇⁺ of a wall in the current mode; a non-finite value means W(n, n) = 0 at the impact point, where
  // the normal has no part in D (dΨ(q̇) = W(n, q̇) vanishes on D there, so no impact applies).
  std::vector<double> impact_velocities(std::size_t wall, double t, const State& x) {
    std::vector<double> v = mode(mask_).walls[wall](x);
    for (double e : v)
      if (!std::isfinite(e))
        throw DomainError(detail::message("simulate_contact", "no impact within D on wall '" + sys_.walls[wall].name + "' at t = " + number(t),
                                          "a normal with a part in D, W(n, n) > 0", "W(n, n) = 0 (dPsi in span{psi^a})"));
    return v;
  }

  bool approaching(std::size_t wall, const State& x) const { return eval(wall_rate_[wall], x) < 0; }

  std::optional<State> apply(const Hit& h) {
    State x = h.x;
    const std::size_t nw = sys_.walls.size();
    const bool no_interval = !records_.empty() && h.t <= last_t_;
    bool applied = false;
    for (const Event& e : h.events) {
      if (e.guard < nw && !approaching(e.guard, x)) {
        // the guard of E17 fails: a touch or a rounding-level crossing, not an impact
        if (no_interval && e.kind == EventKind::Crossing && !applied) {
          zeno_ = zeno_message(h, sys_.walls[e.guard].name, eval(wall_rate_[e.guard], x));
          return std::nullopt;
        }
        continue;
      }
      ContactEventRecord r;
      r.t = h.t;
      r.grazing = e.kind == EventKind::Grazing;
      r.before = State(x.begin(), x.begin() + static_cast<long>(2 * n_ + 1));
      r.energy_before = eval(*energy_, x);
      if (e.guard < nw) {
        r.kind = ContactEventKind::Impact;
        r.name = sys_.walls[e.guard].name;
        r.restitution = alpha_[e.guard];
        jump_velocities(x, impact_velocities(e.guard, h.t, x), r);
      } else {
        const std::size_t k = e.guard - nw;
        const unsigned bit = 1u << k;
        if ((mask_ & bit) || r.grazing) continue;  // a touch of the surface from below switches nothing on
        r.kind = ContactEventKind::Switch;
        r.name = sys_.switches[k].name;
        r.restitution = 0;
        mask_ |= bit;
        jump_velocities(x, (*mode(mask_).jump)(x), r);
      }
      r.after = State(x.begin(), x.begin() + static_cast<long>(2 * n_ + 1));
      r.energy_after = eval(*energy_, x);
      records_.push_back(r);
      applied = true;
      last_t_ = h.t;
    }
    segment_masks_.push_back(mask_);
    return x;
  }

  const ContactHybridSystem& sys_;
  const ContactRunOptions& o_;
  const ContactLagrangian& L_;
  unsigned n_;
  GiNaC::realsymbol s_;
  std::vector<GiNaC::ex> inputs_;
  std::optional<CompiledFunction> energy_, hessian_;
  std::vector<CompiledFunction> wall_guard_, wall_rate_, switch_guard_;
  std::vector<double> alpha_;
  std::map<unsigned, Mode> modes_;
  unsigned mask_ = 0;
  std::vector<unsigned> segment_masks_;
  std::vector<ContactEventRecord> records_;
  double last_t_ = 0;  // time of the last applied event
  std::string zeno_;   // set when the impacts accumulated
  double accumulation_ = 0;
};

}  // namespace

ContactRun simulate_contact(const ContactHybridSystem& system, const ContactRunOptions& options) {
  if (system.switches.size() > 16)
    throw InvalidArgument(detail::message("simulate_contact", "too many switching constraint sets", "at most 16",
                                          std::to_string(system.switches.size())));
  Runner r(system, options);
  return r.run();
}

}  // namespace hamel
