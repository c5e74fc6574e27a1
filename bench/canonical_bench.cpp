// bench/canonical_bench.cpp — the canonical form (core/symbolic.hpp, `simplify`), whose rational
// arithmetic is FLINT's (core/rational_function.hpp), against GiNaC's own normal() of the same
// expression (the reference, run by `canonical_bench --reference`).
//
// The expressions are what a derivation of a generic system simplifies: the derivatives of the inverse
// of the trigonometric metric of issue 18, G_ii = 1 + sin²q_{i+1}, G_{i,i+1} = cos q_i (indices mod n),
// contracted with G:  E_n = Σ_i ∂(G⁻¹)_{0i}/∂q_i · G_{i1}, with G⁻¹ = adj G / det G unsimplified.
// The reference has less to do: sin q_i and cos q_i are plain symbols for it (no trigonometric
// expansion, no reduction modulo sin² + cos² = 1), so the ratio understates the gain.
// Prints "RESULT <case> <seconds per run>" (bench/run).
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "bench/timing.hpp"
#include "core/symbolic.hpp"

namespace {

using GiNaC::ex;

struct Case {
  std::vector<GiNaC::realsymbol> q;
  ex e;
};

Case metric_case(int n) {
  Case c;
  for (int i = 0; i < n; ++i) c.q.emplace_back("q" + std::to_string(i + 1));
  GiNaC::matrix G(static_cast<unsigned>(n), static_cast<unsigned>(n));
  for (int i = 0; i < n; ++i) {
    const auto u = static_cast<unsigned>(i), next = static_cast<unsigned>((i + 1) % n);
    G(u, u) = 1 + pow(sin(c.q[next]), 2);
    if (i + 1 < n) G(u, next) = G(next, u) = cos(c.q[u]);
  }
  const ex det = G.determinant(GiNaC::determinant_algo::laplace);
  for (int i = 0; i < n; ++i) {
    // (G⁻¹)_{0i} = cofactor_{i0} / det G
    GiNaC::matrix minor(static_cast<unsigned>(n - 1), static_cast<unsigned>(n - 1));
    for (int r = 0, mr = 0; r < n; ++r) {
      if (r == i) continue;
      for (int k = 1; k < n; ++k) minor(static_cast<unsigned>(mr), static_cast<unsigned>(k - 1)) = G(static_cast<unsigned>(r), static_cast<unsigned>(k));
      ++mr;
    }
    const ex inv = ((i % 2) ? -1 : 1) * minor.determinant(GiNaC::determinant_algo::laplace) / det;
    c.e += inv.diff(c.q[static_cast<std::size_t>(i)]) * G(static_cast<unsigned>(i), 1);
  }
  return c;
}

// sin q_i, cos q_i as symbols: a rational function GiNaC's normal() can take.
ex as_rational(const Case& c) {
  GiNaC::exmap m;
  for (const auto& q : c.q) {
    m[sin(q)] = GiNaC::realsymbol("s_" + q.get_name());
    m[cos(q)] = GiNaC::realsymbol("c_" + q.get_name());
  }
  return c.e.subs(m);
}

}  // namespace

int main(int argc, char** argv) {
  const bool reference = argc > 1 && std::strcmp(argv[1], "--reference") == 0;
  for (int n : {3, 4, 5, 6}) {
    const Case c = metric_case(n);
    const std::string name = "generic_metric_inverse_derivatives_n" + std::to_string(n);
    std::size_t size = 0;
    double t;
    // a new symbol z in each run: `simplify` remembers what it has simplified
    if (reference) {
      const ex r = as_rational(c);
      t = hamel::bench::best_seconds(3, [&] { size = (r + GiNaC::realsymbol("z")).normal().nops(); });
    } else {
      t = hamel::bench::best_seconds(3, [&] { size = hamel::simplify(c.e + GiNaC::realsymbol("z")).nops(); });
    }
    std::cout << "RESULT " << name << " " << t << "\n";
    if (size == 0) return 1;  // a zero would mean a wrong answer: E_n is not identically zero
  }
  return 0;
}
