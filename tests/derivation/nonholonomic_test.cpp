// tests/derivation/nonholonomic_test.cpp — deriving a nonholonomic system from an input built in C++,
// without a file: the library's refusals come back as SpecError, at the input's positions when it
// records them, as the bare message when it does not.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "derivation/nonholonomic.hpp"
#include "geometry/lifts.hpp"

namespace {

// The nonholonomic particle (z_dot = y x_dot) with the frame {∂x, ∂y}: ∂x is not tangent to D.
hamel::NonholonomicInput particle_with_bad_frame() {
  const hamel::Chart Q = hamel::Chart::make("Q", {"x", "y", "z"}, {"m"});
  const hamel::Chart TQ = hamel::tangent_bundle(Q);
  const GiNaC::ex y = Q[1], m = Q.parameters()[0], xd = TQ[3], yd = TQ[4], zd = TQ[5];
  hamel::NonholonomicInput in{Q, m / 2 * (xd * xd + yd * yd + zd * zd), {zd - y * xd}};
  in.frame = {hamel::VectorField(Q, {1, 0, 0}), hamel::VectorField(Q, {0, 1, 0})};
  in.frame_names = {"X1", "X2"};
  return in;
}

std::string error_of(const hamel::NonholonomicInput& in) {
  try {
    hamel::Derivation d;
    hamel::derive_nonholonomic(in, d, hamel::DeriveOptions{});
  } catch (const hamel::SpecError& e) {
    return e.what();
  }
  return "ok";
}

}  // namespace

