// bench/numerics_bench.cpp — compiled right-hand sides against hand-written C++ (issue: numerics).
//
// The heavy symmetric top with viscous damping in Euler angles (φ, θ, ψ), six states:
//   L = I1/2 (θ̇² + φ̇² sin²θ) + I3/2 (ψ̇ + φ̇ cosθ)² − mgl cosθ,   generalised forces −c q̇.
// Its right-hand side is derived once symbolically (Euler–Lagrange, M(q) q̈ = F, q̈ = M⁻¹F, as the
// mechanics layer will produce it) and compiled with both back ends; the same equations are also
// written by hand, with the block structure of M solved on paper.  Each is timed over 10⁶
// evaluations at moving points; then the top is integrated for 10 s at tolerance 1e-12.
// Prints "RESULT <case> <seconds per run>" (bench/README.md) and the ratios as comments.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <iostream>

#include "numerics/compiled_function.hpp"
#include "numerics/ode.hpp"

namespace {

constexpr double I1 = 0.8, I3 = 0.3, mgl = 2.5, damping = 0.05;

struct TopSymbols {
  GiNaC::realsymbol phi{"phi"}, th{"theta"}, psi{"psi"}, dphi{"dphi"}, dth{"dtheta"}, dpsi{"dpsi"};
  GiNaC::realsymbol i1{"I1"}, i3{"I3"}, m{"mgl"}, c{"c"};
  std::vector<GiNaC::ex> q() const { return {phi, th, psi}; }
  std::vector<GiNaC::ex> dq() const { return {dphi, dth, dpsi}; }
  std::vector<GiNaC::ex> state() const { return {phi, th, psi, dphi, dth, dpsi}; }
  GiNaC::exmap parameters() const { return {{i1, I1}, {i3, I3}, {m, mgl}, {c, damping}}; }
};

// Euler–Lagrange: Σ_j M_ij q̈_j = ∂L/∂q_i − Σ_j (∂²L/∂q̇_i∂q_j) q̇_j − c q̇_i, solved for q̈.
std::vector<GiNaC::ex> top_rhs(const TopSymbols& s) {
  using GiNaC::ex;
  const ex L = s.i1 / 2 * (pow(s.dth, 2) + pow(s.dphi * sin(s.th), 2)) +
               s.i3 / 2 * pow(s.dpsi + s.dphi * cos(s.th), 2) - s.m * cos(s.th);
  const auto q = s.q(), dq = s.dq();
  GiNaC::matrix M(3, 3), F(3, 1);
  for (unsigned i = 0; i < 3; ++i) {
    const ex p = L.diff(GiNaC::ex_to<GiNaC::symbol>(dq[i]));
    ex f = L.diff(GiNaC::ex_to<GiNaC::symbol>(q[i])) - s.c * dq[i];
    for (unsigned j = 0; j < 3; ++j) {
      M(i, j) = p.diff(GiNaC::ex_to<GiNaC::symbol>(dq[j]));
      f -= p.diff(GiNaC::ex_to<GiNaC::symbol>(q[j])) * dq[j];
    }
    F(i, 0) = f;
  }
  const GiNaC::matrix qdd = M.inverse().mul(F);
  std::vector<ex> rhs = dq;
  for (unsigned i = 0; i < 3; ++i) rhs.push_back(normal(qdd(i, 0)));
  return rhs;
}

// The same equations by hand.  noinline: every version is timed as one call per evaluation.
[[gnu::noinline]] void top_by_hand(const double* x, double* d) {
  const double th = x[1], dphi = x[3], dth = x[4], dpsi = x[5];
  const double s = std::sin(th), c = std::cos(th);
  const double w3 = dpsi + dphi * c;
  const double dpphi_dth = 2 * I1 * dphi * s * c - I3 * dphi * s * c - I3 * w3 * s;
  const double f_phi = -dth * dpphi_dth - damping * dphi;
  const double f_th = I1 * dphi * dphi * s * c - I3 * w3 * dphi * s + mgl * s - damping * dth;
  const double f_psi = I3 * dphi * dth * s - damping * dpsi;
  const double a = I1 * s * s + I3 * c * c, b = I3 * c, det = I1 * I3 * s * s;
  d[0] = dphi;
  d[1] = dth;
  d[2] = dpsi;
  d[3] = (I3 * f_phi - b * f_psi) / det;
  d[4] = f_th / I1;
  d[5] = (a * f_psi - b * f_phi) / det;
}

using Kernel = std::function<void(const double*, double*)>;

// Best of `reps` runs of `n` evaluations at moving points; seconds per evaluation.
double time_per_eval(const Kernel& f, long n, int reps, double& checksum) {
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    double x[6] = {0.1, 0.9, -0.3, 1.3, -0.4, 7.0}, d[6];
    const auto t0 = std::chrono::steady_clock::now();
    for (long i = 0; i < n; ++i) {
      f(x, d);
      checksum += d[3] + d[4] + d[5];
      x[1] += 1e-7;  // a new point every time: nothing can be hoisted out of the loop
    }
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / n);
  }
  return best;
}

