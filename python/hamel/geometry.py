"""The geometry layer with SymPy expressions in and out (docs/python.md, "Geometry with SymPy in and out").

A Chart holds SymPy symbols; its fields, forms and multivectors hold their C++ values, and give
their components as SymPy expressions in the chart's own symbols.
"""
import re
from collections import namedtuple

import sympy
from sympy.combinatorics import Permutation
from sympy.core.function import AppliedUndef

from . import _hamel
from ._text import Names, from_text, to_pieces

ZeroVerdict = namedtuple("ZeroVerdict", "zero undecided how")
ZeroVerdict.__bool__ = lambda v: v.zero
ZeroVerdict.__doc__ = "Hamel's zero test: zero (a proof or numeric evidence, see how), or undecided."


class Chart:
    """Coordinates, parameters and abstract functions, as SymPy objects.

    coordinates -- Symbols, in order (Hamel's coordinates are real)
    parameters  -- Symbols the expressions may also use; positive where SymPy says so
    functions   -- applied undefined functions of coordinates, e.g. f(theta) for f = Function("f")
    """

    def __init__(self, coordinates, parameters=(), functions=(), name="Q"):
        self.coordinates = _symbols(coordinates, "coordinates")
        self.parameters = _symbols(parameters, "parameters")
        self.functions = tuple(functions)
        for f in self.functions:
            if not isinstance(f, AppliedUndef):
                raise TypeError("Chart: expected functions as applied SymPy functions, e.g. f(theta) for "
                                "f = sympy.Function('f'); got %s %r" % (type(f).__name__, f))
        given = self.coordinates + self.parameters + tuple(f.func for f in self.functions)
        twice = [x for i, x in enumerate(given) if x in given[:i]]
        if twice:  # before the names: a second x would be given an alias, the message would name it
            raise ValueError("Chart: expected distinct coordinates, parameters and functions, got %s twice" % twice[0])
        self._names = Names(self.coordinates + self.parameters + tuple(f.func for f in self.functions))
        n = self._names.name
        self._c = _hamel.Chart(name, [n(x) for x in self.coordinates],
                               [(n(p), bool(p.is_positive)) for p in self.parameters],
                               [(n(f.func), [self._coordinate_name(a) for a in f.args]) for f in self.functions])

    @classmethod
    def of(cls, coordinates, *values):
        """The chart of `coordinates` whose parameters and functions are those the values use."""
        coordinates = tuple(coordinates)
        exprs = [sympy.sympify(e) for v in values for e in _expressions(v)]
        symbols = set().union(*(e.free_symbols for e in exprs)) - set(coordinates)
        functions = set().union(*(e.atoms(AppliedUndef) for e in exprs))
        return cls(coordinates, sorted(symbols, key=str), sorted(functions, key=str))

    def _coordinate_name(self, x):
        if x not in self.coordinates:
            raise ValueError("an abstract function's arguments must be coordinates; got %s" % x)
        return self._names.name(x)

    @property
    def dim(self):
        return len(self.coordinates)

    def index(self, x):
        """The position of coordinate x (or x itself, an int from 0 to dim - 1)."""
        if isinstance(x, int) and not isinstance(x, bool):
            if 0 <= x < self.dim:
                return x
            raise ValueError("%d is not a coordinate position of %r; expected 0 to %d" % (x, self, self.dim - 1))
        if x in self.coordinates:
            return self.coordinates.index(x)
        raise ValueError("%s is not a coordinate of %r" % (x, self))

    def text(self, expr, what="the expression"):
        """`expr` in Hamel's syntax, as the pieces the reader takes; an error names `what` it is."""
        try:
            return to_pieces(expr, self._names)
        except ValueError as e:
            raise ValueError("%s (a Python value): %s" % (what, e)) from None
        except sympy.SympifyError:
            raise TypeError("%s: expected a SymPy expression or a number, got %s" % (what, type(expr).__name__)) from None

    def _read(self, call, *labelled):
        """call(), whose texts are the pieces in `labelled` ((what, pieces) pairs): a ParseError of the
        reader (at a position in Hamel's text, in no file) says which Python value it was."""
        try:
            return call()
        except _hamel.ParseError as e:
            if e.file:
                raise
            for what, pieces in labelled:
                try:
                    self._c.read(pieces)
                except _hamel.ParseError as one:
                    raise ValueError("%s (a Python value, read as %r): %s" % (
                        what, " + ".join(pieces), re.sub(r"^:\d+:\d+: ", "", str(one)))) from None
            raise

    def expr(self, text):
        """A text Hamel printed, as SymPy in this chart's symbols."""
        return from_text(text, self._names)

    def read(self, expr):
        """`expr` as Hamel reads it and prints it back (a round trip: the same function)."""
        t = self.text(expr)
        return self.expr(self._read(lambda: self._c.read(t), ("the expression", t)))

    def simplify(self, expr):
        """Hamel's canonical form of `expr` (docs/geometry.md)."""
        t = self.text(expr)
        return self.expr(self._read(lambda: self._c.simplify(t), ("the expression", t)))

    def zero_test(self, expr):
        """Hamel's zero test of `expr` on the chart (docs/geometry.md, "What a verdict guarantees")."""
        t = self.text(expr)
        return ZeroVerdict(*self._read(lambda: self._c.zero_test(t), ("the expression", t)))

    def vector_field(self, components, what="the vector field"):
        """X = X^i ∂_i from a list in coordinate order, or a dict coordinate (or position) → component;
        a key that is not a coordinate is an error. `what` names the field in error messages."""
        if isinstance(components, dict):
            given = {}
            for x, c in components.items():
                i = self.index(x)
                if i in given:
                    raise ValueError("%s: coordinate %s is given twice" % (what, self.coordinates[i]))
                given[i] = c
            components = [given.get(i, 0) for i in range(self.dim)]
        elif not isinstance(components, (list, tuple, sympy.MatrixBase)):
            raise TypeError("%s: expected a list of components or a dict coordinate → component, got %s"
                            % (what, type(components).__name__))
        if len(components) != self.dim:
            raise ValueError("%s: expected %d components, got %d" % (what, self.dim, len(components)))
        labelled = [("component %s of %s" % (x, what), self.text(c, "component %s of %s" % (x, what)))
                    for x, c in zip(self.coordinates, components)]
        texts = [t for _, t in labelled]
        return VectorField(self, self._read(lambda: self._c.vector_field(texts), *labelled))

    def coordinate_field(self, x):
        """∂_x."""
        return VectorField(self, self._c.coordinate_field(self.index(x)))

    def form(self, components, degree=None):
        """A k-form from {(x, y): value} (keys: coordinates or their positions), or a function (0-form)."""
        degree, items, labelled = self._alternating(components, degree, "the form")
        return Form(self, self._read(lambda: self._c.form(degree, items), *labelled))

    def one_form(self, components):
        """a_i dx^i from a list in coordinate order."""
        return self.form({(i,): c for i, c in enumerate(components)}, 1)

    def differential(self, f):
        """df; dx for a coordinate x."""
        t = self.text(f, "the function")
        return Form(self, self._read(lambda: self._c.differential(t), ("the function", t)))

    def multivector(self, components, degree=None):
        """A k-vector from {(x, y): value} (keys: coordinates or their positions)."""
        degree, items, labelled = self._alternating(components, degree, "the multivector")
        return Multivector(self, self._read(lambda: self._c.multivector(degree, items), *labelled))

    def bivector(self, matrix):
        """Π with Π^{ij} = matrix[i, j]; DomainError unless the matrix is antisymmetric."""
        m = sympy.Matrix(matrix)
        labelled = [[("entry (%d, %d) of the matrix" % (i, j), self.text(m[i, j], "entry (%d, %d) of the matrix" % (i, j)))
                     for j in range(m.cols)] for i in range(m.rows)]
        rows = [[t for _, t in row] for row in labelled]
        return Multivector(self, self._read(lambda: self._c.bivector(rows), *[e for row in labelled for e in row]))

    def _alternating(self, components, degree, what):
        if not isinstance(components, dict):
            components = {(): components}
        for key in components:
            if not isinstance(key, tuple):
                raise TypeError("%s: expected keys as tuples of coordinates, e.g. (x, y) or (x,); got %s %s"
                                % (what, type(key).__name__, key))
        degrees = {len(k) for k in components}
        if degree is None:
            if len(degrees) != 1:
                raise ValueError("expected keys of one length (the degree), got lengths %s" % sorted(degrees))
            degree = degrees.pop()
        items, labelled = [], []
        for key, v in components.items():
            label = "the component at %s of %s" % (key, what)
            items.append(([self.index(x) for x in key], self.text(v, label)))
            labelled.append((label, items[-1][1]))
        return degree, items, labelled

    def __repr__(self):
        return "hamel.Chart(%s)" % self._c.describe()


