// examples/derive_in_code.cpp — a derivation built in C++, without a system file: the nonholonomic
// particle of 004 §5.4.2 (ż = y ẋ), its gauge momentum from Z1 = (∂x + y ∂z)/√(1 + y²), and the whole
// derivation printed as text and written as JSON.  Run by ctest; it fails if a verdict fails or the
// gauge momentum is not a Casimir of the reduced gauged bracket.
#include <iostream>

#include "derivation/nonholonomic.hpp"
#include "geometry/lifts.hpp"
#include "io/render/render.hpp"

int main() {
  using namespace hamel;
  const Chart Q = Chart::make("Q", {"x", "y", "z"}, {"m"});
  const Chart TQ = tangent_bundle(Q);
  const GiNaC::ex x = Q[0], y = Q[1], z = Q[2], m = Q.parameters()[0];
  const GiNaC::ex xd = TQ[3], yd = TQ[4], zd = TQ[5];

  NonholonomicInput in{Q, m / 2 * (xd * xd + yd * yd + zd * zd), {zd - y * xd}};
  const GiNaC::ex s = sqrt(1 + y * y);
  in.frame = {VectorField(Q, {1 / s, 0, y / s}), VectorField(Q, {0, 1, 0})};
  in.frame_names = {"Z1", "Y2"};
  in.gauge = {0};
  in.symmetry = {{"translation_x", VectorField(Q, {1, 0, 0})}, {"translation_z", VectorField(Q, {0, 0, 1})}};

  Derivation d;
  d.name = "nonholonomic particle (built in C++)";
  for (std::size_t i = 0; i < Q.dim(); ++i) d.declare(Q.coordinate_name(i), SymbolKind::Coordinate);
  d.declare("m", SymbolKind::Parameter);
  derive_nonholonomic(in, d, DeriveOptions{});

  write_text(d, std::cout);
  const nlohmann::json j = to_json(d);
  const bool casimir = j["checks"]["casimir.pi1.gauged"]["holds"] == true;
  std::cout << "\nJSON: " << j["objects"].size() << " objects, " << j["checks"].size() << " checks\n";
  return count_verdicts(d).failures == 0 && casimir ? 0 : 1;
}
