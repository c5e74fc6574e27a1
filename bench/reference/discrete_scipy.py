"""Python reference for bench/discrete_bench.cpp: the rolling-disk integrator, the same Newton iteration.

The vertical rolling disk of 002 section 9.4 (discrete.md 3.2, acceptance case A9 data): L_d by the midpoint
rule, D_d: dx = R cos(phibar) dtheta, dy = R sin(phibar) dtheta, and the discrete Lagrange-d'Alembert equations
(3) with two multipliers.  The residual and its Jacobian with respect to (q2, nu) are derived with SymPy and
lambdified to NumPy; each step starts from q2 = 2 q1 - q0 and the previous multipliers, iterates
x <- x - J^-1 F with numpy.linalg.solve and stops when |dx|_inf <= 1e-12 (1 + |x|_inf), as Hamel does.
Run with /usr/bin/python3 (Debian python3-sympy, python3-numpy).
"""
import math
import time

import numpy as np
import sympy as sp

H, M, R, I, J = 0.1, 1.0, 0.5, 0.125, 0.0625
N = 100000


def residual_and_jacobian():
    th0, ph0, x0, y0, th1, ph1, x1, y1, th2, ph2, x2, y2, n1, n2 = sp.symbols(
        "th0 ph0 x0 y0 th1 ph1 x1 y1 th2 ph2 x2 y2 n1 n2", real=True)
    q0, q1, q2 = [th0, ph0, x0, y0], [th1, ph1, x1, y1], [th2, ph2, x2, y2]

    def L(a, b):
        mid = [(a[i] + b[i]) / 2 for i in range(4)]
        v = [(b[i] - a[i]) / H for i in range(4)]
        return H * (I * v[0]**2 + J * v[1]**2 + M * (v[2]**2 + v[3]**2)) / 2 + 0 * mid[0]

    def phi(a, b):
        bar = (a[1] + b[1]) / 2
        return [(b[2] - a[2]) - R * sp.cos(bar) * (b[0] - a[0]), (b[3] - a[3]) - R * sp.sin(bar) * (b[0] - a[0])]

    omega = [[-R * sp.cos(ph1), 0, 1, 0], [-R * sp.sin(ph1), 0, 0, 1]]  # dx - R cos(phi) dtheta, dy - R sin(phi) dtheta
    E = [sp.diff(L(q0, q1), q1[i]) + sp.diff(L(q1, q2), q1[i]) for i in range(4)]
    F = [E[i] - n1 * omega[0][i] - n2 * omega[1][i] for i in range(4)] + phi(q1, q2)
    x = q2 + [n1, n2]
    Jm = sp.Matrix(F).jacobian(x)
    args = q0 + q1 + x
    return sp.lambdify([args], F, "numpy"), sp.lambdify([args], Jm, "numpy")


def complete_q1(q0, th1, ph1):
    bar = (q0[1] + ph1) / 2
    return [th1, ph1, q0[2] + R * math.cos(bar) * (th1 - q0[0]), q0[3] + R * math.sin(bar) * (th1 - q0[0])]


def run(fF, fJ, q0, q1, steps):
    q = [np.array(q0), np.array(q1)]
    nu = np.zeros(2)
    iterations = 0
    for k in range(1, steps):
        x = np.concatenate([2 * q[k] - q[k - 1], nu])
        known = np.concatenate([q[k - 1], q[k]])
        for it in range(30):
            args = np.concatenate([known, x])
            dx = np.linalg.solve(np.array(fJ(args), dtype=float), np.array(fF(args), dtype=float))
            x = x - dx
            iterations += 1
            if np.max(np.abs(dx)) <= 1e-12 * (1 + np.max(np.abs(x))):
                break
        else:
            raise RuntimeError(f"Newton did not converge at step {k}")
        q.append(x[:4])
        nu = x[4:]
    return q, iterations


def main():
    fF, fJ = residual_and_jacobian()
    q0 = [0.0, 0.1, 0.0, 0.0]
    q1 = complete_q1(q0, 0.2, 0.15)
    t0 = time.perf_counter()
    q, its = run(fF, fJ, q0, q1, N)
    s = time.perf_counter() - t0
    print(f"RESULT rolling_disk_1e5_steps {s:.6f}")
    print(f"# reference rolling disk: {N / s:.3g} steps/s, mean {its / (N - 1):.2f} Newton iterations per step")
    print("# reference rolling disk: q_100000 = (%.15g, %.15g, %.15g, %.15g)" % tuple(q[N]))


if __name__ == "__main__":
    main()
