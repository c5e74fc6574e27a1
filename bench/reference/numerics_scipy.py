"""SciPy reference for bench/numerics_bench.cpp: the same right-hand side, the same output format.

The heavy symmetric top with viscous damping in Euler angles, derived with SymPy (Euler-Lagrange,
q'' = M^-1 F), evaluated through sympy.lambdify (plain math module, the fastest scalar route), and
integrated for 10 s with scipy's RK45 (Dormand-Prince 5(4), the method Hamel uses) at rtol = atol =
1e-12.  Needs SymPy and SciPy (Debian: python3-sympy python3-scipy; run with /usr/bin/python3).
"""
import math
import time

import sympy as sp
from scipy.integrate import solve_ivp

I1, I3, MGL, DAMPING = 0.8, 0.3, 2.5, 0.05


def best(f, reps, inner):
    b = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(inner):
            f()
        b = min(b, (time.perf_counter() - t0) / inner)
    return b


def top_rhs():
    phi, th, psi, dphi, dth, dpsi = s = sp.symbols("phi theta psi dphi dtheta dpsi", real=True)
    q, dq = [phi, th, psi], [dphi, dth, dpsi]
    L = (I1 / 2 * (dth**2 + (dphi * sp.sin(th))**2)
         + I3 / 2 * (dpsi + dphi * sp.cos(th))**2 - MGL * sp.cos(th))
    M = sp.zeros(3, 3)
    F = sp.zeros(3, 1)
    for i in range(3):
        p = sp.diff(L, dq[i])
        f = sp.diff(L, q[i]) - DAMPING * dq[i]
        for j in range(3):
            M[i, j] = sp.diff(p, dq[j])
            f -= sp.diff(p, q[j]) * dq[j]
        F[i] = f
    qdd = M.inv() * F
    exprs = dq + [sp.cancel(e) for e in qdd]
    return sp.lambdify([s], exprs, modules="math")


def main():
    f = top_rhs()
    x = [0.1, 0.9, -0.3, 1.3, -0.4, 7.0]
    # Evaluate at moving points, as the C++ benchmark does.
    def evals():
        for _ in range(10000):
            f(x)
            x[1] += 1e-7
    t_eval = best(evals, 3, 1) / 10000
    print(f"RESULT top_rhs_eval {t_eval}")

    def integrate():
        return solve_ivp(lambda t, y: f(y), (0.0, 10.0), [0.0, 0.9, 0.0, 1.3, 0.0, 7.0],
                         method="RK45", rtol=1e-12, atol=1e-12)
    sol = integrate()
    t_int = best(integrate, 3, 1)
    print(f"RESULT top_integrate_10s {t_int}")
    print(f"# lambdify: {t_eval * 1e9:.0f} ns/eval; solve_ivp RK45: {sol.t.size - 1} steps, "
          f"{sol.nfev} evaluations, theta(10) = {sol.y[1, -1]:.15g}")


if __name__ == "__main__":
    main()
