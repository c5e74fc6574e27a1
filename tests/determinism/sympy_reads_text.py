#!/usr/bin/env python3
"""tests/determinism/sympy_reads_text.py HAMEL SYSTEM.yaml|REPORT.txt... — every expression `hamel derive`
prints in its text report (derived here, or read from a saved report) ("  name = expression") is read by SymPy with ^ as power (docs/geometry.md, "Printing").

Identifiers become SymPy symbols, names followed by "(" functions (sin, cos, ... SymPy's own; f2, V
undefined functions), `pi` is π and `diff` SymPy's derivative, as in Hamel's expression reader."""
import keyword
import re
import subprocess
import sys

try:
    import sympy
    from sympy.parsing.sympy_parser import parse_expr
except ImportError:
    print("skipped: SymPy is not installed")
    sys.exit(0)

KNOWN = {"sin", "cos", "tan", "exp", "log", "sqrt", "abs", "asin", "acos", "atan", "sinh", "cosh", "tanh",
         "atan2", "diff"}
SYMPY_NAMES = {"abs": sympy.Abs, "atan2": sympy.atan2, "diff": sympy.diff, "pi": sympy.pi}


def names_of(text):
    """A namespace for parse_expr in which every identifier means what Hamel means by it."""
    space = {}
    for m in re.finditer(r"[A-Za-z_][A-Za-z_0-9]*", text):
        name, called = m.group(0), text[m.end():m.end() + 1] == "("
        if name in SYMPY_NAMES:
            space[name] = SYMPY_NAMES[name]
        elif called and name in KNOWN:
            space[name] = getattr(sympy, name)
        elif called:
            space[name] = sympy.Function(name)
        else:
            space[name] = sympy.Symbol(name)
    return space


BASIS = r"d[A-Za-z_0-9]+(\^d[A-Za-z_0-9]+)*"


def terms(text):
    """The signed terms of a sum, split at the + and - outside brackets."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(text):
        depth += 1 if c == "(" else -1 if c == ")" else 0
        if depth == 0 and i > start and text[i - 1:i + 2] in (" + ", " - "):
            out.append(text[start:i - 1])
            start = i
    return out + [text[start:]]


def coefficients(value):
    """The expressions of a printed value: the value itself, or for a form ("dz - (a + b) dq - c dx^dy")
    the coefficient of each term (a bare differential has the coefficient 1)."""
    if not re.search(r"(^|[ -])" + BASIS + "$", value):
        return [value]
    out = []
    for t in terms(value):
        m = re.match(r"^([+-]?) ?(?:(.*) )?" + BASIS + "$", t.strip())
        out.append((m.group(1) + "(" + m.group(2) + ")") if m and m.group(2) else "1" if m else t)
    return out


def main(hamel, systems):
    parsed, failures = 0, []
    for system in systems:
        if system.endswith(".txt"):
            with open(system, encoding="utf-8") as f:
                out = f.read()
        else:
            out = subprocess.run([hamel, "derive", system], capture_output=True, text=True).stdout
        for line in out.splitlines():
            m = re.match(r"^  ([^\[][^=]*?) = (.+)$", line)
            if not m or "[" in m.group(2) or m.group(2).startswith("<"):
                continue
            for text in coefficients(m.group(2)):
                # Python's keywords (lambda) cannot be names in SymPy's parser: renamed, as SymPy users do
                text = re.sub(r"[A-Za-z_][A-Za-z_0-9]*", lambda w: w.group(0) + "_" if keyword.iskeyword(w.group(0)) else w.group(0), text)
                try:
                    e = parse_expr(text.replace("^", "**"), local_dict=names_of(text), evaluate=False)
                    if not isinstance(e, sympy.Basic):
                        raise ValueError("not an expression")
                    parsed += 1
                except Exception as err:  # noqa: BLE001 — any failure to read is what this test reports
                    failures.append(f"{system}: {m.group(1)} = {text}\n    {type(err).__name__}: {err}")
    for f in failures:
        print(f)
    print(f"{parsed} expressions read by SymPy, {len(failures)} not")
    return 1 if failures or parsed < 20 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