double max_relative_difference(const Kernel& f, const Kernel& g) {
  double worst = 0;
  for (int k = 0; k < 100; ++k) {
    const double x[6] = {0.1 * k, 0.2 + 0.025 * k, -0.3, 1.3 - 0.02 * k, -0.4 + 0.01 * k, 7.0 - 0.05 * k};
    double a[6], b[6];
    f(x, a);
    g(x, b);
    for (int i = 0; i < 6; ++i) worst = std::max(worst, std::fabs(a[i] - b[i]) / std::max(1.0, std::fabs(b[i])));
  }
  return worst;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main() {
  using namespace hamel;
  const TopSymbols s;
  auto t0 = std::chrono::steady_clock::now();
  const auto rhs = top_rhs(s);
  const double derive = seconds_since(t0);

  CompileOptions bytecode_options;
  bytecode_options.backend = Backend::Bytecode;
  t0 = std::chrono::steady_clock::now();
  const CompiledFunction bytecode = compile(rhs, s.state(), s.parameters(), bytecode_options);
  const double lower = seconds_since(t0);
  const CompiledFunction native = compile(rhs, s.state(), s.parameters());  // Auto: native if possible
  const bool have_native = native.backend() == Backend::NativeC;

  const Kernel by_hand = top_by_hand;
  const Kernel interpreted = [&bytecode](const double* x, double* d) { bytecode(x, d); };
  const Kernel jit = [&native](const double* x, double* d) { native(x, d); };
  const double diff_b = max_relative_difference(interpreted, by_hand), diff_n = max_relative_difference(jit, by_hand);

  double checksum = 0;
  const long n = 1000000;
  const double t_hand = time_per_eval(by_hand, n, 5, checksum);
  const double t_bytecode = time_per_eval(interpreted, n, 5, checksum);
  const double t_native = time_per_eval(jit, n, 5, checksum);
  std::cout << "RESULT top_rhs_handwritten " << t_hand << "\n"
            << "RESULT top_rhs_bytecode " << t_bytecode << "\n"
            << "RESULT top_rhs_eval " << t_native << "\n";

  // Integration for 10 s at 1e-12 with the compiled right-hand side and with the hand-written one.
  const State x0 = {0.0, 0.9, 0.0, 1.3, 0.0, 7.0};
  const Rhs compiled_rhs = make_rhs(native);
  const Rhs hand_rhs = [](const State& x, State& d, double) { top_by_hand(x.data(), d.data()); };
  Trajectory run;
  auto integrate_time = [&](const Rhs& f) {
    double best = 1e300;
    for (int r = 0; r < 5; ++r) {
      const auto start = std::chrono::steady_clock::now();
      run = integrate(f, x0, 0, 10);
      best = std::min(best, seconds_since(start));
    }
    return best;
  };
  const double t_int_hand = integrate_time(hand_rhs);
  const State end_hand = run.x_end;
  const double t_int = integrate_time(compiled_rhs);
  std::cout << "RESULT top_integrate_10s " << t_int << "\n"
            << "RESULT top_integrate_10s_handwritten " << t_int_hand << "\n";

  char line[200];
  std::printf("# right-hand side: %zu instructions (%zu sin, %zu cos, %zu div), derived in %.3f s, lowered in %.4f s\n",
              bytecode.program().code.size(), bytecode.program().count(Op::Sin), bytecode.program().count(Op::Cos),
              bytecode.program().count(Op::Div), derive, lower);
  std::printf("# back end: %s\n", native.note().c_str());
  std::snprintf(line, sizeof line, "# ns/eval: hand-written %.1f, bytecode %.1f (%.2fx), %s %.1f (%.2fx)",
                t_hand * 1e9, t_bytecode * 1e9, t_bytecode / t_hand, have_native ? "JIT-C" : "bytecode (no C compiler)",
                t_native * 1e9, t_native / t_hand);
  std::cout << line << "\n";
  std::printf("# max relative difference from hand-written: bytecode %.2g, JIT-C %.2g\n", diff_b, diff_n);
  std::printf("# integrate 10 s (%zu steps, %zu evaluations): compiled %.2f ms, hand-written %.2f ms; "
              "end states differ by %.2g\n",
              run.steps, run.rhs_evaluations, t_int * 1e3, t_int_hand * 1e3,
              std::fabs(run.x_end[1] - end_hand[1]));
  std::printf("# theta(10) = %.15g; checksum %.6g\n", run.x_end[1], checksum);
  const bool ok = diff_b < 1e-12 && diff_n < 1e-12 && std::isfinite(checksum);
  if (!ok) std::cerr << "numerics_bench: the compiled right-hand side disagrees with the hand-written one\n";
  return ok ? 0 : 1;
}
