// reduction/gauge_search.cpp
#include "reduction/gauge_search.hpp"

#include <boost/math/interpolators/cubic_hermite.hpp>

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"
#include "mechanics/hamel_equations.hpp"
#include "numerics/compiled_function.hpp"
#include "numerics/ode.hpp"
#include "reduction/gauge_momenta.hpp"

namespace hamel {

namespace {
unsigned u(std::size_t i) { return static_cast<unsigned>(i); }
}  // namespace

GaugeOde derive_gauge_ode(const NonholonomicSystem& system, const GaugeAnsatz& ansatz) {
  const Chart& Q = system.chart();
  const std::size_t nf = ansatz.basis.size();
  if (nf == 0)
    throw InvalidArgument(detail::message("derive_gauge_ode", "the ansatz needs fields", "W_1, …", "none"));
  if (!GiNaC::is_a<GiNaC::symbol>(ansatz.shape) || !Q.index_of(ansatz.shape))
    throw InvalidArgument(detail::message("derive_gauge_ode", "the shape variable must be a coordinate",
                                          "one of " + Q.describe(), detail::str(ansatz.shape)));
  const auto& s = GiNaC::ex_to<GiNaC::symbol>(ansatz.shape);
  GaugeOde out{{}, VectorField::zero(Q), {}, {}, {}, GiNaC::matrix(u(nf), u(nf)), ""};
  std::vector<GiNaC::ex> F(nf), Fp(nf);
  GiNaC::exmap to_symbols;
  std::vector<GiNaC::ex> Fs, Ds;
  for (std::size_t i = 0; i < nf; ++i) {
    const std::string name = i < ansatz.unknowns.size() ? ansatz.unknowns[i] : "f" + std::to_string(i + 1);
    out.unknowns.push_back(i < ansatz.functions.size() ? ansatz.functions[i] : AbstractFunction::fresh(name, 1));
    F[i] = out.unknowns[i](ansatz.shape);
    Fp[i] = F[i].diff(s);
    Fs.push_back(GiNaC::realsymbol(name));
    Ds.push_back(GiNaC::realsymbol(name + "_prime"));
    to_symbols[Fp[i]] = Ds[i];
  }
  out.Z = linear_combination(F, ansatz.basis);
  // (L_Z G)(X_a, X_b) = Z(G_ab) − ⟨[Z, X_a], X_b⟩ − ⟨X_a, [Z, X_b]⟩ over the frame of D.
  const auto X = system.frame().distribution();
  const auto& G = system.metric();
  const std::size_t r = X.size();
  std::vector<VectorField> br;
  for (const auto& Xa : X) br.push_back(lie_bracket(out.Z, Xa));
  for (std::size_t a = 0; a < r; ++a)
    for (std::size_t b = a; b < r; ++b) {
      GiNaC::ex c = out.Z(inner(G, X[a], X[b])) - inner(G, br[a], X[b]) - inner(G, X[a], br[b]);
      out.labels.push_back("(L_Z G)(" + system.frame_names()[a] + ", " + system.frame_names()[b] + ")");
      out.conditions.push_back(c);
    }
  // Linear in f and f': rows A F + B F' = 0 (first the derivatives, then the values, become symbols).
  for (std::size_t i = 0; i < nf; ++i) to_symbols[F[i]] = Fs[i];
  const std::size_t nc = out.conditions.size();
  GiNaC::matrix A(u(nc), u(nf)), B(u(nc), u(nf));
  std::vector<std::size_t> live;
  for (std::size_t k = 0; k < nc; ++k) {
    const GiNaC::ex c = apply_derivative_rules(out.conditions[k]).subs(to_symbols, GiNaC::subs_options::no_pattern);
    bool zero = true;
    for (std::size_t i = 0; i < nf; ++i) {
      A(u(k), u(i)) = simplify(c.diff(GiNaC::ex_to<GiNaC::symbol>(Fs[i])));
      B(u(k), u(i)) = simplify(c.diff(GiNaC::ex_to<GiNaC::symbol>(Ds[i])));
      zero = zero && is_zero(A(u(k), u(i)), Q) && is_zero(B(u(k), u(i)), Q);
    }
    out.identically_zero.push_back(zero);
    if (!zero) live.push_back(k);
  }
  // Choose nf conditions whose f'-coefficients are independent.
  std::vector<std::size_t> rows;
  for (const auto& pick : detail::increasing_tuples(u(live.size()), u(nf))) {
    GiNaC::matrix Bsub(u(nf), u(nf));
    for (std::size_t i = 0; i < nf; ++i)
      for (std::size_t j = 0; j < nf; ++j) Bsub(u(i), u(j)) = B(u(live[pick[i]]), u(j));
    if (!zero_test(Bsub.determinant(), Q).zero) {
      for (auto p : pick) rows.push_back(live[p]);
      break;
    }
  }
  if (rows.size() != nf)
    throw DomainError(detail::message("derive_gauge_ode", "the conditions do not determine the derivatives",
                                      std::to_string(nf) + " conditions independent in f'",
                                      std::to_string(live.size()) + " nontrivial conditions, too few independent"));
  GiNaC::matrix Asub(u(nf), u(nf)), Bsub(u(nf), u(nf));
  for (std::size_t i = 0; i < nf; ++i)
    for (std::size_t j = 0; j < nf; ++j) {
      Asub(u(i), u(j)) = A(u(rows[i]), u(j));
      Bsub(u(i), u(j)) = B(u(rows[i]), u(j));
    }
  out.L = simplify(inverse(Bsub, Q, "derive_gauge_ode").mul(Asub).mul_scalar(-1));
  // Every other condition must follow from f' = L f: A_k + B_k L = 0.
  for (auto k : live) {
    if (std::find(rows.begin(), rows.end(), k) != rows.end()) continue;
    for (std::size_t j = 0; j < nf; ++j) {
      GiNaC::ex e = A(u(k), u(j));
      for (std::size_t i = 0; i < nf; ++i) e += B(u(k), u(i)) * out.L(u(i), u(j));
      const ZeroVerdict v = zero_test(e, Q);
      if (!v.zero)
        throw DomainError(detail::message("derive_gauge_ode", "the ansatz is over-determined",
                                          "every condition implied by f' = L f",
                                          out.labels[k] + " is not [" + v.how() + "]"));
    }
  }
  std::size_t identically = 0;
  for (bool z : out.identically_zero) identically += z ? 1 : 0;
  out.detail = std::to_string(nc) + " conditions (L_Z G)(X_a, X_b) = 0: " + std::to_string(identically) +
               " hold for any f, " + std::to_string(nf) + (nf == 1 ? " gives" : " give") + " f' = L f (";
  for (std::size_t i = 0; i < rows.size(); ++i) out.detail += (i ? ", " : "") + out.labels[rows[i]];
  out.detail += "), the remaining " + std::to_string(live.size() - nf) + " follow from them";
  return out;
}

std::vector<double> GaugeSolutions::operator()(std::size_t j, double s) const {
  std::vector<double> v;
  for (const auto& f : splines_.at(j)) v.push_back(f(s));
  return v;
}

GaugeSolutions solve_gauge_ode(const GaugeOde& ode, const GiNaC::ex& shape, const GiNaC::exmap& values,
                               double s_min, double s_max, double s_base) {
  const std::size_t nf = ode.L.rows();
  std::vector<GiNaC::ex> entries;
  for (unsigned i = 0; i < nf; ++i)
    for (unsigned j = 0; j < nf; ++j) entries.push_back(ode.L(i, j));
  const CompiledFunction L = compile(entries, {shape}, values, CompileOptions{Backend::Bytecode, "", "", true});
  // The fundamental matrix: nf solutions at once, state = nf × nf (column-major by solution).
  const auto rhs = [&](const State& x, State& dx, double t) {
    std::vector<double> Lv(nf * nf);
    L(&t, Lv.data());
    dx.assign(nf * nf, 0.0);
    for (std::size_t sol = 0; sol < nf; ++sol)
      for (std::size_t i = 0; i < nf; ++i)
        for (std::size_t k = 0; k < nf; ++k) dx[sol * nf + i] += Lv[i * nf + k] * x[sol * nf + k];
  };
  State x0(nf * nf, 0.0);
  for (std::size_t sol = 0; sol < nf; ++sol) x0[sol * nf + sol] = 1.0;
  IntegrateOptions opt;
  opt.max_step = (s_max - s_min) / 4000;  // a fine grid: the Hermite interpolant then errs below 1e-11
  // Downwards in s as forwards in τ = −s (the integrator runs forwards only).
  const auto reversed = [&](const State& x, State& dx, double tau) {
    rhs(x, dx, -tau);
    for (auto& v : dx) v = -v;
  };
  Trajectory down = integrate(reversed, x0, -s_base, -s_min, opt);
  for (auto& t : down.t) t = -t;
  const Trajectory up = integrate(rhs, x0, s_base, s_max, opt);
  if (!down.completed() || !up.completed())
    throw DomainError(detail::message("solve_gauge_ode", "the integration of f' = L f failed",
                                      "a smooth L on [s_min, s_max]", down.completed() ? up.message : down.message));
  GaugeSolutions out;
  out.s_min_ = s_min;
  out.s_max_ = s_max;
  std::vector<double> ts;
  std::vector<State> xs;
  for (std::size_t k = down.t.size(); k-- > 1;) {
    ts.push_back(down.t[k]);
    xs.push_back(down.x[k]);
  }
  for (std::size_t k = 0; k < up.t.size(); ++k) {
    ts.push_back(up.t[k]);
    xs.push_back(up.x[k]);
  }
  out.grid_ = ts;
  for (std::size_t sol = 0; sol < nf; ++sol) {
    std::vector<std::function<double(double)>> comps;
    for (std::size_t i = 0; i < nf; ++i) {
      std::vector<double> t = ts, y, dy;
      for (std::size_t k = 0; k < ts.size(); ++k) {
        State d;
        rhs(xs[k], d, ts[k]);
        y.push_back(xs[k][sol * nf + i]);
        dy.push_back(d[sol * nf + i]);
      }
      auto spline = std::make_shared<boost::math::interpolators::cubic_hermite<std::vector<double>>>(
          std::move(t), std::move(y), std::move(dy));
      comps.push_back([spline](double s) { return (*spline)(s); });
    }
    out.splines_.push_back(comps);
  }
  return out;
}

Form gauge_three_form(const NonholonomicSystem& system, const GaugeAnsatz& ansatz, const GaugeOde& ode) {
  const std::size_t nf = ansatz.basis.size();
  const auto& s = GiNaC::ex_to<GiNaC::symbol>(ansatz.shape);
  // f_i' = Σ_j L_ij f_j as rules, so that every zero test below knows the ODE.
  std::vector<GiNaC::ex> f;
  for (const auto& fn : ode.unknowns) f.push_back(fn(ansatz.shape));
  for (std::size_t i = 0; i < nf; ++i) {
    GiNaC::ex rhs = 0;
    for (std::size_t j = 0; j < nf; ++j) rhs += ode.L(u(i), u(j)) * f[j];
    set_derivative_rule(f[i].diff(s), rhs);
  }
  // Adapted basis: Z, then the frame fields of D with the last ansatz field left out.
  const auto X = system.frame().distribution();
  std::vector<VectorField> frame{ode.Z};
  std::vector<std::string> names{"Z"};
  for (std::size_t a = 0; a < X.size(); ++a) {
    bool is_last = false;
    for (std::size_t i = 0; i < nf; ++i)
      is_last = is_last || (i + 1 == nf && zero_test(X[a] - ansatz.basis[i]).zero);
    if (is_last) continue;
    frame.push_back(X[a]);
    names.push_back(system.frame_names()[a]);
  }
  NonholonomicSpec spec{system.chart(), system.lagrangian(), {}, frame, names, Complement::span(system.frame().complement())};
  for (const auto& w : system.constraint_forms()) {
    GiNaC::ex c = 0;
    const auto v = system.tangent_chart().coordinates();
    for (unsigned i = 0; i < system.chart().dim(); ++i) c += w.component({i}) * v[system.chart().dim() + i];
    spec.constraints.push_back(c);
  }
  const NonholonomicSystem adapted(spec);
  const Form Lambda = simplify(lemma_5_4_three_form(adapted, {0}));
  for (const auto& kv : Lambda.components())
    for (const auto& fi : f)
      if (kv.second.has(fi))
        throw DomainError(detail::message("gauge_three_form", "Lambda depends on the chosen solution",
                                          "a 3-form free of the unknowns", detail::str(kv.second)));
  return Lambda;
}

GiNaC::ex gauge_momentum(const NonholonomicSystem& system, const GaugeAnsatz& ansatz,
                         const std::vector<GiNaC::ex>& coefficients) {
  GiNaC::ex c = 0;
  for (std::size_t i = 0; i < ansatz.basis.size(); ++i) c += coefficients.at(i) * linear_momentum(system, ansatz.basis[i]);
  return c;
}

}  // namespace hamel
