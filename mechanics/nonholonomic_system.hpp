// mechanics/nonholonomic_system.hpp — a mechanical Lagrangian with velocity constraints, linear
// (a_i(q) q̇^i = 0) or affine (a_i(q) q̇^i + b(q) = 0), and the objects of 004 §2 derived from it: the
// frame {X_α} of D, ρ, μ^α, G_αβ, G^αβ, C_αβγ, C_αβ^γ; for affine constraints also the drift X_0, the
// particular solution in W: the velocities allowed at q are X_0(q) + D_q.
//
// The description is checked once, at construction; the derived objects are computed then and never
// change (the system is an immutable value).  Algorithms on it are free functions (mechanics/hamel.hpp,
// brackets/nonholonomic.hpp, reduction/...).
#pragma once

#include <ginac/ginac.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "geometry/frame.hpp"
#include "geometry/metric.hpp"

namespace hamel {

/// How D is completed to TQ = D ⊕ W (004 §2.2): coordinate fields chosen from the constraint matrix
/// (default), W = D^⊥, a span of given coordinate fields (e.g. span{∂x, ∂y} as in 004 §6), or given
/// fields.  The bracket on D* does not depend on W (it uses the D^⊥ projection, 004 (2.9)); Λ and the
/// gauge transformations do.  The default avoids inverting the metric, which on a generic
/// trigonometric metric costs more than the rest of the derivation.
struct Complement {
  enum class Kind { Automatic, Orthogonal, Coordinates, Fields } kind = Kind::Automatic;
  std::vector<std::size_t> coordinates;
  std::vector<VectorField> fields;
  static Complement automatic() { return {}; }
  static Complement orthogonal() { return {Kind::Orthogonal, {}, {}}; }
  static Complement coordinate_span(std::vector<std::size_t> c) { return {Kind::Coordinates, std::move(c), {}}; }
  static Complement span(std::vector<VectorField> f) { return {Kind::Fields, {}, std::move(f)}; }
};

struct NonholonomicSpec {
  Chart chart;                             ///< Q
  GiNaC::ex lagrangian;                    ///< L(q, q̇) in the coordinates of tangent_bundle(chart)
  std::vector<GiNaC::ex> constraints;      ///< linear or affine in the velocities, each = 0
  std::vector<VectorField> frame;          ///< optional basis of D; computed from the constraints if empty
  std::vector<std::string> frame_names;    ///< optional names of the frame fields (default X1, X2, ...)
  Complement complement;                   ///< W
  /// Generators ξ_Q of a symmetry: when `frame` is empty, the computed frame of D is chosen invariant
  /// under them if geometry/invariant_frame.hpp finds an invariant frame of TQ (issue 16 §2).
  std::vector<VectorField> symmetry = {};
};

/// Where the frame of D came from.
enum class FrameOrigin {
  Given,            ///< the user's `frame`
  Invariant,        ///< the constraints' kernel in an invariant frame of TQ: [ξ, X_a] = 0 checked
  ConstraintKernel  ///< the constraints' kernel in the coordinate frame
};

class NonholonomicSystem {
 public:
  /// Checks the description and derives the frame objects.
  /// @throws DomainError for a Lagrangian that is not mechanical (not quadratic in the velocities, or
  ///   with a degenerate kinetic term), a constraint not affine in the velocities, dependent
  ///   constraints, frame fields that are dependent, not tangent to D or of the wrong number, or a
  ///   complement that is not complementary to D.
  explicit NonholonomicSystem(const NonholonomicSpec& spec);