def _symbols(values, what):
    """The chart's coordinates or parameters: SymPy Symbols (a string would have no assumptions)."""
    if isinstance(values, (str, sympy.Basic)):
        raise TypeError("Chart: expected %s as a list of SymPy Symbols, got %s %r" % (what, type(values).__name__, values))
    values = tuple(values)
    for x in values:
        if not isinstance(x, sympy.Symbol):
            raise TypeError("Chart: expected %s as SymPy Symbols (e.g. sympy.symbols('x y')), got %s %r"
                            % (what, type(x).__name__, x))
    return values


def _expect(value, kinds, who):
    """`value` if it is one of `kinds` (geometric classes); a TypeError naming what was given otherwise."""
    if isinstance(value, kinds):
        return value
    names = [k.__name__ for k in (kinds if isinstance(kinds, tuple) else (kinds,))]
    names = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
    raise TypeError("%s: expected a %s, got %s" % (who, names, type(value).__name__))


def _expressions(value):
    """The expressions in a list, dict, matrix or expression (for Chart.of)."""
    if isinstance(value, dict):
        return list(value.values()) + [x for k in value for x in (k if isinstance(k, tuple) else (k,))
                                       if not isinstance(x, int)]
    if isinstance(value, (list, tuple, sympy.MatrixBase)):
        return list(value)
    return [value]


