// derivation/nonholonomic_system.cpp — the NonholonomicSystem of an input: the library checks what was
// read (a mechanical Lagrangian, linear or affine constraints, a frame tangent to D, a complement W), and each
// refusal becomes a SpecError at the entry it comes from.
#include "derivation/nonholonomic.hpp"

#include <stdexcept>

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

namespace {

// CLN reports numbers its algorithms cannot take (a floating-point exponent beyond 32 bits met by
// GiNaC's gcd while simplifying: found by fuzzing) with a std::runtime_error of its own.
std::string arithmetic_failure(const std::runtime_error& e) {
  return std::string("expected numbers GiNaC's arithmetic can handle, got a failure while simplifying what is derived "
                     "from it (") + e.what() + ")";
}

// A library failure while checking one entry, placed at `key`: the library's DomainError, GiNaC's
// pole_error (a singularity once differentiated), CLN's arithmetic failures.  `smooth` names what
// must be smooth ("L", "a constraint").
template <typename F>
void located(const NonholonomicInput& in, const std::string& key, const std::string& what, const std::string& smooth,
             F&& step) {
  try {
    step();
  } catch (const DomainError& e) {
    throw SpecError(in.at.find({key}), what + ": " + without_function_name(e.what()));
  } catch (const std::domain_error& e) {
    throw SpecError(in.at.find({key}), what + ": expected " + smooth + " smooth in the velocities, got a singularity (" +
                                           e.what() + ")");
  } catch (const std::runtime_error& e) {
    throw SpecError(in.at.find({key}), what + ": " + arithmetic_failure(e));
  }
}

std::vector<Form> constraint_forms(const NonholonomicInput& in) {
  const DegenerateMetric degenerate = in.constraints.empty() && in.frame.empty() ? DegenerateMetric::Refused : DegenerateMetric::AllowedOffD;
  located(in, "lagrangian", "'lagrangian'", "L", [&] { (void)mechanical_parts(in.lagrangian, in.Q, degenerate); });
  std::vector<Form> forms;
  for (std::size_t k = 0; k < in.constraints.size(); ++k) {
    const std::string n = std::to_string(k + 1);
    located(in, "constraints." + n, "constraint " + n, "a constraint",
            [&] { forms.push_back(constraint_parts(in.constraints[k], in.Q).form); });
  }
  return forms;
}

// The given frame: as many fields as the rank of D, each tangent to D.
void check_frame(const NonholonomicInput& in, const std::vector<Form>& forms) {
  if (in.frame.empty() || forms.empty()) return;
  const std::size_t r = in.Q.dim() - forms.size();
  if (in.frame.size() != r)
    throw SpecError(in.at.find({"frame"}), "'frame': wrong number of frame fields; expected " + std::to_string(r) +
                                               " (rank of D = " + std::to_string(in.Q.dim()) + " coordinates - " +
                                               std::to_string(forms.size()) + " constraints), got " +
                                               std::to_string(in.frame.size()));
  const auto names = in.field_names();
  for (std::size_t a = 0; a < in.frame.size(); ++a)
    for (std::size_t k = 0; k < forms.size(); ++k) {
      const GiNaC::ex value = evaluate(forms[k], {in.frame[a]});
      const ZeroVerdict v = zero_test(value, in.Q);
      if (!v.zero)
        throw SpecError(in.at.find({"frame." + names[a], "frame"}),
                        "frame field " + names[a] + " is not tangent to D; expected it to satisfy every constraint, got "
                        "constraint " + std::to_string(k + 1) + " = " + message_text(value) + " [" + v.how() + "]");
    }
}

NonholonomicSpec spec_of(const NonholonomicInput& in) {
  NonholonomicSpec spec{in.Q, in.lagrangian, in.constraints, in.frame, in.field_names(), Complement::automatic()};
  if (in.orthogonal_complement) spec.complement = Complement::orthogonal();
  if (!in.complement.empty()) spec.complement = Complement::coordinate_span(in.complement);
  for (const auto& generator : in.symmetry) spec.symmetry.push_back(generator.second);
  return spec;
}

// What the system's constructor refuses: W is placed at 'complement' when there is one, the rest at
// the frame, or at the constraints it was computed from.
[[noreturn]] void refused(const NonholonomicInput& in, const std::string& m) {
  const bool about_w = m.find("complement") != std::string::npos || m.find("basis of TQ") != std::string::npos;
  const bool w_given = in.at.has("complement");
  std::string what = without_function_name(m);
  if (m.find("basis of TQ") != std::string::npos) what = (w_given ? "'complement': " : "'frame': ") + what;
  const bool about_g = m.find("constrained metric") != std::string::npos;  // the Lagrangian's kinetic energy
  if (about_g) what = "'lagrangian': " + what;
  throw SpecError(about_w && w_given ? in.at.find({"complement"})
                  : about_g          ? in.at.find({"lagrangian"})
                                     : in.at.find({"frame", "constraints"}),
                  what);
}

}  // namespace

namespace {

std::vector<Form> checked_constraint_forms(const NonholonomicInput& in) {
  const std::vector<Form> forms = constraint_forms(in);
  if (forms.empty()) return forms;
  if (forms.size() >= in.Q.dim())
    throw SpecError(in.at.find({"constraints"}),
                    "'constraints': expected fewer constraints than coordinates (" + std::to_string(in.Q.dim()) +
                        "), so that the system can move; got " + std::to_string(forms.size()) + ", which leave D = 0");
  GiNaC::matrix A(static_cast<unsigned>(forms.size()), static_cast<unsigned>(in.Q.dim()));
  for (unsigned k = 0; k < A.rows(); ++k) {
    bool zero = true;
    for (unsigned i = 0; i < A.cols(); ++i) A(k, i) = forms[k].component({i}), zero = zero && A(k, i).is_zero();
    // "x_dot - x_dot" was reported as D = 0 or as dependent constraints (a tester)
    if (zero)
      throw SpecError(in.at.find({"constraints." + std::to_string(k + 1)}),
                      "constraint " + std::to_string(k + 1) + ": no velocity in it; expected a constraint on the velocities, got " +
                          detail::str(in.constraints[k]));
  }
  if (const std::size_t rank = symbolic_rank(A, in.Q); rank < forms.size())
    throw SpecError(in.at.find({"constraints"}), "'constraints': the constraints are linearly dependent; expected " +
                                                     std::to_string(forms.size()) + " independent constraints, got rank " +
                                                     std::to_string(rank) + " (remove the dependent ones)");
  return forms;
}

}  // namespace

void check_constraints(const NonholonomicInput& in) { (void)checked_constraint_forms(in); }

NonholonomicSystem build_nonholonomic_system(const NonholonomicInput& in) {
  const std::vector<Form> forms = checked_constraint_forms(in);
  check_frame(in, forms);
  try {
    return NonholonomicSystem(spec_of(in));
  } catch (const DomainError& e) {
    refused(in, e.what());
  } catch (const std::domain_error& e) {
    throw SpecError(in.at.find({"frame", "lagrangian"}),
                    std::string("expected expressions smooth on the domain, got a singularity while deriving the frame "
                                "and the Hamel equations (") + e.what() + ")");
  } catch (const std::runtime_error& e) {
    throw SpecError(in.at.find({"frame", "lagrangian"}), arithmetic_failure(e));
  }
}

}  // namespace hamel
