"""SymPy reference for bench/scaling: the core of `hamel derive` for one generated nonholonomic system.

usage: python3 scaling_sympy.py [--timeout S] FAMILY N      (FAMILY: chain or generic, as in bench/scaling)

The system is the YAML text bench/scaling generates (its `chain(n)` / `generic(n)`), read here with a
minimal parser (the generated files use only `coordinates`, `parameters`, `lagrangian`, `constraints`).
Steps, every entry brought through sympy.simplify as Hamel brings each to its canonical form:

  metric g_ij = d^2 L / dq'^i dq'^j and V = -L at rest; the constraint 1-forms a_k = (dc_k/dq'^i);
  a frame X_1..X_r of D, solving the constraints for pivot velocities (a coordinate whose coefficient
  is a number, as Hamel's "simplest coefficient" pivoting picks for these families): X for a free
  coordinate q^j is d_j + sum over pivots (dq'^pivot/dq'^j) d_pivot;
  G_ab = g(X_a, X_b) and its inverse G^ab;
  C_abd = g([X_a, X_b], X_d) and C_ab^c = G^cd C_abd (004 (2.6): the metric projection onto D, which
  is what Hamel's bracket uses; docs/brackets.md);
  Pi_nh (004 (2.9)) on D* = (q, pi): {q^i, pi_a} = X_a^i, {pi_a, pi_b} = -C_ab^c pi_c;
  H_c = 1/2 pi^T G^-1 pi + V (004 (2.7));
  [Pi, Pi]^{ijk} = 2 * cyclic sum Pi^{il} d_l Pi^{jk} for every triple i < j < k of coordinates of D*,
  each simplified; the nonzero ones are counted (Hamel's "N nonzero" in the Jacobi verdict).

Hamel's `derive` does more (equations of motion, their checks, the display pass, the reports); this is
the shared core.  Prints `RESULT <case> <seconds>` and `JACOBI <case> <nonzero> <of>`, or
`TIMEOUT <case> <seconds>` when the budget (signal.alarm) runs out.
"""
import importlib.machinery
import importlib.util
import itertools
import os
import signal
import sys
import time

import sympy as sp