def _sum_latex(terms):
    """Σ coefficient·basis in LaTeX: sums in parentheses, unit coefficients left out, signs merged."""
    out = ""
    for c, basis in terms:
        c = sympy.sympify(c)
        sign, c = ("-", -c) if c.could_extract_minus_sign() else ("+", c)
        text = basis if c == 1 and basis else ("\\left(%s\\right)" if c.is_Add else "%s") % sympy.latex(c)
        if basis and c != 1:
            text += " " + basis
        out += (" %s " % sign if out else ("-" if sign == "-" else "")) + text
    return out or "0"


class _Geometric:
    """A value of the C++ geometry layer on a chart; components are read into SymPy once."""

    def __init__(self, chart, c):
        self.chart, self._c, self._components = chart, c, None

    def __add__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented  # Python's TypeError names both types
        return type(self)(self.chart, self._c + other._c)

    def __sub__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return type(self)(self.chart, self._c - other._c)

    def __neg__(self):
        return type(self)(self.chart, -self._c)

    def __rmul__(self, f):
        if isinstance(f, _Geometric):
            return NotImplemented
        t = self.chart.text(f, "the factor")
        return type(self)(self.chart, self.chart._read(lambda: self.chart._c.times(t, self._c), ("the factor", t)))

    def __mul__(self, f):
        return self.__rmul__(f)

    def _repr_latex_(self):
        return "$\\displaystyle %s$" % self.latex()


class VectorField(_Geometric):
    """X = X^i ∂_i on a chart."""

    @property
    def components(self):
        """[X^1, ..., X^n], SymPy, in coordinate order."""
        if self._components is None:
            self._components = [self.chart.expr(t) for t in self._c.components()]
        return self._components

    def __getitem__(self, x):
        return self.components[self.chart.index(x)]

    def __call__(self, f):
        """X(f) = X^i ∂f/∂x^i."""
        t = self.chart.text(f, "the function")
        return self.chart.expr(self.chart._read(lambda: self.chart._c.apply(self._c, t), ("the function", t)))

    def latex(self):
        return _sum_latex((c, "\\frac{\\partial}{\\partial %s}" % sympy.latex(x))
                          for c, x in zip(self.components, self.chart.coordinates) if c != 0)

    def __repr__(self):
        return "VectorField(%s)" % self.components


class _Alternating(_Geometric):
    """Components by increasing coordinates (forms and multivectors store no others)."""

    @property
    def degree(self):
        return self._c.degree

    @property
    def components(self):
        """{(x, y, ...): value} for the nonzero components, keys increasing in coordinate order."""
        if self._components is None:
            q = self.chart.coordinates
            self._components = {tuple(q[i] for i in idx): self.chart.expr(t) for idx, t in self._c.components()}
        return self._components

    def component(self, *xs):
        """The component at coordinates in any order, with the sign of their sorting; 0 if absent."""
        idx = [self.chart.index(x) for x in xs]
        if len(set(idx)) < len(idx):
            return sympy.Integer(0)
        order = sorted(range(len(idx)), key=idx.__getitem__)
        key = tuple(self.chart.coordinates[idx[i]] for i in order)
        return Permutation(order).signature() * self.components.get(key, sympy.Integer(0))

    def latex(self):
        return _sum_latex((v, self._basis_latex(k)) for k, v in self.components.items())

    def __repr__(self):
        return "%s(degree %d, %s)" % (type(self).__name__, self.degree, self.components)


class Form(_Alternating):
    """ω = Σ_{i1<…<ik} ω_{i1…ik} dx^{i1}∧…∧dx^{ik} (docs/geometry.md for the conventions)."""

    def _basis_latex(self, key):
        return " \\wedge ".join("d%s" % sympy.latex(x) for x in key)


