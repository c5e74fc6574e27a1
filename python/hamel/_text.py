"""SymPy expressions in Hamel's input syntax and back (docs/python.md, "How expressions cross").

SymPy's printer writes an expression with Hamel's name for each symbol; the chart's ExpressionReader
reads it (C++), and the result's text comes back through hamel_json.parse with the same table of
names, so that every symbol is the user's own SymPy object again.
"""
import re

import sympy
from sympy.core.function import AppliedUndef
from sympy.printing.str import StrPrinter

from . import hamel_json

_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
# Names the reader gives a meaning of its own; such a symbol gets an alias.
_RESERVED = set(hamel_json.BUILTIN_FUNCTIONS) | set(hamel_json.BUILTIN_CONSTANTS) | {"diff", "D"}
# Characters per piece of a sum: the reader takes at most 4000 at a time.
MAX_PIECE = 3000


class Names:
    """Hamel's name of each symbol and function of a chart, and back.

    A SymPy name that is not an identifier of Hamel's syntax, a name the reader reserves (sin, pi,
    diff, ...), or a second object of the same name gets an alias hamel_<k>."""

    def __init__(self, objects):
        self.hamel = {}   # SymPy Symbol or Function class -> Hamel name
        self.sympy = {}   # Hamel name -> SymPy object
        for obj in objects:
            name = obj.name if isinstance(obj, sympy.Symbol) else obj.__name__
            if not _IDENTIFIER.match(name) or name in _RESERVED or name.startswith("hamel_") or name in self.sympy:
                name = "hamel_%d" % len(self.hamel)
            self.hamel[obj] = name
            self.sympy[name] = obj

    def name(self, obj):
        try:
            return self.hamel[obj]
        except KeyError:
            raise ValueError("%s is not a coordinate, parameter or function of the chart; hint: declare it "
                             "(Chart(..., parameters=[...], functions=[...]))" % obj) from None


class _Printer(StrPrinter):
    """StrPrinter with Hamel's names, ^ for powers, abs, and diff(f(x), x, n) for derivatives."""

    def __init__(self, names):
        super().__init__({"order": "none"})
        self._names = names

    def _print_Symbol(self, e):
        return self._names.name(e)

    def _print_Pow(self, e, rational=False):
        return super()._print_Pow(e, rational).replace("**", "^")  # the operands are printed already

    def _print_Exp1(self, e):
        return "exp(1)"

    def _print_Pi(self, e):
        return "pi"

    def _print_ImaginaryUnit(self, e):
        raise ValueError("Hamel's expressions are real; got the imaginary unit")

    def _print_NaN(self, e):
        raise ValueError("Hamel's expressions are finite; got nan")

    def _print_Infinity(self, e):
        raise ValueError("Hamel's expressions are finite; got %s" % e)

    _print_NegativeInfinity = _print_ComplexInfinity = _print_Infinity

    def _print_Function(self, e):
        if isinstance(e, AppliedUndef):
            return "%s(%s)" % (self._names.name(e.func), self.stringify(e.args, ", "))
        name = "abs" if e.func is sympy.Abs else e.func.__name__
        return "%s(%s)" % (name, self.stringify(e.args, ", "))

    def _print_Derivative(self, e):
        if not isinstance(e.expr, AppliedUndef):
            raise ValueError("only derivatives of abstract functions can be passed to Hamel; got %s" % e)
        text = self._print(e.expr)
        for v, n in e.variable_count:
            text = "diff(%s, %s%s)" % (text, self._print(v), "" if n == 1 else ", %d" % n)
        return text


def to_pieces(expr, names):
    """`expr` in Hamel's syntax, as pieces whose sum it is (a long sum is cut between its terms)."""
    printer = _Printer(names)
    expr = sympy.sympify(expr)
    text = printer.doprint(expr)
    if len(text) <= MAX_PIECE or not expr.is_Add:
        return [text]
    pieces, group, size = [], [], 0
    for term in expr.args:
        t = len(printer.doprint(term))
        if group and size + t > MAX_PIECE:
            pieces.append(printer.doprint(sympy.Add(*group, evaluate=False)))
            group, size = [], 0
        group.append(term)
        size += t + 3
    pieces.append(printer.doprint(sympy.Add(*group, evaluate=False)))
    return pieces


def from_text(text, names):
    """A text Hamel printed (core/latex.hpp, to_text) as SymPy, with the chart's objects."""
    return hamel_json.parse(text, names.sympy)
