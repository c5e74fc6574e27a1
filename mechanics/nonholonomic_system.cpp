// mechanics/nonholonomic_system.cpp
#include "mechanics/nonholonomic_system.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "geometry/distribution.hpp"
#include "geometry/invariant_frame.hpp"
#include "geometry/lifts.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

namespace {

const GiNaC::symbol& sym(const GiNaC::ex& e) { return GiNaC::ex_to<GiNaC::symbol>(e); }

GiNaC::exmap at_rest(const std::vector<GiNaC::ex>& v) {
  GiNaC::exmap m;
  for (const auto& s : v) m[s] = 0;
  return m;
}

GiNaC::lst as_list(const std::vector<GiNaC::ex>& v) {
  GiNaC::lst l;
  for (const auto& x : v) l.append(x);
  return l;
}

// The innermost part of e that keeps it from being a polynomial in `vars`, with what it is: a function of
// a velocity, a velocity under a root or a symbolic power, in an exponent, in a denominator.
std::pair<GiNaC::ex, std::string> not_polynomial_part(const GiNaC::ex& e, const GiNaC::lst& vars) {
  const auto has_var = [&](const GiNaC::ex& x) {
    return std::any_of(vars.begin(), vars.end(), [&](const GiNaC::ex& v) { return x.has(v); });
  };
  if (GiNaC::is_a<GiNaC::add>(e) || GiNaC::is_a<GiNaC::mul>(e)) {
    // the first offending operand in print order (GiNaC's operand order follows its hashes)
    std::optional<GiNaC::ex> first;
    for (std::size_t i = 0; i < e.nops(); ++i)
      if (!e.op(i).is_polynomial(vars) && (!first || detail::str(e.op(i)) < detail::str(*first))) first = e.op(i);
    if (first) return not_polynomial_part(*first, vars);
  } else if (GiNaC::is_a<GiNaC::power>(e)) {
    const GiNaC::ex &base = e.op(0), &exponent = e.op(1);
    if (has_var(exponent)) return {e, "an exponent"};
    if (!base.is_polynomial(vars)) return not_polynomial_part(base, vars);
    return {e, exponent.info(GiNaC::info_flags::negint) ? "a denominator" : "a root or a symbolic power"};
  } else if (GiNaC::is_a<GiNaC::function>(e)) {
    for (std::size_t i = 0; i < e.nops(); ++i)
      if (!e.op(i).is_polynomial(vars)) return not_polynomial_part(e.op(i), vars);
    return {e, "a function"};
  }
  return {e, "a non-polynomial term"};
}

// That part, in at most a line: a tower of powers prints as thousands of digits.
std::string not_polynomial_text(const GiNaC::ex& e, const GiNaC::lst& vars) {
  constexpr std::size_t kLongest = 100;
  const auto [part, kind] = not_polynomial_part(e, vars);
  std::string text = message_text(part);
  if (text.size() > kLongest) text = text.substr(0, kLongest) + "... (" + std::to_string(text.size()) + " characters)";
  return "a velocity in " + kind + ": " + text;
}

// Structural, before any derivative is taken: a velocity in a function or an exponent makes the
// expression no polynomial in the velocities, whatever it simplifies to. Deciding that from third
// derivatives took seconds of high-precision arithmetic on towers of powers (fuzz bug 25); an
// expression that is quadratic only after simplification (exp(log(x_dot^2))) is refused too.
void require_polynomial_in_velocities(const GiNaC::ex& e, const Chart& Q, const std::string& what,
                                      const std::string& expected) {
  const GiNaC::lst v = as_list(velocities(Q));
  if (e.is_polynomial(v)) return;
  throw DomainError(detail::message("mechanical_parts", what + " is not a polynomial in the velocities", expected,
                                    not_polynomial_text(e, v)));
}

}  // namespace