def generator(family):
    """chain(n) / generic(n) from bench/scaling, so that both sides derive the same text."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "scaling")
    loader = importlib.machinery.SourceFileLoader("hamel_bench_scaling", path)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(module)
    return module.FAMILIES[family][0]


def parse_system(text):
    """The fields of a generated system file: coordinates, parameters, L, constraints (strings)."""
    fields = {"coordinates": [], "parameters": [], "lagrangian": None, "constraints": []}
    current = None
    for line in text.splitlines():
        if line.startswith("  - ") and current == "constraints":
            fields["constraints"].append(line[4:].strip().strip('"'))
            continue
        key, _, value = line.partition(":")
        current = key.strip()
        value = value.strip()
        if current in ("coordinates", "parameters"):
            fields[current] = [v.strip() for v in value.strip("[]").split(",") if v.strip()]
        elif current == "lagrangian":
            fields[current] = value.strip('"')
    return fields


class Timeout(BaseException):  # not caught by a library's "except Exception"
    pass


def derive(text):
    f = parse_system(text)
    q = [sp.Symbol(name, real=True) for name in f["coordinates"]]
    dq = [sp.Symbol(name + "_dot", real=True) for name in f["coordinates"]]
    params = [sp.Symbol(name, positive=True) for name in f["parameters"]]
    names = {s.name: s for s in q + dq + params}

    def parse(s):
        return sp.sympify(s.replace("^", "**"), locals=names)

    n = len(q)
    L = parse(f["lagrangian"])
    constraints = [parse(c) for c in f["constraints"]]
    # metric and potential
    g = sp.Matrix(n, n, lambda i, j: sp.simplify(sp.diff(L, dq[i], dq[j])))
    V = sp.simplify(-L.subs({v: 0 for v in dq}))
    # constraint 1-forms a_k = a_ki dq^i (linear, homogeneous in the velocities)
    A = sp.Matrix(len(constraints), n, lambda k, i: sp.simplify(sp.diff(constraints[k], dq[i])))
    # pivots: per constraint, the first coordinate with a numeric coefficient not taken yet
    pivots = []
    for k in range(A.rows):
        pivots.append(next(i for i in range(n) if A[k, i].is_number and A[k, i] != 0 and i not in pivots))
    free = [i for i in range(n) if i not in pivots]
    # v_pivot = -A_piv^-1 A_free v_free
    solve = (-A[:, pivots].inv() * A[:, free]).applyfunc(sp.simplify)
    r = len(free)
    rho = sp.zeros(n, r)  # columns: X_a
    for a, j in enumerate(free):
        rho[j, a] = 1
        for k, p in enumerate(pivots):
            rho[p, a] = solve[k, a]
    X = [rho[:, a] for a in range(r)]
    qv = sp.Matrix(q)
    # constrained metric and its inverse
    Gab = (rho.T * g * rho).applyfunc(sp.simplify)
    Ginv = Gab.inv().applyfunc(sp.simplify)
    # structure coefficients C_abd = g([X_a, X_b], X_d), C_ab^c = G^cd C_abd
    jac = [x.jacobian(qv) for x in X]
    Cu = {}
    for a, b in itertools.combinations(range(r), 2):
        br = jac[b] * X[a] - jac[a] * X[b]
        if br.is_zero_matrix:
            continue
        low = [sp.simplify((br.T * g * X[d])[0]) for d in range(r)]
        for c in range(r):
            v = sp.simplify(sum(Ginv[c, d] * low[d] for d in range(r) if low[d] != 0))
            if v != 0:
                Cu[(a, b, c)] = v
    # Pi_nh on D* = (q, pi)
    pis = [sp.Symbol(f"pi{a + 1}", real=True) for a in range(r)]
    zs = q + pis
    N = n + r
    P = sp.zeros(N, N)
    for i in range(n):
        for a in range(r):
            if rho[i, a] != 0:
                P[i, n + a], P[n + a, i] = rho[i, a], -rho[i, a]
    for a, b in itertools.combinations(range(r), 2):
        v = sp.simplify(-sum(Cu.get((a, b, c), 0) * pis[c] for c in range(r)))
        P[n + a, n + b], P[n + b, n + a] = v, -v
    # constrained Hamiltonian
    p = sp.Matrix(pis)
    Hc = sp.simplify((p.T * Ginv * p)[0] / 2 + V)
    # [Pi, Pi]^{ijk} on every triple of coordinates of D*
    row = [[l for l in range(N) if P[i, l] != 0] for i in range(N)]
    nonzero = 0
    for i, j, k in itertools.combinations(range(N), 3):
        s = 0
        for (a, b, c) in ((i, j, k), (j, k, i), (k, i, j)):
            if P[b, c] != 0:
                s += sum(P[a, l] * sp.diff(P[b, c], zs[l]) for l in row[a])
        if s != 0 and sp.simplify(2 * s) != 0:
            nonzero += 1
    total = N * (N - 1) * (N - 2) // 6
    return nonzero, total, Hc


def main():
    args = sys.argv[1:]
    budget = 0
    if args[:1] == ["--timeout"]:
        budget = float(args[1])
        args = args[2:]
    if len(args) != 2:
        raise SystemExit(__doc__)
    family, n = args[0], int(args[1])
    case = f"{family}{n}"
    text = generator(family)(n)

    def expire(signum, frame):
        raise Timeout

    signal.signal(signal.SIGALRM, expire)
    t0 = time.perf_counter()
    if budget > 0:
        signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        nonzero, total, _ = derive(text)
    except Timeout:
        print(f"TIMEOUT {case} {time.perf_counter() - t0:.2f}", flush=True)
        sys.exit(3)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    print(f"RESULT {case} {time.perf_counter() - t0}")
    print(f"JACOBI {case} {nonzero} {total}")


if __name__ == "__main__":
    main()