class Multivector(_Alternating):
    """P = Σ_{i1<…<ik} P^{i1…ik} ∂_{i1}∧…∧∂_{ik}."""

    def _basis_latex(self, key):
        return " \\wedge ".join("\\partial_{%s}" % sympy.latex(x) for x in key)


def lie_bracket(X, Y, coordinates=None):
    """[X, Y]^i = X(Y^i) − Y(X^i). VectorFields of one chart; or lists of components and the
    coordinates, for a list back."""
    if coordinates is not None:
        Q = Chart.of(coordinates, X, Y)
        return lie_bracket(Q.vector_field(X, "X (the first argument)"), Q.vector_field(Y, "Y (the second argument)")).components
    for v in (X, Y):
        _expect(v, VectorField, "lie_bracket (without coordinates=)")
    return VectorField(X.chart, _hamel.lie_bracket(X._c, Y._c))


def exterior_derivative(a, coordinates=None):
    """dω. A Form; or {(x, y): value} (or a function) and the coordinates, for a dict back."""
    if coordinates is not None:
        Q = Chart.of(coordinates, a)
        return exterior_derivative(Q.form(a)).components
    _expect(a, Form, "exterior_derivative (without coordinates=)")
    return Form(a.chart, _hamel.exterior_derivative(a._c))


d = exterior_derivative


def wedge(a, b, coordinates=None):
    """a ∧ b of two forms or two multivectors; or of two dicts of form components and the coordinates."""
    if coordinates is not None:
        Q = Chart.of(coordinates, a, b)
        return wedge(Q.form(a), Q.form(b)).components
    for v in (a, b):
        _expect(v, (Form, Multivector), "wedge (without coordinates=)")
    return type(a)(a.chart, _hamel.wedge(a._c, b._c))


def schouten_bracket(P, Q, coordinates=None):
    """The Schouten–Nijenhuis bracket [P, Q] (sign convention: geometry/multivector.hpp). Multivectors;
    or matrices (bivectors) or dicts of components and the coordinates, for a dict back."""
    if coordinates is not None:
        chart = Chart.of(coordinates, P, Q)
        return schouten_bracket(_multivector(chart, P), _multivector(chart, Q)).components
    for v in (P, Q):
        _expect(v, Multivector, "schouten_bracket (without coordinates=)")
    return Multivector(P.chart, _hamel.schouten_bracket(P._c, Q._c))


def _multivector(chart, value):
    return chart.multivector(value) if isinstance(value, dict) else chart.bivector(value)


def interior_product(a, b):
    """i_X ω for a VectorField X and a Form ω; i_α P for a 1-Form α and a Multivector P."""
    _expect(a, (VectorField, Form), "interior_product")
    _expect(b, (Form, Multivector), "interior_product")
    result = _hamel.interior_product(a._c, b._c)
    return type(b)(b.chart, result)


def lie_derivative(X, a):
    """L_X of a Form or a Multivector."""
    _expect(X, VectorField, "lie_derivative")
    _expect(a, (Form, Multivector), "lie_derivative")
    return type(a)(a.chart, _hamel.lie_derivative(X._c, a._c))


def sharp(P, alpha):
    """Π♯(α) = Π(·, α), so that X_H = Π♯(dH) has X_H(g) = {g, H}."""
    _expect(P, Multivector, "sharp")
    _expect(alpha, Form, "sharp")
    return VectorField(P.chart, _hamel.sharp(P._c, alpha._c))


def as_multivector(X):
    """A VectorField as a 1-vector."""
    _expect(X, VectorField, "as_multivector")
    return Multivector(X.chart, _hamel.as_multivector(X._c))


def evaluate(a, *args):
    """ω(X_1, …, X_k) for a Form and VectorFields; P(α_1, …, α_k) for a Multivector and 1-Forms."""
    _expect(a, (Form, Multivector), "evaluate")
    for x in args:
        _expect(x, (VectorField, Form), "evaluate")
    return a.chart.expr(_hamel.evaluate(a._c, [x._c for x in args]))


def simplify(a):
    """A field, form or multivector with every component in Hamel's canonical form."""
    _expect(a, (VectorField, Form, Multivector), "simplify (for an expression: Chart.simplify)")
    return type(a)(a.chart, _hamel.simplify(a._c))


def zero_test(a):
    """Hamel's zero test of every component of a field, form or multivector."""
    _expect(a, (VectorField, Form, Multivector), "zero_test (for an expression: Chart.zero_test)")
    return ZeroVerdict(*_hamel.zero_test(a._c))
