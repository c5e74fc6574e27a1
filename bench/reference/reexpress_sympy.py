"""SymPy reference for bench/reexpress_bench.cpp: the Chaplygin sphere's reduced objects in (M, gamma)
by elimination, the same ideal as Hamel (reduction/reexpress.hpp): sin, cos of theta and psi as
unknowns on the circle, u_a*D_a - N_a, z*D_f - N_f, t*(denominators) - 1, a Groebner basis in an
elimination order (SymPy has no block orders: lex) and the element linear in z.

Cases: `relations` (|gamma|^2 = 1), `pi1` (= (M, gamma)), `brackets_15` (the 15 brackets of Pi_nh^Lambda,
from the coordinate brackets of gauge.md A6). Each case has a budget; past it the case prints a note
instead of a RESULT line. Run from bench/reference.
"""
import signal
import time

import sympy as sp

BUDGET = 120  # seconds per case

th, ps, p1, p2, p3 = sp.symbols("theta psi pi1 pi2 pi3")
m, R, I1, I3 = sp.symbols("m R I1 I3")
t, c1, s1, c2, s2, z = sp.symbols("t c_theta s_theta c_psi s_psi z")
U = sp.symbols("M1 M2 M3 gamma1 gamma2 gamma3")
mR2 = m * R**2
K = I1 * mR2 * sp.sin(th)**2 + I3 * mR2 * sp.cos(th)**2 + I1 * I3
P23 = -mR2 * (I3 + mR2) * sp.sin(th) / K * p1 - mR2 * (I1 - I3) * sp.cos(th) * sp.sin(th) / K * p3
VARS = [(sp.sin(ps) * p1 + sp.cos(ps) * sp.sin(th) * p2 - sp.sin(ps) * sp.cos(th) * p3) / sp.sin(th),
        (sp.cos(ps) * p1 - sp.sin(ps) * sp.sin(th) * p2 - sp.cos(ps) * sp.cos(th) * p3) / sp.sin(th),
        p3, sp.sin(th) * sp.sin(ps), sp.sin(th) * sp.cos(ps), sp.cos(th)]
ELIM = [t, c1, s1, c2, s2, p1, p2, p3]


def bracket(f, g):
    """Pi_nh^Lambda on functions of (theta, psi, pi) (gauge.md A6; phi, x, y do not occur)."""
    d = sp.diff
    return (d(f, th) * d(g, p2) - d(f, p2) * d(g, th) + d(f, ps) * d(g, p3) - d(f, p3) * d(g, ps)
            + (d(f, p2) * d(g, p3) - d(f, p3) * d(g, p2)) * P23)


def algebraic(e):
    n, d = sp.fraction(sp.together(e.subs({sp.sin(th): s1, sp.cos(th): c1, sp.sin(ps): s2, sp.cos(ps): c2})))
    return sp.expand(n), sp.expand(d)


def basis(f=None):
    gens, dens = [], []
    for u, e in zip(U, VARS):
        n, d = algebraic(e)
        gens.append(sp.expand(n - u * d))
        dens.append(d)
    if f is not None:
        n, d = algebraic(f)
        gens.append(sp.expand(z * d - n))
        dens.append(d)
    factors = set()
    for d in dens:
        for fac, _ in sp.factor_list(d)[1]:
            if fac.has(c1, s1, c2, s2, p1, p2, p3):
                factors.add(fac)
    gens += [c1**2 + s1**2 - 1, c2**2 + s2**2 - 1, sp.expand(t * sp.Mul(*factors) - 1)]
    keep = ([z] if f is not None else []) + list(U)
    G = sp.groebner(gens, *ELIM, *keep, order="lex")
    return [g for g in G.exprs if not g.has(*ELIM)]


def value(f):
    for g in basis(f):
        if sp.degree(g, z) == 1:
            return sp.cancel(-g.coeff(z, 0) / g.coeff(z, 1))
    return None


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


def timed(name, work):
    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(BUDGET)
    t0 = time.perf_counter()
    try:
        work()
        print(f"RESULT {name} {time.perf_counter() - t0:.6f}")
    except Timeout:
        print(f"# {name}: no answer within {BUDGET} s")
    finally:
        signal.alarm(0)


def main():
    timed("relations", lambda: basis())
    timed("pi1", lambda: value(p1))
    pairs = [(a, b) for a in range(6) for b in range(a + 1, 6)]
    timed("brackets_15", lambda: [value(sp.together(bracket(VARS[a], VARS[b]))) for a, b in pairs])


if __name__ == "__main__":
    main()