MechanicalParts mechanical_parts(const GiNaC::ex& lagrangian, const Chart& Q, DegenerateMetric degenerate) {
  require_polynomial_in_velocities(lagrangian, Q, "the Lagrangian", "L = 1/2 g_ij(q) q_dot^i q_dot^j - V(q)");
  const Chart TQ = tangent_bundle(Q);
  const auto v = velocities(Q);
  const auto n = static_cast<unsigned>(Q.dim());
  const GiNaC::exmap rest = at_rest(v);
  GiNaC::matrix g(n, n);
  // Partial derivatives commute: g and the third derivatives are computed for i <= j <= k only
  // (n(n+1)(n+2)/6 zero tests instead of n^3: 35 instead of 125 for the Chaplygin sphere).
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = i; j < n; ++j) {
      g(i, j) = lagrangian.diff(sym(v[i])).diff(sym(v[j]));
      for (unsigned k = j; k < n; ++k)
        if (!zero_test(g(i, j).diff(sym(v[k])), TQ).zero)
          throw DomainError(detail::message(
              "mechanical_parts", "the Lagrangian is not quadratic in the velocities",
              "L = 1/2 g_ij(q) q_dot^i q_dot^j - V(q)",
              "d^3L/d" + TQ.coordinate_name(n + i) + " d" + TQ.coordinate_name(n + j) + " d" +
                  TQ.coordinate_name(n + k) + " = " + message_text(g(i, j).diff(sym(v[k])))));
      g(i, j) = simplify(g(i, j));
      g(j, i) = g(i, j);
    }
  for (unsigned i = 0; i < n; ++i) {
    const GiNaC::ex linear = subs_bounded(lagrangian.diff(sym(v[i])), rest);
    if (!zero_test(linear, TQ).zero)
      throw DomainError(detail::message("mechanical_parts",
                                        "the Lagrangian has a term linear in the velocities",
                                        "L = 1/2 g_ij(q) q_dot^i q_dot^j - V(q)",
                                        "dL/d" + TQ.coordinate_name(n + i) + " at rest = " +
                                            message_text(linear)));
  }
  const GiNaC::ex V = simplify(-subs_bounded(lagrangian, rest));
  Metric metric(Q, g);
  if (degenerate == DegenerateMetric::AllowedOffD) return {metric, V};
  const ZeroVerdict det = zero_test(determinant_of_entries(g), Q);
  if (det.zero)
    throw DomainError(detail::message("mechanical_parts", "the kinetic energy is degenerate",
                                      "a nondegenerate quadratic form in the velocities",
                                      "det g = 0 [" + det.how() + "]",
                                      "every velocity must appear in the kinetic energy"));
  return {metric, V};
}

namespace {

// a_i = ∂c/∂q̇^i, refused (with `expected`) when one still depends on the velocities.
ConstraintParts split_constraint(const GiNaC::ex& constraint, const Chart& Q, const std::string& refusal,
                                 const std::string& expected) {
  const GiNaC::lst vl = as_list(velocities(Q));
  if (!constraint.is_polynomial(vl))
    throw DomainError(detail::message("constraint_form", refusal, expected,
                                      not_polynomial_text(constraint, vl)));
  const Chart TQ = tangent_bundle(Q);
  const auto v = velocities(Q);
  std::vector<GiNaC::ex> a(Q.dim());
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    a[i] = constraint.diff(sym(v[i]));
    for (std::size_t k = 0; k < Q.dim(); ++k)
      if (!zero_test(a[i].diff(sym(v[k])), TQ).zero)
        throw DomainError(detail::message("constraint_form", refusal, expected,
                                          detail::str(constraint) + " (nonlinear in " + TQ.coordinate_name(Q.dim() + i) + ")"));
    a[i] = simplify(a[i]);
  }
  const GiNaC::ex offset = subs_bounded(constraint, at_rest(v));
  return {Form::one_form(Q, a), zero_test(offset, TQ).zero ? GiNaC::ex(0) : simplify(offset)};
}

}  // namespace

ConstraintParts constraint_parts(const GiNaC::ex& constraint, const Chart& Q) {
  return split_constraint(constraint, Q, "constraint is not affine in the velocities", "a_i(q) q_dot^i + b(q) = 0");
}