TEST_SUITE("derivation") {

TEST_CASE("derive_nonholonomic: a frame field not tangent to D is a SpecError, located when the input says where") {
  hamel::NonholonomicInput in = particle_with_bad_frame();
  CHECK(error_of(in).find("frame field X1 is not tangent to D; expected it to satisfy every constraint, got constraint 1 = -y") == 0);
  in.at.set("frame", {"spec.yaml", 7, 1});
  in.at.set("frame.X1", {"spec.yaml", 8, 3});
  CHECK(error_of(in).find("spec.yaml:8:3: frame field X1 is not tangent to D") == 0);
  try {
    (void)hamel::build_nonholonomic_system(in);
    FAIL("expected a SpecError");
  } catch (const hamel::ParseError& e) {  // reported like a reader's error
    CHECK(e.file() == "spec.yaml");
    CHECK(e.line() == 8);
    CHECK(e.column() == 3);
    CHECK(e.message().find("frame field X1 is not tangent to D") == 0);
  }
}

TEST_CASE("derive_nonholonomic: a complement inside D is refused at 'complement'") {
  hamel::NonholonomicInput in = particle_with_bad_frame();
  in.frame.clear();
  in.frame_names.clear();
  in.complement = {1};  // W = span{∂y} lies in D
  in.at.set("complement", {"spec.yaml", 7, 13});
  CHECK(error_of(in).find("spec.yaml:7:13: 'complement': the frame fields and the complement W do not form a basis of TQ") == 0);
  in.complement = {2};
  CHECK(error_of(in) == "ok");
}

// The frame section says which W completes the frame (004 §2.2): chosen from the constraint matrix by
// default, D^⊥ on request.
TEST_CASE("derive_nonholonomic: the complement W is chosen from the constraints and the choice is printed") {
  hamel::NonholonomicInput in = particle_with_bad_frame();
  in.frame.clear();
  in.frame_names.clear();
  hamel::Derivation chosen;
  hamel::derive_nonholonomic(in, chosen, hamel::DeriveOptions{});
  const hamel::Object* W = chosen.find("complement");
  REQUIRE(W);
  REQUIRE(W->entries.size() == 1);  // W1 = ∂z: the coordinate the constraint z_dot = y x_dot solves for
  CHECK(W->entries[0].key == std::vector<std::string>{"W1", "z"});
  CHECK(W->entries[0].value.is_equal(GiNaC::ex(1)));
  std::string prose;
  for (const auto& s : chosen.sections)
    for (const auto& p : s.prose) prose += p.text() + "\n";
  CHECK(prose.find("$W = span{∂z}$, chosen from the constraint matrix") != std::string::npos);
  CHECK(prose.find("$W$ is complementary to $D$ everywhere") != std::string::npos);

  in.orthogonal_complement = true;
  hamel::Derivation orth;
  hamel::derive_nonholonomic(in, orth, hamel::DeriveOptions{});
  prose.clear();
  for (const auto& s : orth.sections)
    for (const auto& p : s.prose) prose += p.text() + "\n";
  CHECK(prose.find("metric-orthogonal complement") != std::string::npos);
  const hamel::Object* Wo = orth.find("complement");
  REQUIRE(Wo);
  CHECK(Wo->entries.size() == 2);  // D^⊥ = span{-y ∂x + ∂z}
}

// Issue 16 §2: a frame Hamel computes is reported invariant under the symmetry, or which field moves.
TEST_CASE("derive_nonholonomic: the computed frame of the particle is invariant under dx, dz, y dz moves X2") {
  hamel::NonholonomicInput in = particle_with_bad_frame();
  in.frame.clear();
  in.frame_names.clear();
  const hamel::Chart& Q = in.Q;
  in.symmetry = {{"tx", hamel::VectorField(Q, {1, 0, 0})}, {"tz", hamel::VectorField(Q, {0, 0, 1})}};
  const auto verdict = [](const hamel::Derivation& d) -> const hamel::Verdict* {
    for (const auto& s : d.sections)
      for (const auto& v : s.verdicts)
        if (v.id == "symmetry.frame_invariant") return &v;
    return nullptr;
  };
  hamel::Derivation d;
  hamel::derive_nonholonomic(in, d, hamel::DeriveOptions{});
  REQUIRE(verdict(d));
  CHECK(verdict(d)->holds);
  CHECK_FALSE(verdict(d)->failure());
  in.symmetry.emplace_back("shear", hamel::VectorField(Q, {0, 0, Q[1]}));  // [y dz, dy] = -dz
  hamel::Derivation e;
  hamel::derive_nonholonomic(in, e, hamel::DeriveOptions{});
  REQUIRE(verdict(e));
  CHECK_FALSE(verdict(e)->holds);
  CHECK_FALSE(verdict(e)->failure());  // a fact: Hamel does not search for an invariant frame
  CHECK(verdict(e)->method.find("[shear, X2] is not 0") != std::string::npos);
}

// A homogeneous ball (inertia I about every axis) rolling on a plane, z-x-z Euler angles, gauge field ∂φ
// (the Chaplygin sphere of 004 §6 with I1 = I3); `fixed_in_space`: its other fields roll the ball about
// the space axes e1, e2, which the rotation about the vertical moves (a tester's frame).
hamel::NonholonomicInput ball_on_plane(bool fixed_in_space) {
  const hamel::Chart Q = hamel::Chart::make("Q", {"x", "y", "phi", "theta", "psi"}, {"m", "r", "I"});
  const hamel::Chart TQ = hamel::tangent_bundle(Q);
  const GiNaC::ex x = Q[0], y = Q[1], ph = Q[2], th = Q[3], m = Q.parameters()[0], r = Q.parameters()[1], I = Q.parameters()[2];
  const GiNaC::ex xd = TQ[5], yd = TQ[6], phd = TQ[7], thd = TQ[8], psd = TQ[9];
  const GiNaC::ex L = m / 2 * (xd * xd + yd * yd) + I / 2 * (phd * phd + thd * thd + psd * psd + 2 * phd * psd * cos(th));
  hamel::NonholonomicInput in{Q, L, {xd - r * (thd * sin(ph) - psd * sin(th) * cos(ph)), yd + r * (thd * cos(ph) + psd * sin(th) * sin(ph))}};
  const hamel::VectorField Z(Q, {0, 0, 1, 0, 0});
  if (fixed_in_space)
    in.frame = {hamel::VectorField(Q, {0, -r, -cos(th) * sin(ph) / sin(th), cos(ph), sin(ph) / sin(th)}),
                hamel::VectorField(Q, {r, 0, cos(th) * cos(ph) / sin(th), sin(ph), -cos(ph) / sin(th)}), Z};
  else
    in.frame = {hamel::VectorField(Q, {r * sin(ph), -r * cos(ph), 0, 1, 0}),
                hamel::VectorField(Q, {-r * sin(th) * cos(ph), -r * sin(th) * sin(ph), 0, 0, 1}), Z};
  in.frame_names = {"Y1", "Y2", "Z"};
  in.complement = {0, 1};
  in.symmetry = {{"rotation", hamel::VectorField(Q, {-y, x, 1, 0, 0})},
                 {"tx", hamel::VectorField(Q, {1, 0, 0, 0, 0})},
                 {"ty", hamel::VectorField(Q, {0, 1, 0, 0, 0})}};
  in.gauge = {2};
  return in;
}

const hamel::Verdict* verdict_of(const hamel::Derivation& d, const std::string& id) {
  for (const auto& s : d.sections)
    for (const auto& v : s.verdicts)
      if (v.id == id) return &v;
  return nullptr;
}

const hamel::Object* object_of(const hamel::Derivation& d, const std::string& id) {
  for (const auto& s : d.sections)
    for (const auto& o : s.objects)
      if (o.id == id) return &o;
  return nullptr;
}

// Definition 5.1: Theorem 5.3's test and Lemma 5.4's Λ assume an adapted frame. On one, Λ is 004 §6's
// −m r² sin θ dφ∧dθ∧dψ; on the space-fixed frame (5.2) gave I sin θ dφ∧dθ∧dψ, called unique, and a
// failed Casimir, with nothing saying why.
TEST_CASE("derive_nonholonomic: Lambda of Lemma 5.4 only on an adapted frame (Definition 5.1)") {
  const hamel::NonholonomicInput ball = ball_on_plane(false);
  hamel::Derivation good;
  hamel::derive_nonholonomic(ball, good, hamel::DeriveOptions{});
  REQUIRE(verdict_of(good, "gauge.adapted"));
  CHECK(verdict_of(good, "gauge.adapted")->holds);
  const hamel::Object* lambda = object_of(good, "three_form");
  REQUIRE(lambda);
  REQUIRE(lambda->entries.size() == 1);
  const GiNaC::ex m = ball.Q.parameters()[0], r = ball.Q.parameters()[1], th = ball.Q[3];
  CHECK(lambda->entries[0].key == std::vector<std::string>{"phi", "theta", "psi"});
  CHECK_MESSAGE(hamel::zero_test(lambda->entries[0].value + m * r * r * sin(th)).zero, lambda->entries[0].value);
  REQUIRE(verdict_of(good, "casimir.pi3.gauged"));
  CHECK(verdict_of(good, "casimir.pi3.gauged")->holds);

  hamel::Derivation fixed;
  hamel::derive_nonholonomic(ball_on_plane(true), fixed, hamel::DeriveOptions{});
  const hamel::Verdict* adapted = verdict_of(fixed, "gauge.adapted");
  REQUIRE(adapted);
  CHECK_FALSE(adapted->holds);
  CHECK(adapted->failure());
  CHECK(adapted->method.find("[rotation, Y1]^x = -r is not 0: Y1 is not equivariant") != std::string::npos);
  CHECK_FALSE(object_of(fixed, "three_form"));  // not built
  CHECK_FALSE(verdict_of(fixed, "casimir.pi3.gauged"));
  REQUIRE(verdict_of(fixed, "gauge.theorem_5_3.Z"));
  CHECK_FALSE(verdict_of(fixed, "gauge.theorem_5_3.Z")->expected.has_value());  // the test does not decide

  // an equivariant field that is not tangent to the orbits is no section of S
  hamel::NonholonomicInput off = ball_on_plane(false);
  off.gauge = {1};
  hamel::Derivation o;
  hamel::derive_nonholonomic(off, o, hamel::DeriveOptions{});
  REQUIRE(verdict_of(o, "gauge.adapted"));
  CHECK_FALSE(verdict_of(o, "gauge.adapted")->holds);
  CHECK(verdict_of(o, "gauge.adapted")->method.find("Y2 is not tangent to the orbits") != std::string::npos);
  CHECK_FALSE(object_of(o, "three_form"));
}

}  // TEST_SUITE
