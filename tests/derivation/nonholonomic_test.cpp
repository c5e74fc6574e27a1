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
    for (const auto& p : s.prose) prose += p + "\n";
  CHECK(prose.find("W = span{∂z}, chosen from the constraint matrix") != std::string::npos);
  CHECK(prose.find("W is complementary to D everywhere") != std::string::npos);

  in.orthogonal_complement = true;
  hamel::Derivation orth;
  hamel::derive_nonholonomic(in, orth, hamel::DeriveOptions{});
  prose.clear();
  for (const auto& s : orth.sections)
    for (const auto& p : s.prose) prose += p + "\n";
  CHECK(prose.find("metric-orthogonal complement") != std::string::npos);
  const hamel::Object* Wo = orth.find("complement");
  REQUIRE(Wo);
  CHECK(Wo->entries.size() == 2);  // D^⊥ = span{-y ∂x + ∂z}
}

// Issue 16 §2: a frame Hamel computes is reported invariant under the symmetry, or which field moves.
TEST_CASE("derive_nonholonomic: the computed frame of the particle is invariant under dx, dz; y dz moves X2") {
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

}  // TEST_SUITE
