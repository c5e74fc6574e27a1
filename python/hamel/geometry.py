"""The geometry layer with SymPy expressions in and out (docs/python.md, "Geometry with SymPy in and out").

A Chart holds SymPy symbols; its fields, forms and multivectors hold their C++ values, and give
their components as SymPy expressions in the chart's own symbols.
"""
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
        self.coordinates = tuple(coordinates)
        self.parameters = tuple(parameters)
        self.functions = tuple(functions)
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
        """The position of coordinate x (or x itself, an int)."""
        if isinstance(x, int) or x in self.coordinates:
            return x if isinstance(x, int) else self.coordinates.index(x)
        raise ValueError("%s is not a coordinate of %r" % (x, self))

    def text(self, expr):
        """`expr` in Hamel's syntax, as the pieces the reader takes."""
        return to_pieces(expr, self._names)

    def expr(self, text):
        """A text Hamel printed, as SymPy in this chart's symbols."""
        return from_text(text, self._names)

    def read(self, expr):
        """`expr` as Hamel reads it and prints it back (a round trip: the same function)."""
        return self.expr(self._c.read(self.text(expr)))

    def simplify(self, expr):
        """Hamel's canonical form of `expr` (docs/geometry.md)."""
        return self.expr(self._c.simplify(self.text(expr)))

    def zero_test(self, expr):
        """Hamel's zero test of `expr` on the chart (docs/geometry.md, "What a verdict guarantees")."""
        return ZeroVerdict(*self._c.zero_test(self.text(expr)))

    def vector_field(self, components):
        """X = X^i ∂_i from a list in coordinate order, or a dict coordinate → component."""
        if isinstance(components, dict):
            components = [components.get(x, 0) for x in self.coordinates]
        return VectorField(self, self._c.vector_field([self.text(c) for c in components]))

    def coordinate_field(self, x):
        """∂_x."""
        return VectorField(self, self._c.coordinate_field(self.index(x)))

    def form(self, components, degree=None):
        """A k-form from {(x, y): value} (keys: coordinates or their positions), or a function (0-form)."""
        degree, items = self._alternating(components, degree)
        return Form(self, self._c.form(degree, items))

    def one_form(self, components):
        """a_i dx^i from a list in coordinate order."""
        return self.form({(i,): c for i, c in enumerate(components)}, 1)

    def differential(self, f):
        """df; dx for a coordinate x."""
        return Form(self, self._c.differential(self.text(f)))

    def multivector(self, components, degree=None):
        """A k-vector from {(x, y): value} (keys: coordinates or their positions)."""
        degree, items = self._alternating(components, degree)
        return Multivector(self, self._c.multivector(degree, items))

    def bivector(self, matrix):
        """Π with Π^{ij} = matrix[i, j]; DomainError unless the matrix is antisymmetric."""
        m = sympy.Matrix(matrix)
        rows = [[self.text(m[i, j]) for j in range(m.cols)] for i in range(m.rows)]
        return Multivector(self, self._c.bivector(rows))

    def _alternating(self, components, degree):
        if not isinstance(components, dict):
            components = {(): components}
        degrees = {len(k) for k in components}
        if degree is None:
            if len(degrees) != 1:
                raise ValueError("expected keys of one length (the degree), got lengths %s" % sorted(degrees))
            degree = degrees.pop()
        items = [([self.index(x) for x in key], self.text(v)) for key, v in components.items()]
        return degree, items

    def __repr__(self):
        return "hamel.Chart(%s)" % self._c.describe()


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
        return type(self)(self.chart, self._c + other._c)

    def __sub__(self, other):
        return type(self)(self.chart, self._c - other._c)

    def __neg__(self):
        return type(self)(self.chart, -self._c)

    def __rmul__(self, f):
        return type(self)(self.chart, self.chart._c.times(self.chart.text(f), self._c))

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
        return self.chart.expr(self.chart._c.apply(self._c, self.chart.text(f)))

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
        return lie_bracket(Q.vector_field(X), Q.vector_field(Y)).components
    return VectorField(X.chart, _hamel.lie_bracket(X._c, Y._c))


def exterior_derivative(a, coordinates=None):
    """dω. A Form; or {(x, y): value} (or a function) and the coordinates, for a dict back."""
    if coordinates is not None:
        Q = Chart.of(coordinates, a)
        return exterior_derivative(Q.form(a)).components
    return Form(a.chart, _hamel.exterior_derivative(a._c))


d = exterior_derivative


def wedge(a, b, coordinates=None):
    """a ∧ b of two forms or two multivectors; or of two dicts of form components and the coordinates."""
    if coordinates is not None:
        Q = Chart.of(coordinates, a, b)
        return wedge(Q.form(a), Q.form(b)).components
    return type(a)(a.chart, _hamel.wedge(a._c, b._c))


def schouten_bracket(P, Q, coordinates=None):
    """The Schouten–Nijenhuis bracket [P, Q] (sign convention: geometry/multivector.hpp). Multivectors;
    or matrices (bivectors) or dicts of components and the coordinates, for a dict back."""
    if coordinates is not None:
        chart = Chart.of(coordinates, P, Q)
        return schouten_bracket(_multivector(chart, P), _multivector(chart, Q)).components
    return Multivector(P.chart, _hamel.schouten_bracket(P._c, Q._c))


def _multivector(chart, value):
    return chart.multivector(value) if isinstance(value, dict) else chart.bivector(value)


def interior_product(a, b):
    """i_X ω for a VectorField X and a Form ω; i_α P for a 1-Form α and a Multivector P."""
    result = _hamel.interior_product(a._c, b._c)
    return type(b)(b.chart, result)


def lie_derivative(X, a):
    """L_X of a Form or a Multivector."""
    return type(a)(a.chart, _hamel.lie_derivative(X._c, a._c))


def sharp(P, alpha):
    """Π♯(α) = Π(·, α), so that X_H = Π♯(dH) has X_H(g) = {g, H}."""
    return VectorField(P.chart, _hamel.sharp(P._c, alpha._c))


def as_multivector(X):
    """A VectorField as a 1-vector."""
    return Multivector(X.chart, _hamel.as_multivector(X._c))


def evaluate(a, *args):
    """ω(X_1, …, X_k) for a Form and VectorFields; P(α_1, …, α_k) for a Multivector and 1-Forms."""
    return a.chart.expr(_hamel.evaluate(a._c, [x._c for x in args]))


def simplify(a):
    """A field, form or multivector with every component in Hamel's canonical form."""
    return type(a)(a.chart, _hamel.simplify(a._c))


def zero_test(a):
    """Hamel's zero test of every component of a field, form or multivector."""
    return ZeroVerdict(*_hamel.zero_test(a._c))