  const Chart& chart() const;              ///< Q
  const Chart& tangent_chart() const;      ///< TQ: (q, q_dot)
  const Chart& dual_chart() const;         ///< D*: (q, pi1..pir), π_α = value on X_α
  const Chart& velocity_chart() const;     ///< D: (q, v1..vr), quasi-velocities
  GiNaC::ex lagrangian() const;
  const Metric& metric() const;            ///< the kinetic-energy metric, read off L
  GiNaC::ex potential() const;             ///< V(q)
  /// ω^k: the constraints' linear parts (the constraints themselves when they are linear).
  const std::vector<Form>& constraint_forms() const;
  /// b^k(q): the constraints' terms without velocities, ω^k(q̇) + b^k = 0 (0 for a linear constraint).
  const std::vector<GiNaC::ex>& constraint_offsets() const;
  /// Whether some constraint has a term without velocities.
  bool is_affine() const;
  /// X_0: the section of W with ω^k(X_0) = −b^k, so that the allowed velocities are X_0 + D (the zero
  /// field for linear constraints).  The dynamics do not depend on this choice; H_c and the equations
  /// of motion are written with it (mechanics/hamel_equations.hpp).
  const VectorField& drift() const;
  const Frame& frame() const;              ///< {X_α} completed by W
  /// W as used: Kind::Automatic is resolved to the chosen coordinates (kind stays Automatic so that a
  /// report can say W was chosen, not given).
  const Complement& complement() const;
  /// For a coordinate complement, det of the constraint matrix in W's columns: W is complementary to D
  /// exactly where it does not vanish. 0 for the other kinds.
  GiNaC::ex complement_minor() const;
  const std::vector<std::string>& frame_names() const;
  FrameOrigin frame_origin() const;
  std::size_t rank() const;                ///< r
  std::vector<GiNaC::ex> momenta() const;  ///< π_1..π_r (symbols of dual_chart)
  std::vector<GiNaC::ex> quasi_velocities() const;  ///< v^1..v^r

  const GiNaC::matrix& rho() const;                ///< ρ^i_α (n × r)
  const GiNaC::matrix& constrained_metric() const; ///< G_αβ = ⟨X_α, X_β⟩
  const GiNaC::matrix& constrained_inverse() const;///< G^αβ
  /// C_αβγ = ⟨[X_α, X_β], X_γ⟩ (004 (2.6)).
  const Tensor3& structure_lowered() const;
  /// C_αβ^γ = G^γδ C_αβδ: the D-component of [X_α, X_β] along D^⊥, which is what the nonholonomic
  /// bracket (2.9) uses, whatever complement W identifies D* with a subbundle of T*Q.
  const Tensor3& structure() const;

 private:
  struct Data;
  std::shared_ptr<const Data> data_;
};

/// The metric of a mechanical Lagrangian L = ½ g_ij q̇^i q̇^j − V(q), and V.
/// @throws DomainError naming the offending term if L is not of that form, or g is degenerate where
/// that is refused.
struct MechanicalParts {
  Metric metric;
  GiNaC::ex potential;
};
/// Whether g may be degenerate on TQ: with constraints the motion needs g only on D (G_ab = g(X_a, X_b),
/// checked with the frame), so massless wheels (no φ_dot² in L) are a model, not an error.
enum class DegenerateMetric { Refused, AllowedOffD };
MechanicalParts mechanical_parts(const GiNaC::ex& lagrangian, const Chart& Q,
                                 DegenerateMetric degenerate = DegenerateMetric::Refused);

/// A constraint a_i(q) q̇^i + b(q) = 0 split into the 1-form a_i dq^i and the offset b.
struct ConstraintParts {
  Form form;
  GiNaC::ex offset;  ///< 0 for a linear constraint
};
/// @throws DomainError if the constraint is not affine in the velocities.
ConstraintParts constraint_parts(const GiNaC::ex& constraint, const Chart& Q);

/// The 1-form a_i dq^i of a constraint a_i(q) q̇^i = 0. @throws DomainError if not linear.
Form constraint_form(const GiNaC::ex& constraint, const Chart& Q);

/// A basis of D = ker of the constraint forms; pivots on the simplest coefficients, so that
/// constraints written ẋ = …, ẏ = … give fields ∂_q + (…)∂x + (…)∂y for the other coordinates.
std::vector<VectorField> frame_from_constraints(const std::vector<Form>& constraints, const Chart& Q);

/// The default complement: span{∂_j} for the pivot columns j of the constraint matrix, with pivots on
/// the simplest coefficients (numbers first) — the coordinates that frame_from_constraints solves for,
/// so W is complementary wherever that frame is defined.  Empty for no constraints.
std::vector<std::size_t> coordinate_complement(const std::vector<Form>& constraints, const Chart& Q);

}  // namespace hamel
