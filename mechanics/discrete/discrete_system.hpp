// mechanics/discrete/discrete_system.hpp — a nonholonomic discrete mechanical system (Q, L_d, D, D_d)
// with discrete forces f_d^∓ (002 Def 3.1, Remark 3.2, Defs 3.4–3.5; docs/discrete.md).
//
// Points of Q×Q and Q×Q×Q are written in "slot" coordinates: the coordinate x of Q becomes x0, x1, x2
// (q_{k-1}, q_k, q_{k+1} in the equations).  The slot charts are shared: the symbols x0, x1 of Q×Q are
// those of Q×Q×Q, so expressions move between them without substitution.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "geometry/chart.hpp"
#include "geometry/form.hpp"
#include "geometry/metric.hpp"
#include "geometry/slot_charts.hpp"

namespace hamel {

// slot_name, pair_chart, triple_chart: geometry/slot_charts.hpp.
/// The symbols of slot k = 0, 1, 2.
std::vector<GiNaC::ex> slot(const Chart& Q, std::size_t k);
/// A function on Q written at slot k (the coordinates of Q replaced by those of slot k).
GiNaC::ex at_slot(const GiNaC::ex& e, const Chart& Q, std::size_t k);
/// f(q0, q1) ↦ f(q1, q2): a function on Q×Q moved one step forward.
GiNaC::ex shifted(const GiNaC::ex& e, const Chart& Q);
/// Substitution slot-k symbols ↦ values.
GiNaC::exmap slot_values(const Chart& Q, std::size_t k, const std::vector<GiNaC::ex>& values);

/// What a continuous system says, when the discrete one was made from it by a quadrature rule
/// (used for the kinetic metric of the nonholonomic connection and for the energy).
struct ContinuousData {
  GiNaC::ex lagrangian;                ///< L(q, q_dot) on tangent_bundle(Q)
  Metric metric;                       ///< read off L
  GiNaC::ex potential;                 ///< V(q)
  std::vector<GiNaC::ex> constraints;  ///< linear in the velocities (those of D)
  std::vector<GiNaC::ex> force;        ///< F(q, q_dot) that f_d^∓ were made from (empty: none)
};

struct DiscreteSpec {
  Chart chart;                 ///< Q
  GiNaC::ex step;              ///< h: a parameter of Q (or a positive number)
  GiNaC::ex lagrangian;        ///< L_d(q0, q1) in the symbols of pair_chart(Q)
  std::vector<Form> variational;       ///< ω^a with D = ∩ ker ω^a (empty: D = TQ)
  std::vector<GiNaC::ex> kinematic;    ///< φ^b(q0, q1) with D_d = {φ = 0}
  std::vector<GiNaC::ex> force_minus;  ///< f_d^−(q0, q1) ∈ T*_{q0}Q, components (empty: none)
  std::vector<GiNaC::ex> force_plus;   ///< f_d^+(q0, q1) ∈ T*_{q1}Q
  std::optional<ContinuousData> continuous;
};

/// An immutable description, checked once.
class DiscreteSystem {
 public:
  /// @throws InvalidArgument for forms of another chart, forces of the wrong length, expressions
  ///   with symbols that are neither slot coordinates nor parameters of Q.
  explicit DiscreteSystem(DiscreteSpec spec);

  const Chart& chart() const { return spec_.chart; }
  Chart pair() const { return pair_chart(spec_.chart); }
  Chart triple() const { return triple_chart(spec_.chart); }
  std::size_t dim() const { return spec_.chart.dim(); }
  const GiNaC::ex& step() const { return spec_.step; }
  const GiNaC::ex& lagrangian() const { return spec_.lagrangian; }
  const std::vector<Form>& variational() const { return spec_.variational; }
  const std::vector<GiNaC::ex>& kinematic() const { return spec_.kinematic; }
  bool forced() const { return !spec_.force_minus.empty() || !spec_.force_plus.empty(); }
  /// f_d^∓ components (zeros when the system is unforced).
  std::vector<GiNaC::ex> force_minus() const;
  std::vector<GiNaC::ex> force_plus() const;
  const std::optional<ContinuousData>& continuous() const { return spec_.continuous; }
  /// A basis {X_α} of D (frame_from_constraints; the coordinate basis when D = TQ).
  const std::vector<VectorField>& d_basis() const { return d_basis_; }

 private:
  DiscreteSpec spec_;
  std::vector<VectorField> d_basis_;
};

/// D_1 L_d and D_2 L_d as covector components (functions on Q×Q).
std::vector<GiNaC::ex> d1(const GiNaC::ex& f, const Chart& Q);
std::vector<GiNaC::ex> d2(const GiNaC::ex& f, const Chart& Q);

}  // namespace hamel
