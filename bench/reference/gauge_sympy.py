"""SymPy reference for bench/gauge_bench.cpp: L(theta) of 004 (7.7) from the ansatz Z = g W1 + k W2.

Steps as in Hamel: the metric of the Lagrangian (7.4), the frame W1, W2, Y3, the conditions
(L_Z G)(X_a, X_b) = 0 for the frame fields, their coefficients in g, k, g', k', and L = -B^{-1} A from
the two conditions that involve g', k', simplified; for abstract f1, f2 the relation (7.3) replaces f1'.
Run from bench/reference (paths are relative to the repository root above it).
"""
import itertools
import time

import sympy as sp


def derive(abstract):
    phi, th, psi, x, y = q = sp.symbols("phi theta psi x y", real=True)
    m, I1, I3, r, e = sp.symbols("m I1 I3 r e", positive=True)
    if abstract:
        f1, f2 = sp.Function("f1")(th), sp.Function("f2")(th)
    else:
        f1, f2 = r, r * sp.cos(th) + e
    a1 = f1 * sp.sin(th)
    z = sp.sin(th)**2 * f1 + sp.cos(th) * f2
    a2 = sp.sin(th) * (sp.cos(th) * f1 - f2)
    G = sp.zeros(5, 5)
    G[0, 0] = I1 * sp.sin(th)**2 + I3 * sp.cos(th)**2
    G[1, 1] = I1 + m * a2**2
    G[2, 2] = I3
    G[0, 2] = G[2, 0] = I3 * sp.cos(th)
    G[3, 3] = G[4, 4] = m
    W1 = sp.Matrix([1, 0, 0, -a2 * sp.cos(phi), -a2 * sp.sin(phi)])
    W2 = sp.Matrix([0, 0, 1, -a1 * sp.cos(phi), -a1 * sp.sin(phi)])
    Y3 = sp.Matrix([0, 1, 0, z * sp.sin(phi), -z * sp.cos(phi)])
    g, k = sp.Function("g")(th), sp.Function("k")(th)
    Z = g * W1 + k * W2
    qv = sp.Matrix(q)
    X = [W1, W2, Y3]

    def bracket(A, B):
        return B.jacobian(qv) * A - A.jacobian(qv) * B

    def inner(A, B):
        return (A.T * G * B)[0]

    conds = []
    for a, b in itertools.combinations_with_replacement(range(3), 2):
        c = sum(Z[i] * sp.diff(inner(X[a], X[b]), q[i]) for i in range(5))
        c -= inner(bracket(Z, X[a]), X[b]) + inner(X[a], bracket(Z, X[b]))
        conds.append(c)
    G_, K_, Gp, Kp = sp.symbols("G_ K_ Gp Kp")
    rep = {sp.Derivative(g, th): Gp, sp.Derivative(k, th): Kp}
    if abstract:
        # (7.3): f1' = -cos(theta) (f1 + f2'/sin(theta)) / sin(theta)
        rel = {sp.Derivative(f1, th): -sp.cos(th) * (f1 + sp.Derivative(f2, th) / sp.sin(th)) / sp.sin(th)}
    rows = []
    for c in conds:
        c = c.subs(rep).subs({g: G_, k: K_})
        if abstract:
            c = c.subs(rel)
        c = sp.expand(c)
        A = [sp.simplify(c.coeff(G_)), sp.simplify(c.coeff(K_))]
        B = [sp.simplify(c.coeff(Gp)), sp.simplify(c.coeff(Kp))]
        if any(v != 0 for v in B):
            rows.append((A, B))
    (A1, B1), (A2, B2) = rows[0], rows[1]
    Bm = sp.Matrix([B1, B2])
    Am = sp.Matrix([A1, A2])
    L = (-(Bm.inv()) * Am).applyfunc(sp.simplify)
    return L


def main():
    for name, abstract in (("gauge_ode_abstract", True), ("gauge_ode_routh", False)):
        t0 = time.perf_counter()
        L = derive(abstract)
        print("RESULT", name, time.perf_counter() - t0)
        print("# nonzero entries of L:", sum(1 for v in L if v != 0), "(" + name + ")")


if __name__ == "__main__":
    main()
