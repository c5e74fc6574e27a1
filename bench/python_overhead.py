#!/usr/bin/python3
"""What the Python module costs over the C++ API (bench/README.md, "The Python module's overhead").

usage: bench/python_overhead.py [BUILD_DIR]     (default: build; run from the repository root)

Runs BUILD_DIR/python_bench (the C++ calls) and times the same calls through `import hamel` (from
BUILD_DIR/python), best of 5 each, then prints each Python case against its C++ counterpart.
Debian's /usr/bin/python3: the interpreter the module is built for.
"""
import os
import subprocess
import sys
import time

BUILD = sys.argv[1] if len(sys.argv) > 1 else "build"
sys.path.insert(0, os.path.join(BUILD, "python"))
import hamel  # noqa: E402
import sympy  # noqa: E402

x, y, z = sympy.symbols("x y z")
X_SYMPY, Y_SYMPY = [y * z, sympy.sin(x), x**2], [sympy.cos(z), x * y, 1]


def best(f, reps=5):
    t = []
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        t.append(time.perf_counter() - t0)
    return min(t)


def sympy_bracket(X, Y):
    """SymPy alone, for scale: [X, Y]^i = X(Y^i) - Y(X^i)."""
    q = (x, y, z)
    return [sum(X[j] * sympy.diff(Y[i], q[j]) - Y[j] * sympy.diff(X[i], q[j]) for j in range(3)) for i in range(3)]


def python_cases():
    Q = hamel.Chart([x, y, z])
    X, Y = Q.vector_field(X_SYMPY), Q.vector_field(Y_SYMPY)
    n = range(1000)
    yield "lie_bracket_x1000", "lie_bracket_x1000", best(lambda: [hamel.lie_bracket(X, Y) for _ in n])
    yield "lie_bracket_components_x1000", "lie_bracket_text_x1000", best(
        lambda: [hamel.lie_bracket(X, Y).components for _ in n])
    yield "lie_bracket_chart_x1000", "lie_bracket_text_x1000", best(
        lambda: [hamel.lie_bracket(Q.vector_field(X_SYMPY), Q.vector_field(Y_SYMPY)).components for _ in n])
    yield "lie_bracket_coordinates_x1000", "lie_bracket_text_x1000", best(
        lambda: [hamel.lie_bracket(X_SYMPY, Y_SYMPY, coordinates=[x, y, z]) for _ in n], reps=3)
    yield "sympy_diff_bracket_x1000", "lie_bracket_x1000", best(lambda: [sympy_bracket(X_SYMPY, Y_SYMPY) for _ in n], reps=3)
    for system in ("nonholonomic_particle", "chaplygin_sleigh"):
        s = hamel.load("examples/%s.yaml" % system)
        yield "derive_%s_cxx_object" % system, "derive_" + system, best(lambda: s._c.derive(""))
        yield "derive_%s" % system, "derive_" + system, best(lambda: hamel.load("examples/%s.yaml" % system).derive())


def main():
    out = subprocess.run([os.path.join(BUILD, "python_bench")], check=True, capture_output=True, text=True).stdout
    cxx = {p[1]: float(p[2]) for p in (line.split() for line in out.splitlines()) if len(p) == 3 and p[0] == "RESULT"}
    print("%-40s %12s %-24s %12s %8s" % ("Python case", "Python", "C++ case", "C++", "ratio"))
    for case, against, t in python_cases():
        c = cxx[against]
        print("%-40s %9.2f ms %-24s %9.2f ms %7.1fx" % (case, t * 1e3, against, c * 1e3, t / c))


if __name__ == "__main__":
    main()
