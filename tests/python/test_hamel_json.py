#!/usr/bin/env python3
"""Unit tests of python/hamel_json.py on hand-written documents (ctest json.loader)."""

import os
import sys
import unittest

import sympy

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, HERE)
import check_derivation_json  # noqa: E402
import hamel_json  # noqa: E402


def document(symbols, entries, kind="family", symmetry="none"):
    """A minimal derivation: one section, one object with `entries` ((key, value) pairs)."""
    return {
        "format": "hamel-derivation", "version": 1, "name": "t", "description": "",
        "symbols": [{"name": n, "kind": k, "latex": n} for n, k in symbols],
        "sections": [{"id": "s", "title": "", "prose": [], "objects": ["o"], "checks": [], "tables": [],
                      "figures": []}],
        "objects": {"o": {"kind": kind, "title": "", "section": "s", "symmetry": symmetry,
                          "entries": [{"key": list(k), "label": "x", "value": v} for k, v in entries]}},
        "checks": {}, "summary": {"checks": 0, "yes": 0, "no": 0, "undecided": 0, "failures": 0, "expected_no": 0},
    }


class Names(unittest.TestCase):
    def test_parameters_named_like_sympy_constants_stay_symbols(self):
        names = ["I", "E", "S", "N", "gamma", "beta", "lambda", "pi", "Q", "O"]
        d = hamel_json.load(document([(n, "parameter") for n in names], [((), "+".join(names))], "scalar"))
        value = d.expr("o")
        self.assertEqual(value, sum(sympy.Symbol(n) for n in names))
        self.assertTrue(all(isinstance(d.symbols[n], sympy.Symbol) for n in names))

    def test_symbols_named_like_functions_of_the_syntax(self):
        # hamel derive accepts a coordinate `sin` and a parameter `exp`, `diff` beside sin(sin), exp(sin)
        # and diff(f(x), x): a name followed by '(' is the syntax's function (a symbol is never called)
        symbols = [("sin", "coordinate"), ("exp", "parameter"), ("diff", "parameter"), ("x", "coordinate"),
                   ("f", "function")]
        d = hamel_json.load(document(symbols, [((), "exp*exp(sin) + sin(sin) - diff*diff(f(x), x)")], "scalar"),
                            strict=True)
        s, e, df, x = (d.symbols[n] for n in ("sin", "exp", "diff", "x"))
        f = d.symbols["f"]
        self.assertEqual(d.expr("o"), e * sympy.exp(s) + sympy.sin(s) - df * sympy.Derivative(f(x), x))
        self.assertEqual(d.parse("sin ( sin ) + sin"), sympy.sin(s) + s)

    def test_constants_when_not_declared(self):
        d = hamel_json.load(document([("x", "coordinate")], [((), "pi*x+Pi+I^2")], "scalar"))
        self.assertEqual(d.expr("o"), sympy.pi * sympy.Symbol("x") + sympy.pi - 1)

    def test_unknown_names(self):
        doc = document([("x", "coordinate")], [((), "x+z")], "scalar")
        with self.assertRaises(hamel_json.LoadError):
            hamel_json.load(doc, strict=True)
        d = hamel_json.load(doc)
        self.assertEqual(dict(d.undeclared), {"z": ["o"]})
        # Derivation.parse reads what load read (a tester: load accepted f(t), parse("y - f(t)") raised)
        self.assertEqual(d.parse("2*z - x"), 2 * sympy.Symbol("z") - sympy.Symbol("x"))
        with self.assertRaises(hamel_json.LoadError):
            d.parse("w")


