"""SymPy / SciPy reference for bench/contact_bench.cpp: the same work, the same output format.

herglotz_field_A2: the Lagrangian vector field of 001 (47)-(48) for the A2 Lagrangian of contact.md, and
  the Herglotz equations (6) simplified to 0 on it.
impact_map_ellipse_from_8: the impact conditions (8) of the elliptic billiard solved with sympy.solve,
  the non-trivial solution compared with (36).
touchdown_projector_74: the momentum-jump projector P = Id - psi^T C^-1 psi g^-1 of 003 (74) for the
  rolling cylinder, and P^2 = P simplified.
billiard_A5_simulation: the dissipative billiard of A5 end to end: right-hand side from the Herglotz
  equations (lambdify), scipy solve_ivp(RK45) at rtol = atol = 1e-12 with a terminal event at the rim and
  a restart after each reflection, to t = 10.
Needs SymPy and SciPy (run with /usr/bin/python3, which has both on Debian 12).
"""
import math
import time

import sympy as sp
from scipy.integrate import solve_ivp


def best(f, reps):
    b = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        b = min(b, time.perf_counter() - t0)
    return b


def herglotz_field(L, q, v, z):
    n = len(q)
    W = sp.Matrix(n, n, lambda i, j: sp.diff(L, v[i], v[j]))
    p = [sp.diff(L, vi) for vi in v]
    Lz = sp.diff(L, z)
    F = sp.Matrix([sp.diff(L, q[j]) - sum(v[k] * sp.diff(p[j], q[k]) for k in range(n)) - L * sp.diff(p[j], z) + Lz * p[j]
                   for j in range(n)])
    acc = W.inv() * F
    return [sp.simplify(a) for a in acc], p, Lz


def herglotz_a2():
    qa, qb, va, vb, z, a, b, c = sp.symbols("qa qb va vb z a b c", real=True)
    L = ((2 + sp.sin(qa)) * va**2 / 2 + vb**2 / 2 + va * vb * qb / 3 + a * qb * va * z - c * z * qa
         - sp.cos(qb) * z**2 / 3 + b * vb * z**2)
    q, v = [qa, qb], [va, vb]
    acc, p, Lz = herglotz_field(L, q, v, z)
    for i in range(2):
        ddt = (sp.diff(p[i], z) * L + sum(sp.diff(p[i], q[k]) * v[k] + sp.diff(p[i], v[k]) * acc[k] for k in range(2)))
        assert sp.simplify(sp.diff(L, q[i]) - ddt + p[i] * Lz) == 0


def ellipse_impact():
    x, y, xd, yd, a, b, u, w = sp.symbols("x y xd yd a b u w", real=True)
    # tangent to x^2/a^2 + y^2/b^2 = 1 and the energy (z is continuous, so only the kinetic part matters)
    tx, ty = -y / b**2, x / a**2
    sols = sp.solve([(xd - u) * tx + (yd - w) * ty, (xd**2 + yd**2) - (u**2 + w**2)], [u, w], dict=True)
    x36 = (a**4 * xd * y**2 - 2 * a**2 * b**2 * yd * x * y - b**4 * xd * x**2) / (a**4 * y**2 + b**4 * x**2)
    assert len(sols) == 2
    assert any(sp.simplify(s[u] - x36) == 0 for s in sols)


def touchdown_projector():
    phi, m, M, I, r, gamma = sp.symbols("phi m M I r gamma", positive=True)
    psi = sp.Matrix([[1, 0, -(r + gamma * sp.cos(phi)), 0], [0, 1, gamma * sp.sin(phi), -1]])
    gi = sp.diag(1 / m, 1 / m, 1 / I, 1 / M)
    C = psi * gi * psi.T
    P = sp.eye(4) - psi.T * C.inv() * psi * gi
    P = P.applyfunc(sp.simplify)
    D = (P * P - P).applyfunc(sp.simplify)
    assert D == sp.zeros(4, 4)


def billiard():
    x, y, xd, yd, z, gamma = sp.symbols("x y xd yd z gamma", real=True)
    L = (xd**2 + yd**2) / 2 - gamma * z
    acc, _, _ = herglotz_field(L, [x, y], [xd, yd], z)
    g = sp.Rational(1, 10000)
    f = sp.lambdify([x, y, xd, yd, z], [xd, yd, acc[0].subs(gamma, g), acc[1].subs(gamma, g), L.subs(gamma, g)], "math")

    def rhs(t, s):
        return f(*s)

    def rim(t, s):
        return 1 - s[0]**2 - s[1]**2

    rim.terminal, rim.direction = True, -1
    t0, s0, hits = 0.0, [0.5, 0.0, 1.0, 1.0, 0.0], []
    while True:
        sol = solve_ivp(rhs, (t0, 10.0), s0, method="RK45", rtol=1e-12, atol=1e-12, events=rim)
        if sol.status != 1:
            break
        t0, s = sol.t_events[0][0], list(sol.y_events[0][0])
        hits.append(t0)
        px, py, vx, vy = s[0], s[1], s[2], s[3]
        vn = (px * vx + py * vy) / (px * px + py * py)
        s[2], s[3] = vx - 2 * vn * px, vy - 2 * vn * py
        s0 = s
    return hits


def main():
    print(f"RESULT herglotz_field_A2 {best(herglotz_a2, 3):.6g}")
    print(f"RESULT impact_map_ellipse_from_8 {best(ellipse_impact, 3):.6g}")
    print(f"RESULT touchdown_projector_74 {best(touchdown_projector, 1):.6g}")
    hits = []

    def run():
        hits[:] = billiard()

    print(f"RESULT billiard_A5_simulation {best(run, 3):.6g}")
    print(f"# scipy billiard: {len(hits)} impacts, t_8 = {hits[-1] if hits else float('nan'):.15f}")


if __name__ == "__main__":
    main()
