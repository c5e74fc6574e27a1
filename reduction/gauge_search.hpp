// reduction/gauge_search.hpp — finding gauge momenta through a derived linear ODE (004 §7).
//
// Ansatz Z = Σ_i f_i(s) W_i (7.5), with W_i spanning S = D ∩ g·q and unknown functions f_i of one
// invariant shape coordinate s.  By Theorem 4.3 (and the proof of Theorem 5.3), Z generates a gauge
// momentum iff it is an infinitesimal isometry on D: (L_Z G)(X_α, X_β) = 0 for the frame fields
// X_α of D — these are the conditions (7.6), written in the system's frame.  They are linear in f and
// f', and (when they determine f') give the system f' = L(s) f of (7.7).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

struct GaugeAnsatz {
  std::vector<VectorField> basis;         ///< W_i
  std::vector<std::string> basis_names;   ///< e.g. W1, W2
  GiNaC::ex shape;                        ///< s, a coordinate of Q
  std::vector<std::string> unknowns;      ///< names of the f_i (e.g. g, k); default f1, f2, …
  /// The f_i themselves, when the caller has made them (a reader that parses claims about them);
  /// otherwise fresh functions named by `unknowns`.
  std::vector<AbstractFunction> functions;
};

struct GaugeOde {
  std::vector<AbstractFunction> unknowns;  ///< f_i(s)
  VectorField Z;                           ///< Σ f_i(s) W_i
  std::vector<std::string> labels;         ///< "(L_Z G)(W1, Y3)"
  std::vector<GiNaC::ex> conditions;       ///< linear in f and f'
  std::vector<bool> identically_zero;      ///< conditions that hold for any f
  GiNaC::matrix L;                         ///< f' = L(s) f
  std::string detail;                      ///< which conditions gave L and how the rest was checked
};

/// @throws DomainError if the conditions do not determine f' (fewer independent conditions in f' than
///   unknowns) or impose more than the ODE (a condition not implied by f' = L f).
GaugeOde derive_gauge_ode(const NonholonomicSystem& system, const GaugeAnsatz& ansatz);

/// ℓ independent numeric solutions of f' = L(s) f over [s_min, s_max] (the columns of the fundamental
/// matrix with Φ(s_base) = Id), for given parameter values; interpolated by cubic Hermite splines on
/// the integrator's grid (the derivative L f is exact there).  Boost.Odeint (dopri5, abs = rel = 1e-12).
class GaugeSolutions {
 public:
  /// f_j(s): the j-th solution, all its components.
  std::vector<double> operator()(std::size_t j, double s) const;
  std::size_t count() const { return splines_.size(); }
  double s_min() const { return s_min_; }
  double s_max() const { return s_max_; }
  /// samples for tables and plots
  const std::vector<double>& grid() const { return grid_; }

 private:
  friend GaugeSolutions solve_gauge_ode(const GaugeOde&, const GiNaC::ex&, const GiNaC::exmap&, double, double, double);
  double s_min_ = 0, s_max_ = 0;
  std::vector<double> grid_;
  // splines_[j][i]: component i of solution j
  std::vector<std::vector<std::function<double(double)>>> splines_;
};

GaugeSolutions solve_gauge_ode(const GaugeOde& ode, const GiNaC::ex& shape, const GiNaC::exmap& values,
                               double s_min, double s_max, double s_base);

/// The 3-form Λ of Lemma 5.4 for the gauge momenta of the ODE, without solving it: the adapted basis
/// {Z = Σ f_i W_i, the W_i but the last, the other frame fields} with abstract f_i obeying
/// f' = L f (as derivative rules), then (5.3)–(5.4).  For 004 §7 this gives
/// Λ = −m z R_p sinθ dφ∧dθ∧dψ, independent of the solution (gauge.md A13).
/// One gauge momentum is used (ℓ = 1 in the adapted basis); the result is checked to be free of the f_i.
Form gauge_three_form(const NonholonomicSystem& system, const GaugeAnsatz& ansatz, const GaugeOde& ode);

/// The gauge momentum Σ_i f_i(s) p_{W_i} for the unknowns replaced by given expressions (e.g. a
/// closed-form solution), as a function on D*: p_{W_i} = linear_momentum(W_i).
GiNaC::ex gauge_momentum(const NonholonomicSystem& system, const GaugeAnsatz& ansatz,
                         const std::vector<GiNaC::ex>& coefficients);

}  // namespace hamel
