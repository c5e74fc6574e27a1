"""SciPy reference for bench/hybrid_bench.cpp: the billiard of 000 Example 3 (hybrid.md) with the
same equations, the same moving wall and the same impact law, integrated by scipy's solve_ivp (RK45,
the Dormand-Prince 5(4) pair Hamel uses) with a terminal event on x^2 + y^2 - f(t) (direction +1),
restarted after each impact, at rtol = atol = 1e-12.

    m x'' = -c x' - 2c (y' x^2 - x' x y),   m y'' = -c y' + 2c (x' y^2 - y' x y)
    wall x^2 + y^2 = f(t) = 1 + sin(t)/5, impact v+ = v- + (f' - 2 x.v-)/f x

Prints "RESULT <case> <seconds>".  The case billiard_1e5_impacts runs 10^5 impacts (about 90 s;
HYBRID_BENCH_IMPACTS=N runs N and scales the time linearly, which the note then says).  The
first 100 impact times are compared with those Hamel wrote to $TMPDIR/hamel_hybrid_bench_impacts.txt
(bench/run runs Hamel first).  Run with /usr/bin/python3 (Debian python3-scipy).
"""
import math
import os
import tempfile
import time

from scipy.integrate import solve_ivp

M, C = 1.0, 1e-5
TOL = 1e-12


def f(t):
    return 1.0 + math.sin(t) / 5.0


def fdot(t):
    return math.cos(t) / 5.0


def rhs(t, s):
    x, y, vx, vy = s
    ax = (-C * vx - 2 * C * (vy * x * x - vx * x * y)) / M
    ay = (-C * vy + 2 * C * (vx * y * y - vy * x * y)) / M
    return [vx, vy, ax, ay]


def wall(t, s):
    return s[0] * s[0] + s[1] * s[1] - f(t)


wall.terminal = True
wall.direction = 1


def run(impacts):
    t, s = 0.0, [0.25, 0.5, 2.8, 1.8]
    times = []
    while len(times) < impacts:
        sol = solve_ivp(rhs, (t, t + 100.0), s, method="RK45", rtol=TOL, atol=TOL, events=wall)
        if sol.status != 1:
            raise SystemExit("hybrid_scipy: no impact within 100 time units")
        t = float(sol.t_events[0][0])
        x, y, vx, vy = sol.y_events[0][0]
        lam = (fdot(t) - 2 * (x * vx + y * vy)) / f(t)
        s = [x, y, vx + lam * x, vy + lam * y]
        times.append(t)
    return times


def main():
    n = int(os.environ.get("HYBRID_BENCH_IMPACTS", "100000"))
    t0 = time.perf_counter()
    times = run(n)
    elapsed = time.perf_counter() - t0
    print(f"RESULT billiard_1e5_impacts {elapsed * 1e5 / n:.6g}")
    scaled = "" if n == 100000 else f"; the 1e5-impact figure is scaled linearly from {n}"
    print(f"# scipy: {n} impacts in {elapsed:.3f} s ({n / elapsed:.0f} impacts/s){scaled}")
    path = os.path.join(tempfile.gettempdir(), "hamel_hybrid_bench_impacts.txt")
    if os.path.exists(path):
        with open(path) as fh:
            ours = [float(v) for v in fh.read().split()]
        k = min(100, len(ours), len(times))
        worst = max(abs(a - b) for a, b in zip(ours[:k], times[:k]))
        print(f"# max |tau_hamel - tau_scipy| over the first {k} impacts: {worst:.2e}"
              f" ({'within' if worst <= 1e-9 else 'NOT within'} 1e-9)")


if __name__ == "__main__":
    main()
