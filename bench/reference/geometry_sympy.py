"""SymPy reference for bench/geometry_bench.cpp: the same computations, the same output format.

(a) Chaplygin sphere: frame (6.4) -> C_abc = <[X_a, X_b], X_c> (6.5) -> inverse of G_ab (6.7),
    every entry simplified (trigsimp), as Hamel brings each to canonical form.
(b) [P, P] = 2 * cyclic sum P^{il} d_l P^{jk} for the three bivectors of bench/bivectors.hpp.
"""
import time

import sympy as sp


def best(f, reps, inner):
    b = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(inner):
            f()
        b = min(b, (time.perf_counter() - t0) / inner)
    return b


def chaplygin():
    phi, th, psi, x, y = q = sp.symbols("phi theta psi x y", real=True)
    m, R, I1, I3 = sp.symbols("m R I1 I3", positive=True)
    G = sp.Matrix([[I1 * sp.sin(th)**2 + I3 * sp.cos(th)**2, 0, I3 * sp.cos(th), 0, 0],
                   [0, I1, 0, 0, 0],
                   [I3 * sp.cos(th), 0, I3, 0, 0],
                   [0, 0, 0, m, 0],
                   [0, 0, 0, 0, m]])
    X = [sp.Matrix([1, 0, 0, 0, 0]),
         sp.Matrix([0, 1, 0, R * sp.sin(phi), -R * sp.cos(phi)]),
         sp.Matrix([0, 0, 1, -R * sp.cos(phi) * sp.sin(th), -R * sp.sin(phi) * sp.sin(th)])]
    qv = sp.Matrix(q)

    def bracket(A, B):
        return B.jacobian(qv) * A - A.jacobian(qv) * B

    C = {}
    for a in range(3):
        for b in range(a + 1, 3):
            br = bracket(X[a], X[b])
            for c in range(3):
                C[(a, b, c)] = sp.trigsimp(sp.expand((br.T * G * X[c])[0]))
    Gab = sp.Matrix(3, 3, lambda i, j: sp.trigsimp(sp.expand((X[i].T * G * X[j])[0])))
    Ginv = Gab.inv()
    Ginv = Ginv.applyfunc(lambda e: sp.trigsimp(sp.simplify(e)))
    assert C[(0, 1, 2)] != 0
    return C, Ginv


def r10():
    return sp.symbols("x0:10", real=True)


def so5(xs):
    basis = [(a, b) for a in range(5) for b in range(a + 1, 5)]

    def M(a, b):
        if a == b:
            return 0
        s = 1 if a < b else -1
        return s * xs[basis.index((min(a, b), max(a, b)))]

    d = lambda i, j: 1 if i == j else 0
    P = sp.zeros(10, 10)
    for i, (a, b) in enumerate(basis):
        for j, (c, e) in enumerate(basis):
            if i < j:
                v = d(b, c) * M(a, e) - d(a, c) * M(b, e) - d(b, e) * M(a, c) + d(a, e) * M(b, c)
                P[i, j], P[j, i] = v, -v
    return P


def quadratic(xs, perturbed):
    P = sp.zeros(10, 10)
    for i in range(10):
        for j in range(i + 1, 10):
            P[i, j] = (i - j + 3) * xs[i] * xs[j]
    if perturbed:
        P[0, 1] += xs[2]**2
    for i in range(10):
        for j in range(i + 1, 10):
            P[j, i] = -P[i, j]
    return P


def schouten_pp(P, xs):
    n = len(xs)
    dP = [[[sp.diff(P[j, k], xs[l]) for l in range(n)] for k in range(n)] for j in range(n)]

    def term(i, j, k):
        return sum(P[i, l] * dP[j][k][l] for l in range(n) if P[i, l] != 0)

    out = {}
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                v = sp.expand(2 * (term(i, j, k) + term(j, k, i) + term(k, i, j)))
                if v != 0:
                    out[(i, j, k)] = v
    return out


def main():
    print("RESULT chaplygin_frame_C_Ginv", best(chaplygin, 3, 1))
    xs = r10()
    P1, P2, P3 = so5(xs), quadratic(xs, False), quadratic(xs, True)
    sizes = []
    for name, P in (("schouten_so5", P1), ("schouten_quadratic", P2), ("schouten_quadratic_perturbed", P3)):
        r = {}

        def run():
            r["v"] = schouten_pp(P, xs)

        print("RESULT", name, best(run, 3, 1))
        sizes.append(len(r["v"]))
    print("# nonzero components of [P,P]:", sizes, "(expected [0, 0, 8])")


if __name__ == "__main__":
    main()
