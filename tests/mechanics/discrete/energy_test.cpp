// tests/mechanics/discrete/energy_test.cpp — the energy of a forced system against the work of its
// force: a particle with viscous friction, E(t) = E_0 exp(−2ct/m), for Heun's method (the force in
// Hamel's equations) and for the variational integrator (the work of f− + f+).
#include <doctest/doctest.h>

#include <cmath>

#include "mechanics/discrete/energy.hpp"
#include "tests/mechanics/discrete/systems.hpp"

using namespace hamel;

namespace {

// m/2 ẋ² with F = −c ẋ, midpoint rule.
struct DampedParticle {
  Chart Q = test::discrete_chart("Damped", {"x"}, {{"h"}, {"m"}, {"c"}});
  GiNaC::ex h = Q.parameter("h"), m = Q.parameter("m"), c = Q.parameter("c");
  GiNaC::ex xd = velocities(Q)[0];
  DiscreteSystem system = make();

  DiscreteSystem make() const {
    const DiscreteSystem free = discretize(Q, m * xd * xd / 2, {}, QuadratureRule::Midpoint, h);
    const DiscreteForces f = discrete_forces({-c * xd}, Q, QuadratureRule::Midpoint, h);
    ContinuousData data = *free.continuous();
    data.force = {-c * xd};
    return DiscreteSystem(DiscreteSpec{Q, h, free.lagrangian(), {}, {}, f.minus, f.plus, data});
  }
};

}  // namespace

TEST_SUITE("mechanics/discrete") {

TEST_CASE("heun_energy_balance: Heun's method feels the force, E_N = E_0 exp(-2cT/m), and E - E_0 = W") {
  DampedParticle p;
  const ParameterValues values{{p.h, 0.01}, {p.m, 2.0}, {p.c, 0.5}};
  const HeunEnergy run = heun_energy_balance(p.system, values, {0.0}, {1.0}, 200);
  REQUIRE(run.energy.size() == 201);
  CHECK(run.energy.front() == doctest::Approx(1.0));  // m v²/2
  const double exact = std::exp(-2 * 0.5 * 2.0 / 2.0);  // T = 200 h = 2
  CHECK(std::fabs(run.energy.back() - exact) < 1e-5);
  CHECK(energy_balance_error(run.energy, run.work) < 1e-5);
  CHECK(run.work.back() == doctest::Approx(exact - 1.0).epsilon(1e-4));
}

TEST_CASE("discrete_work: the variational integrator's energy follows the work of f- + f+ to O(h^2)") {
  DampedParticle p;
  const auto balance = [&](double h) {
    const ParameterValues values{{p.h, h}, {p.m, 2.0}, {p.c, 0.5}};
    const std::size_t N = static_cast<std::size_t>(std::lround(2.0 / h));
    const DiscreteTrajectory t = DiscreteIntegrator(p.system, values).run({0.0}, {h}, N);
    const auto E = discrete_energy(p.system, values, t), W = discrete_work(p.system, values, t);
    CHECK(W.front() == 0.0);
    CHECK(E.back() - E.front() < -0.5);  // a dissipated energy of about 1 - e^-1
    return energy_balance_error(E, W);
  };
  const double coarse = balance(0.02), fine = balance(0.01);
  CHECK(coarse < 1e-3);
  CHECK(coarse / fine == doctest::Approx(4.0).epsilon(0.15));  // order 2
}

TEST_CASE("heun_energy_balance: without a force the work is zero and the energy is Heun's") {
  test::P2 p;
  const ParameterValues values{{p.h, 0.1}, {p.lambda, 0.0}};
  const HeunEnergy run = heun_energy_balance(p.system, values, {0.5, 0.0}, {1.0, 0.5}, 10);
  for (double w : run.work) CHECK(w == 0.0);
  const auto E = heun_energy(p.system, values, {0.5, 0.0}, {1.0, 0.5}, 10);
  CHECK(E == run.energy);
}

}  // TEST_SUITE