class Syntax(unittest.TestCase):
    def setUp(self):
        self.x, self.y = sympy.symbols("x y")
        self.symbols = [("x", "coordinate"), ("y", "coordinate"), ("f", "function"), ("g", "function")]

    def read(self, text):
        return hamel_json.load(document(self.symbols, [((), text)], "scalar")).expr("o")

    def test_powers_and_exact_numbers(self):
        self.assertEqual(self.read("2/3*x^(-1)+0.25"), sympy.Rational(2, 3) / self.x + sympy.Rational(1, 4))
        self.assertEqual(self.read("-x^2"), -self.x ** 2)
        self.assertEqual(self.read("1.5e-3"), sympy.Rational(3, 2000))

    def test_undeclared_functions(self):
        d = hamel_json.load(document([("x", "coordinate")], [((), "g(x)+D[0](h)(x)")], "scalar"))
        g, h = sympy.Function("g"), sympy.Function("h")
        self.assertEqual(d.expr("o"), g(self.x) + sympy.Derivative(h(self.x), self.x))
        self.assertEqual(sorted(d.undeclared), ["g", "h"])

    def test_functions_and_derivatives(self):
        f, g = sympy.Function("f"), sympy.Function("g")
        x, y = self.x, self.y
        self.assertEqual(self.read("diff(f(x),x)"), sympy.Derivative(f(x), x))
        self.assertEqual(self.read("diff(f(x), x, 2)"), sympy.Derivative(f(x), (x, 2)))
        self.assertEqual(self.read("diff(g(x, y), x, 2) - x/(y*x)"), sympy.Derivative(g(x, y), (x, 2)) - 1 / y)
        self.assertEqual(self.read("D[0](f)(x)"), sympy.Derivative(f(x), x))
        self.assertEqual(self.read("D[0,0](f)(x)"), sympy.Derivative(f(x), (x, 2)))
        self.assertEqual(self.read("D[1](g)(x,y)*2"), 2 * sympy.Derivative(g(x, y), y))
        self.assertEqual(self.read("atan2(y,x)+sqrt(x)"), sympy.atan2(y, x) + sympy.sqrt(x))

    def test_derivative_at_an_expression(self):
        # D[0](f)(2*x) is f'(2x): with f = sin, cos(2x), not d/dx sin(2x) = 2cos(2x).
        value = self.read("D[0](f)(2*x)")
        t = sympy.Symbol("t")
        self.assertEqual(value.subs(sympy.Function("f"), sympy.Lambda(t, sympy.sin(t))).doit(), sympy.cos(2 * self.x))

    def test_bad_text(self):
        for text in ("x+*", "x.__class__", "[x]", "x; y", "'x'"):
            with self.assertRaises(hamel_json.LoadError):
                self.read(text)


class Objects(unittest.TestCase):
    def test_order_and_missing_components(self):
        d = hamel_json.load(document([("x", "coordinate")], [(("2", "1"), "x"), (("1", "1"), "1")]))
        self.assertEqual([e.key for e in d.objects["o"]], [("2", "1"), ("1", "1")])
        self.assertEqual(d.expr("o", "2", "2"), 0)  # no symmetry: a key not listed is zero
        self.assertEqual(d.expr("o", "1", "2"), 0)
        self.assertEqual(d.expr("o", "2", "1"), sympy.Symbol("x"))
        with self.assertRaises(KeyError):  # not an index of this derivation
            d.expr("o", "2", "y")

    def test_symmetric_entries_are_rebuilt(self):
        d = hamel_json.load(document([("x", "coordinate"), ("y", "coordinate")],
                                     [(("x", "y"), "x"), (("y", "y"), "2")], symmetry="symmetric"))
        self.assertEqual(d.expr("o", "y", "x"), sympy.Symbol("x"))
        self.assertEqual(d.expr("o", "x", "x"), 0)

    def test_antisymmetric_in_the_first_two_indices(self):
        d = hamel_json.load(document([], [(("1", "2", "3"), "5")], symmetry="antisymmetric"))
        self.assertEqual(d.expr("o", "2", "1", "3"), -5)
        self.assertEqual(d.expr("o", "1", "1", "3"), 0)
        self.assertEqual(d.expr("o", "1", "3", "2"), 0)  # the last index does not move

    def test_alternating_signs_follow_the_permutation(self):
        d = hamel_json.load(document([], [(("1", "2", "3"), "7")], symmetry="alternating"))
        self.assertEqual(d.expr("o", "2", "3", "1"), 7)   # cyclic: even
        self.assertEqual(d.expr("o", "3", "2", "1"), -7)  # one swap: odd
        self.assertEqual(d.expr("o", "1", "2", "1"), 0)

    def test_the_format_is_checked(self):
        doc = document([], [])
        doc["version"] = 2
        with self.assertRaises(hamel_json.LoadError):
            hamel_json.load(doc)


class Tolerance(unittest.TestCase):
    def test_agree(self):
        agree = check_derivation_json.agree
        self.assertTrue(agree(1.0, 1.0 + 1e-12))
        self.assertFalse(agree(1.0, 1.0 + 1e-6))
        self.assertFalse(agree(1e-5, 1.00001e-5))
        self.assertTrue(agree(0.0, 1e-25))
        self.assertFalse(agree(1j, -1j))

    def test_schema_accepts_a_minimal_document_and_refuses_a_bad_kind(self):
        doc = document([("x", "coordinate")], [(("1",), "x")], "list")
        self.assertEqual(check_derivation_json.schema_errors(doc), [])
        doc["symbols"][0]["kind"] = "constant"
        self.assertEqual(len(check_derivation_json.schema_errors(doc)), 1)


if __name__ == "__main__":
    unittest.main()