Form constraint_form(const GiNaC::ex& constraint, const Chart& Q) {
  ConstraintParts c = split_constraint(constraint, Q, "constraint is not linear in the velocities", "a_i(q) q_dot^i = 0");
  if (!c.offset.is_zero())
    throw DomainError(detail::message("constraint_form", "constraint is affine, not linear, in the velocities",
                                      "a_i(q) q_dot^i = 0",
                                      "a term without velocities: " + message_text(c.offset)));
  return std::move(c.form);
}

namespace {

// a_ki: row k holds the coefficients of the k-th constraint form.
GiNaC::matrix constraint_matrix(const std::vector<Form>& constraints, const Chart& Q) {
  GiNaC::matrix A(static_cast<unsigned>(constraints.size()), static_cast<unsigned>(Q.dim()));
  for (unsigned k = 0; k < constraints.size(); ++k)
    for (unsigned i = 0; i < Q.dim(); ++i) A(k, i) = constraints[k].component({i});
  return A;
}

// det of the constraint matrix in the given columns (a k x k minor, k = number of constraints).
GiNaC::ex coordinate_minor(const std::vector<Form>& constraints, const std::vector<std::size_t>& cols,
                           const Chart& Q) {
  if (constraints.empty() || cols.size() != constraints.size()) return 1;
  const GiNaC::matrix A = constraint_matrix(constraints, Q);
  GiNaC::matrix M(A.rows(), A.rows());
  for (unsigned k = 0; k < A.rows(); ++k)
    for (unsigned j = 0; j < A.rows(); ++j) M(k, j) = A(k, static_cast<unsigned>(cols[j]));
  return simplify(determinant_of_entries(M));
}

// det ω^k(W_l): W is complementary to D exactly where it is nonzero. Not the determinant of the frame
// of D and W: a frame of D taken from the constraints cleared of a common factor (x ω with ω ≠ 0 at
// x = 0) stays independent where the constraints vanish and D becomes TQ.
GiNaC::ex fields_minor(const std::vector<Form>& constraints, const std::vector<VectorField>& W) {
  if (constraints.empty() || W.size() != constraints.size()) return 1;
  GiNaC::matrix M(static_cast<unsigned>(W.size()), static_cast<unsigned>(W.size()));
  for (std::size_t k = 0; k < constraints.size(); ++k)
    for (std::size_t l = 0; l < W.size(); ++l)
      M(static_cast<unsigned>(k), static_cast<unsigned>(l)) = evaluate(constraints[k], {W[l]});
  return simplify(determinant_of_entries(M));
}

}  // namespace

std::vector<VectorField> frame_from_constraints(const std::vector<Form>& constraints, const Chart& Q) {
  if (constraints.empty()) {
    std::vector<VectorField> all;
    for (std::size_t i = 0; i < Q.dim(); ++i) all.push_back(VectorField::coordinate(Q, i));
    return all;
  }
  return from_columns(nullspace(constraint_matrix(constraints, Q), Q, PivotOrder::Simplest), Q);
}

std::vector<std::size_t> coordinate_complement(const std::vector<Form>& constraints, const Chart& Q) {
  if (constraints.empty()) return {};
  const Echelon e = row_echelon(constraint_matrix(constraints, Q), Q, PivotOrder::Simplest);
  std::vector<std::size_t> cols(e.pivot_columns.begin(), e.pivot_columns.end());
  std::sort(cols.begin(), cols.end());
  return cols;
}

