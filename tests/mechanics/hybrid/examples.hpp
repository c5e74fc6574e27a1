// tests/mechanics/hybrid/examples.hpp — the systems of 000 Examples 1–3 built in C++ (the system files
// in examples/hybrid_*.yaml describe the same ones).
#pragma once

#include "geometry/lifts.hpp"
#include "mechanics/hybrid/coordinate_change.hpp"
#include "mechanics/hybrid/hybrid_checks.hpp"

namespace hamel::test {

/// Example 1: the rolling disk with dissipation between the walls y = R and y = h − R (Cartesian).
struct DiskExample {
  Chart Q;
  GiNaC::ex x, y, phi, xd, yd, phid, m, R, k, c, h, e;
  std::vector<GiNaC::ex> impact;  // (17)
  SimpleHybridSystem system(bool with_paper_conditions = true) const;
  ForcedLagrangianSystem lagrangian() const;
  std::vector<Generator> generators() const;
};
DiskExample disk();

/// Example 3: the billiard in the moving circle x² + y² = f(t) (Cartesian, time-dependent).
struct BilliardExample {
  Chart Q;
  GiNaC::ex x, y, xd, yd, m, c, t;
  AbstractFunction f;
  SimpleHybridSystem system() const;
  std::vector<Generator> generators() const;
};
BilliardExample billiard();

/// Polar coordinates (r, theta[, phi]) for the disk or the billiard.
CoordinateChange polar_change(const Chart& Q, bool with_phi);

}  // namespace hamel::test
