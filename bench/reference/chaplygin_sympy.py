"""SymPy reference for bench/chaplygin_bench.cpp: the Chaplygin sphere of 004 section 6 from raw
input to the reduced bracket (6.10) and the Jacobi checks, the same steps Hamel takes.

Steps: metric from the Lagrangian; frame (6.4); G_ab and its inverse; C_abc and C_ab^c; Pi_nh (2.9);
Lambda of Lemma 5.4 and Pi_nh^Lambda (5.6); [Pi,Pi] for both (nonzero components found with
simplify); pi1 Casimir test; the 15 brackets of (M, gamma) compared with (6.10); the Jacobi identity
of (6.10) on R^6 with and without the conformal factor.  Every comparison uses sympy.simplify.
"""
import itertools
import time

import sympy as sp


def is_zero(e):
    return sp.simplify(e) == 0


def pp_components(P, xs):
    """Nonzero components of [P,P] = 2 * cyclic sum P^{il} d_l P^{jk}."""
    n = len(xs)
    out = {}
    for i, j, k in itertools.combinations(range(n), 3):
        s = 0
        for (a, b, c) in ((i, j, k), (j, k, i), (k, i, j)):
            s += sum(P[a, l] * sp.diff(P[b, c], xs[l]) for l in range(n) if P[a, l] != 0)
        if not is_zero(2 * s):
            out[(i, j, k)] = s
    return out


def pipeline():
    phi, th, psi, x, y = q = sp.symbols("phi theta psi x y", real=True)
    dq = sp.symbols("phi_dot theta_dot psi_dot x_dot y_dot", real=True)
    m, R, I1, I3 = sp.symbols("m R I1 I3", positive=True)
    dphi, dth, dpsi, dx, dy = dq
    W1 = dth * sp.cos(psi) + dphi * sp.sin(psi) * sp.sin(th)
    W2 = -dth * sp.sin(psi) + dphi * sp.cos(psi) * sp.sin(th)
    W3 = dphi * sp.cos(th) + dpsi
    L = (I1 * W1**2 + I1 * W2**2 + I3 * W3**2 + m * (dx**2 + dy**2)) / 2
    G = sp.hessian(L, dq).applyfunc(sp.simplify)
    X = [sp.Matrix([1, 0, 0, 0, 0]),
         sp.Matrix([0, 1, 0, R * sp.sin(phi), -R * sp.cos(phi)]),
         sp.Matrix([0, 0, 1, -R * sp.cos(phi) * sp.sin(th), -R * sp.sin(phi) * sp.sin(th)])]
    qv = sp.Matrix(q)
    rho = sp.Matrix.hstack(*X)
    Gab = (rho.T * G * rho).applyfunc(sp.simplify)
    Ginv = Gab.inv().applyfunc(sp.simplify)

    def bracket(A, B):
        return B.jacobian(qv) * A - A.jacobian(qv) * B

    Cl = {}
    for a, b in itertools.combinations(range(3), 2):
        br = bracket(X[a], X[b])
        for c in range(3):
            v = sp.simplify((br.T * G * X[c])[0])
            Cl[(a, b, c)], Cl[(b, a, c)] = v, -v
    for a in range(3):
        for c in range(3):
            Cl[(a, a, c)] = 0
    Cu = {(a, b, c): sp.simplify(sum(Ginv[c, d] * Cl[(a, b, d)] for d in range(3)))
          for a in range(3) for b in range(3) for c in range(3)}
    pis = sp.symbols("pi1:4", real=True)
    zs = list(q) + list(pis)

    def dual_bracket(K):
        P = sp.zeros(8, 8)
        for i in range(5):
            for a in range(3):
                P[i, 5 + a], P[5 + a, i] = rho[i, a], -rho[i, a]
        for a, b in itertools.combinations(range(3), 2):
            v = -sum(K[(a, b, c)] * pis[c] for c in range(3))
            P[5 + a, 5 + b], P[5 + b, 5 + a] = v, -v
        return P

    Pnh = dual_bracket(Cu)
    # Lemma 5.4 with Z1 = X[0]: B_123 = C_123; B_ab^c = G^cd B_abd
    B = {k: 0 for k in Cu}
    for (a, b, c) in itertools.permutations(range(3)):
        sign = sp.combinatorics.Permutation([a, b, c]).signature()
        B[(a, b, c)] = sign * Cl[(0, 1, 2)]
    Bu = {(a, b, c): sum(Ginv[c, d] * B[(a, b, d)] for d in range(3)) for (a, b, c) in B}
    PL = dual_bracket({k: sp.simplify(Cu[k] - Bu[k]) for k in Cu})
    nh_nonzero = pp_components(Pnh, zs)
    l_nonzero = pp_components(PL, zs)
    assert nh_nonzero and l_nonzero
    # pi1 Casimir of the reduced Pi_nh^Lambda: Pi#dpi1 has no pi components, and its q part is Z1
    Xpi1 = PL[:, 7 - 2]
    assert all(is_zero(Xpi1[5 + a]) for a in range(3))
    # (M, gamma) and (6.10)
    p1, p2, p3 = pis
    M = [(sp.sin(psi) * p1 + sp.cos(psi) * sp.sin(th) * p2 - sp.sin(psi) * sp.cos(th) * p3) / sp.sin(th),
         (sp.cos(psi) * p1 - sp.sin(psi) * sp.sin(th) * p2 - sp.cos(psi) * sp.cos(th) * p3) / sp.sin(th),
         p3]
    g = [sp.sin(th) * sp.sin(psi), sp.sin(th) * sp.cos(psi), sp.cos(th)]
    u = M + g
    Us = sp.symbols("M1 M2 M3 gamma1 gamma2 gamma3", real=True)
    mR2 = m * R**2
    A = [1 / (I1 + mR2), 1 / (I1 + mR2), 1 / (I3 + mR2)]
    Mu, gu = Us[:3], Us[3:]
    AMg = sum(A[i] * Mu[i] * gu[i] for i in range(3))
    Agg = sum(A[i] * gu[i]**2 for i in range(3))
    Og = AMg / (1 - mR2 * Agg)
    eps = sp.LeviCivita
    T = sp.zeros(6, 6)
    for i in range(3):
        for j in range(3):
            T[i, j] = -sum(eps(i, j, k) * (Mu[k] - mR2 * Og * gu[k]) for k in range(3))
            T[i, 3 + j] = -sum(eps(i, j, k) * gu[k] for k in range(3))
            T[3 + j, i] = -T[i, 3 + j]
    grads = [sp.Matrix([sp.diff(f, z) for z in zs]) for f in u]
    sub = dict(zip(Us, u))
    for a, b in itertools.combinations(range(6), 2):
        actual = (grads[a].T * PL * grads[b])[0]
        assert is_zero(actual - T[a, b].subs(sub)), (a, b)
    # Jacobi on R^6: without and with the conformal factor
    assert pp_components(T, Us)
    phi_c = sp.sqrt(1 - mR2 * Agg)
    assert not pp_components(phi_c * T, Us)
    return len(nh_nonzero), len(l_nonzero)


def main():
    t0 = time.perf_counter()
    sizes = pipeline()
    print("RESULT chaplygin_pipeline", time.perf_counter() - t0)
    print("# nonzero components of [Pi,Pi]: Pi_nh", sizes[0], ", Pi_nh^Lambda", sizes[1])


if __name__ == "__main__":
    main()