namespace {

// The frame of D when none is given, with the invariant complement read off with it (if any).
struct ComputedFrame {
  std::vector<VectorField> fields;
  FrameOrigin origin = FrameOrigin::ConstraintKernel;
  std::vector<VectorField> invariant_complement;
};

// Solving the constraints divides by their coefficients; a frame that blows up where one vanishes
// (the knife edge's cot(φ)∂x + ∂y) is rescaled to one that does not.  With a symmetry, the kernel is
// taken in an invariant frame of TQ when there is one, and a rescaling that would move the field is
// not made (an invariant field is worth more than one without denominators).
ComputedFrame computed_frame(const std::vector<Form>& constraints, const std::vector<VectorField>& symmetry,
                             const Chart& Q) {
  // The search is an improvement, never a failure: a sample point on a pole of a generator, or a
  // frame in which the constraints are singular, leaves the coordinate kernel.
  if (!constraints.empty() && !symmetry.empty()) try {
    if (auto E = invariant_tangent_frame(symmetry, Q)) {
      SplitFrame split = split_in_frame(constraints, *E, symmetry);
      const bool invariant = std::all_of(split.distribution.begin(), split.distribution.end(),
                                         [&](const VectorField& X) { return commutes_with(X, symmetry); });
      if (invariant) {
        for (auto& X : split.distribution)
          if (const VectorField Y = without_denominators(X); commutes_with(Y, symmetry)) X = Y;
        return {std::move(split.distribution), FrameOrigin::Invariant, std::move(split.complement)};
      }
    }
  } catch (const std::exception&) {
  }
  std::vector<VectorField> fields = frame_from_constraints(constraints, Q);
  for (auto& X : fields) X = without_denominators(X);
  return {std::move(fields), FrameOrigin::ConstraintKernel, {}};
}

}  // namespace

namespace {

// " [how it was decided]" at the end of a DomainError from inverse(), or nothing.
std::string how_decided(const std::string& what) {
  const std::size_t at = what.rfind(" [");
  return at == std::string::npos ? "" : what.substr(at);
}

// X_0 = Σ c^w W_w with ω^k(X_0) = −b^k: the k × k system ω^k(W_w) is invertible where W is
// complementary to D.
VectorField drift_in_complement(const std::vector<Form>& forms, const std::vector<GiNaC::ex>& offsets,
                                const Frame& frame, const Chart& Q) {
  std::vector<GiNaC::ex> x(Q.dim(), 0);
  if (std::all_of(offsets.begin(), offsets.end(), [](const GiNaC::ex& b) { return b.is_zero(); }))
    return VectorField(Q, x);
  const std::size_t k = forms.size(), r = frame.rank();
  GiNaC::matrix A(static_cast<unsigned>(k), static_cast<unsigned>(k)), b(static_cast<unsigned>(k), 1);
  for (unsigned j = 0; j < k; ++j) {
    b(j, 0) = -offsets[j];
    for (unsigned w = 0; w < k; ++w) A(j, w) = simplify(evaluate(forms[j], {frame[r + w]}));
  }
  const GiNaC::matrix c = inverse(A, Q, "NonholonomicSystem").mul(b);
  for (std::size_t w = 0; w < k; ++w)
    for (std::size_t i = 0; i < Q.dim(); ++i) x[i] += c(static_cast<unsigned>(w), 0) * frame[r + w][i];
  for (auto& e : x) e = simplify(e);
  return VectorField(Q, x);
}

}  // namespace

struct NonholonomicSystem::Data {
  Chart Q, TQ, Dstar, Dvel;
  GiNaC::ex L;
  std::optional<Metric> G;
  GiNaC::ex V;
  std::vector<Form> constraints;
  std::vector<GiNaC::ex> offsets;
  std::optional<VectorField> drift;
  std::optional<Frame> frame;
  Complement complement;
  GiNaC::ex complement_minor;
  std::vector<std::string> names;
  GiNaC::matrix rho, Gab, Ginv;
  Tensor3 C_low, C_up;
  FrameOrigin origin = FrameOrigin::Given;
};

NonholonomicSystem::NonholonomicSystem(const NonholonomicSpec& spec) {
  auto d = std::make_shared<Data>(Data{spec.chart, tangent_bundle(spec.chart), spec.chart, spec.chart,
                                       spec.lagrangian, std::nullopt, 0, {}, {}, std::nullopt, std::nullopt, {}, 0, {}, {}, {}, {},
                                       Tensor3(), Tensor3(), FrameOrigin::Given});
  const Chart& Q = d->Q;
  const bool constrained = !spec.constraints.empty() || !spec.frame.empty();
  const auto parts = mechanical_parts(spec.lagrangian, Q, constrained ? DegenerateMetric::AllowedOffD : DegenerateMetric::Refused);
  d->G = parts.metric;
  d->V = parts.potential;
  for (const auto& c : spec.constraints) {
    ConstraintParts parts = constraint_parts(c, Q);
    d->constraints.push_back(std::move(parts.form));
    d->offsets.push_back(parts.offset);
  }
  // D given by its frame alone: the constraints are the annihilator of the frame.
  if (spec.constraints.empty() && !spec.frame.empty()) {
    d->constraints = annihilator(Distribution(spec.frame));
    d->offsets.assign(d->constraints.size(), 0);
  }
  // Independent constraints: the annihilator D° must have rank k.
  if (!d->constraints.empty()) {
    const std::size_t rk = symbolic_rank(constraint_matrix(d->constraints, Q), Q);
    if (rk != d->constraints.size())
      throw DomainError(detail::message("NonholonomicSystem", "the constraints are linearly dependent",
                                        std::to_string(d->constraints.size()) + " independent constraints",
                                        "rank " + std::to_string(rk)));
  }
  const std::size_t r = Q.dim() - d->constraints.size();
  std::vector<VectorField> fields = spec.frame;
  std::vector<VectorField> invariant_complement;
  if (fields.empty()) {
    ComputedFrame computed = computed_frame(d->constraints, spec.symmetry, Q);
    fields = std::move(computed.fields);
    d->origin = computed.origin;
    invariant_complement = std::move(computed.invariant_complement);
  } else {
    if (fields.size() != r)
      throw DomainError(detail::message("NonholonomicSystem", "wrong number of frame fields",
                                        std::to_string(r) + " (rank of D = " + std::to_string(Q.dim()) +
                                            " coordinates - " + std::to_string(d->constraints.size()) +
                                            " constraints)",
                                        std::to_string(fields.size())));
    for (std::size_t a = 0; a < fields.size(); ++a) {
      require_same_chart(Q, fields[a].chart(), "NonholonomicSystem");
      for (std::size_t k = 0; k < d->constraints.size(); ++k) {
        const ZeroVerdict v = zero_test(evaluate(d->constraints[k], {fields[a]}), Q);
        if (!v.zero)
          throw DomainError(detail::message(
              "NonholonomicSystem", "frame field is not tangent to D",
              "every frame field to satisfy every constraint",
              "field " + std::to_string(a + 1) + " violates constraint " + std::to_string(k + 1) + " [" +
                  v.how() + "]"));
      }
    }
  }
  d->names = spec.frame_names.empty() ? numbered_names("X", r) : spec.frame_names;
  if (d->names.size() != r)
    throw InvalidArgument(detail::message("NonholonomicSystem", "wrong number of frame names",
                                          std::to_string(r), std::to_string(d->names.size())));
  // The frame with its complement; a dependent set (frame or W) is reported by Frame.
  // Chosen W: fields of the invariant frame of TQ when D was taken in one (an invariant W keeps Λ and
  // the gauge transformations invariant), else the coordinates the constraints solve for.
  d->complement = spec.complement;
  if (d->complement.kind == Complement::Kind::Automatic) {
    d->complement.fields = invariant_complement;
    if (d->complement.fields.empty()) d->complement.coordinates = coordinate_complement(d->constraints, Q);
  }
  try {
    const bool by_fields = d->complement.kind == Complement::Kind::Fields || !d->complement.fields.empty();
    if (d->complement.kind == Complement::Kind::Orthogonal) {
      d->frame = Frame::orthogonal(fields, *d->G);
    } else if (by_fields) {
      d->frame = Frame(fields, d->complement.fields);
      if (d->complement.kind == Complement::Kind::Automatic)
        d->complement_minor = fields_minor(d->constraints, d->complement.fields);
    } else {
      d->frame = Frame::with_coordinate_complement(fields, d->complement.coordinates);
      d->complement_minor = coordinate_minor(d->constraints, d->complement.coordinates, Q);
    }
  } catch (const DomainError& e) {
    throw DomainError(detail::message("NonholonomicSystem",
                                      "the frame fields and the complement W do not form a basis of TQ",
                                      "D and W complementary, with independent frame fields",
                                      std::string(e.what())));
  } catch (const InvalidArgument& e) {
    throw DomainError(detail::message("NonholonomicSystem", "the complement W has the wrong dimension",
                                      std::to_string(Q.dim() - r) + " fields", std::string(e.what())));
  }
  d->drift = drift_in_complement(d->constraints, d->offsets, *d->frame, Q);
  d->Dstar = distribution_dual_chart(Q, r);
  d->Dvel = distribution_chart(Q, r);
  d->rho = d->frame->rho();
  d->Gab = restrict(*d->G, d->frame->distribution());
  try {
    d->Ginv = inverse(d->Gab, Q, "NonholonomicSystem");
  } catch (const DomainError& e) {  // "matrix is singular" would not say which, nor why
    throw DomainError(detail::message("NonholonomicSystem",
                                      "the kinetic energy is degenerate on the constraint distribution D (G_ab = g(X_a, X_b) "
                                      "is the constrained metric)",
                                      "det G_ab nonzero (a positive definite kinetic energy has it)",
                                      "det G_ab = 0" + how_decided(e.what())));
  }
  d->C_low = lowered_structure(*d->frame, *d->G);
  d->C_up = Tensor3(r);
  for (std::size_t a = 0; a < r; ++a)
    for (std::size_t b = a + 1; b < r; ++b)
      for (std::size_t c = 0; c < r; ++c) {
        GiNaC::ex s = 0;
        for (std::size_t e = 0; e < r; ++e)
          s += d->Ginv(static_cast<unsigned>(c), static_cast<unsigned>(e)) * d->C_low(a, b, e);
        s = simplify(s);
        d->C_up(a, b, c) = s;
        d->C_up(b, a, c) = -s;
      }
  data_ = d;
}

const Chart& NonholonomicSystem::chart() const { return data_->Q; }
const Chart& NonholonomicSystem::tangent_chart() const { return data_->TQ; }
const Chart& NonholonomicSystem::dual_chart() const { return data_->Dstar; }
const Chart& NonholonomicSystem::velocity_chart() const { return data_->Dvel; }
GiNaC::ex NonholonomicSystem::lagrangian() const { return data_->L; }
const Metric& NonholonomicSystem::metric() const { return *data_->G; }
GiNaC::ex NonholonomicSystem::potential() const { return data_->V; }
const std::vector<Form>& NonholonomicSystem::constraint_forms() const { return data_->constraints; }
const std::vector<GiNaC::ex>& NonholonomicSystem::constraint_offsets() const { return data_->offsets; }
bool NonholonomicSystem::is_affine() const {
  return std::any_of(data_->offsets.begin(), data_->offsets.end(), [](const GiNaC::ex& b) { return !b.is_zero(); });
}
const VectorField& NonholonomicSystem::drift() const { return *data_->drift; }
const Frame& NonholonomicSystem::frame() const { return *data_->frame; }
const Complement& NonholonomicSystem::complement() const { return data_->complement; }
GiNaC::ex NonholonomicSystem::complement_minor() const { return data_->complement_minor; }
const std::vector<std::string>& NonholonomicSystem::frame_names() const { return data_->names; }
FrameOrigin NonholonomicSystem::frame_origin() const { return data_->origin; }
std::size_t NonholonomicSystem::rank() const { return data_->frame->rank(); }

std::vector<GiNaC::ex> NonholonomicSystem::momenta() const {
  const auto& c = data_->Dstar.coordinates();
  return {c.begin() + static_cast<long>(data_->Q.dim()), c.end()};
}

std::vector<GiNaC::ex> NonholonomicSystem::quasi_velocities() const {
  const auto& c = data_->Dvel.coordinates();
  return {c.begin() + static_cast<long>(data_->Q.dim()), c.end()};
}

const GiNaC::matrix& NonholonomicSystem::rho() const { return data_->rho; }
const GiNaC::matrix& NonholonomicSystem::constrained_metric() const { return data_->Gab; }
const GiNaC::matrix& NonholonomicSystem::constrained_inverse() const { return data_->Ginv; }
const Tensor3& NonholonomicSystem::structure_lowered() const { return data_->C_low; }
const Tensor3& NonholonomicSystem::structure() const { return data_->C_up; }

}  // namespace hamel
