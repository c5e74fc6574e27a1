#!/usr/bin/env python3
"""Read the JSON of a Hamel derivation (``hamel derive FILE --json OUT.json``) into SymPy.

The format is described in docs/derivation-json.md and docs/derivation.schema.json; this module
needs SymPy and the standard library only (docs/python-loader.md has a usage example)::

    import hamel_json
    d = hamel_json.load("build/chaplygin_sphere.json")
    d.symbols["theta"]                            # a sympy.Symbol
    for key, label, value in d.objects["metric"]:  # entries in Hamel's printing order
        print(label, value)
    d.expr("metric", "theta", "theta")            # one value by its key
    d.checks["jacobi.nonholonomic"]["holds"]

Expressions are strings in Hamel's input syntax (io/expression_reader.cpp).  They are not handed to
``sympify`` as they are: a system may call a parameter I, E, S, N, beta, gamma, lambda or pi, which
SymPy (or Python) would read as a constant, a function or a keyword.  Every identifier is therefore
looked up in a namespace built from the derivation's own table of symbols, with the kind that table
gives it, and only then in the few functions and constants the input syntax has.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from collections import OrderedDict
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

import sympy
from sympy.parsing.sympy_parser import auto_number, convert_xor, parse_expr, rationalize

FORMAT = "hamel-derivation"
VERSION = 1

# The functions of the input syntax (io/expression_reader.cpp), by name.
BUILTIN_FUNCTIONS = {
    "sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "exp": sympy.exp, "log": sympy.log,
    "sqrt": sympy.sqrt, "abs": sympy.Abs, "asin": sympy.asin, "acos": sympy.acos, "atan": sympy.atan,
    "sinh": sympy.sinh, "cosh": sympy.cosh, "tanh": sympy.tanh, "atan2": sympy.atan2,
}
# Constants as the input syntax writes them (pi) and as GiNaC prints them (Pi, I); a symbol of the
# same name in the derivation's table takes precedence.
BUILTIN_CONSTANTS = {"pi": sympy.pi, "Pi": sympy.pi, "I": sympy.I}

SYMBOL_KINDS = ("coordinate", "velocity", "momentum", "parameter", "function", "variable", "unknown")

_TOKEN = re.compile(
    r"(?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)"  # first, so that the e of 1e-5 is no name
    r"|(?P<derivative>\bD\[(?P<indices>[\d\s,]+)\])"      # GiNaC's D[0,1](f)(x, y)
    r"|(?P<name>[A-Za-z_][A-Za-z_0-9]*)")


class Entry(NamedTuple):
    """One value of an object: its key (a tuple of strings, empty for a scalar), label and value."""
    key: Tuple[str, ...]
    label: str
    value: sympy.Expr


class LoadError(ValueError):
    """The JSON is not a Hamel derivation, or one of its expressions cannot be read."""


def _diff(expr, *args):
    """diff(e, x) and diff(e, x, n) of the input syntax (the order n given as an integer)."""
    if len(args) == 2 and args[1].is_Integer:
        return sympy.diff(expr, args[0], int(args[1]))
    return sympy.diff(expr, *args)


def _derivative(*indices):
    """GiNaC's D[i, j](f)(args): f differentiated in its i-th, then j-th argument, at args.

    Written as a curried call so that the text D[0](f)(x) maps to _derivative(0)(f)(x) by a rewrite of
    the D[...] prefix alone, with no parenthesis matching.
    """
    def of_function(f):
        def at(*args):
            if len(set(args)) == len(args) and all(isinstance(a, sympy.Symbol) for a in args):
                return sympy.Derivative(f(*args), *[args[int(i)] for i in indices])
            # At a point that is not a list of distinct names, the derivative is a substitution.
            dummies = [sympy.Dummy("x%d" % k) for k in range(len(args))]
            inner = sympy.Derivative(f(*dummies), *[dummies[int(i)] for i in indices])
            return sympy.Subs(inner, dummies, args)
        return at
    return of_function


def identifiers(text: str) -> List[str]:
    """The names used in an expression, in order of first use (numbers and D[…] left out)."""
    seen = OrderedDict()
    for m in _TOKEN.finditer(text):
        if m.group("name"):
            seen.setdefault(m.group("name"), None)
    return list(seen)


def parse(text: str, names: Dict[str, Any], undeclared: Optional[Dict[str, Any]] = None) -> sympy.Expr:
    """Reads `text` (Hamel's input syntax) with `names` (identifier -> SymPy object).

    Each identifier is renamed to a safe alias before Python's parser sees it, so that names such as
    lambda or I mean what `names` says.  An identifier in neither `names` nor the builtins is an error,
    unless `undeclared` is given: it then becomes a Symbol (a Function if called), recorded there.
    """
    local: Dict[str, Any] = {"hamel_D_": _derivative}
    called = set(_CALLED.findall(text)) | set(_DIFFERENTIATED.findall(text))

    def alias(m: re.Match) -> str:
        if m.group("number"):
            return m.group("number")
        if m.group("derivative"):
            return "hamel_D_(%s)" % m.group("indices")
        name = m.group("name")
        value = _lookup(name, names, undeclared, name in called, _CALL.match(text, m.end()) is not None)
        key = "hamel_n_%d_" % len(local)
        local[key] = value
        return key

    stray = _TOKEN.sub(" ", text).translate(_OPERATORS).strip()
    if stray:  # only names, numbers and operators reach Python's parser
        raise LoadError("cannot read %r: unexpected %r" % (text, stray[0]))
    code = _TOKEN.sub(alias, text)
    try:
        return parse_expr(code, local_dict=local, global_dict=_GLOBALS,
                          transformations=(auto_number, rationalize, convert_xor), evaluate=True)
    except Exception as e:  # SyntaxError, TypeError of a bad call, ...
        raise LoadError("cannot read %r: %s" % (text, e)) from e


# The characters of the input syntax besides names and numbers (deleted by str.translate).
_OPERATORS = str.maketrans("", "", "+-*/^(),")
# What parse_expr's generated code may call besides the aliases: auto_number writes Integer(…) and
# Float(…), rationalize Rational(…); no Python builtins.
_GLOBALS = {"Integer": sympy.Integer, "Float": sympy.Float, "Rational": sympy.Rational, "__builtins__": {}}


# Names used as functions: called, or differentiated in GiNaC's D[i](f)(x).
_CALLED = re.compile(r"([A-Za-z_][A-Za-z_0-9]*)\s*\(")
_CALL = re.compile(r"\s*\(")  # after a name: this use of it is a call
_DIFFERENTIATED = re.compile(r"D\[[\d\s,]*\]\(\s*([A-Za-z_][A-Za-z_0-9]*)\s*\)")


def _lookup(name: str, names: Dict[str, Any], undeclared: Optional[Dict[str, Any]], called: bool,
            call_here: bool = False):
    # A symbol is never called: a coordinate `sin` beside sin(sin), or a parameter `diff` beside
    # diff(f(x), x), is the syntax's function where it is called (as hamel reads it), the symbol elsewhere.
    syntax_function = _diff if name == "diff" else BUILTIN_FUNCTIONS.get(name)
    if name in names and not (call_here and syntax_function and isinstance(names[name], sympy.Expr)):
        return names[name]
    if syntax_function:
        return syntax_function
    if name in BUILTIN_CONSTANTS:
        return BUILTIN_CONSTANTS[name]
    if undeclared is None:
        raise LoadError("unknown name %r" % name)
    return undeclared.setdefault(name, sympy.Function(name) if called else sympy.Symbol(name))


def symbol_for(name: str, kind: str):
    """The SymPy object of a symbol of the table: a Function for kind "function", else a Symbol."""
    if kind not in SYMBOL_KINDS:
        raise LoadError("symbol %r has unknown kind %r" % (name, kind))
    return sympy.Function(name) if kind == "function" else sympy.Symbol(name)


class Derivation:
    """A loaded derivation.

    Attributes (all in the JSON's order):
      name, description -- strings
      symbols  -- name -> sympy Symbol or Function (declaration order)
      kinds    -- name -> kind ("coordinate", "momentum", ...)
      objects  -- id -> list of Entry(key, label, value) in printing order
      kind_of  -- object id -> its kind ("family", "vector_field", ...)
      checks   -- id -> the check's dict as written (statement, holds, expected, status, ...)
      sections -- the sections as written (ids of their objects and checks, prose, tables, figures)
      summary  -- the counts of the checks
      undeclared -- names used in expressions but missing from the table -> objects that use them
      raw      -- the whole JSON document
    """

    def __init__(self, doc: Dict[str, Any], strict: bool = False):
        _check_header(doc)
        self.raw = doc
        self.name = doc["name"]
        self.description = doc.get("description", "")
        self.kinds = OrderedDict((s["name"], s["kind"]) for s in doc["symbols"])
        self.symbols = OrderedDict((n, symbol_for(n, k)) for n, k in self.kinds.items())
        self.sections = doc["sections"]
        self.checks = OrderedDict((i, doc["checks"][i]) for i in _in_section_order(doc, "checks"))
        self.summary = doc["summary"]
        self.kind_of = {i: o["kind"] for i, o in doc["objects"].items()}
        self.symmetry_of = {i: o.get("symmetry", "none") for i, o in doc["objects"].items()}
        self.undeclared: Dict[str, List[str]] = OrderedDict()
        self._names = dict(self.symbols)
        extra: Optional[Dict[str, Any]] = None if strict else {}
        self.objects: Dict[str, List[Entry]] = OrderedDict()
        for oid in _in_section_order(doc, "objects"):
            self.objects[oid] = [self._entry(oid, e, extra) for e in doc["objects"][oid]["entries"]]
        self._undeclared_objects = extra or {}

    def _entry(self, oid: str, e: Dict[str, Any], extra) -> Entry:
        value = parse(e["value"], self._names, extra)
        for name in identifiers(e["value"]) if extra else []:
            users = self.undeclared.setdefault(name, []) if name in extra else None
            if users is not None and oid not in users:
                users.append(oid)
        return Entry(tuple(e["key"]), e["label"], value)

    def expr(self, object_id: str, *key: str) -> sympy.Expr:
        """The value of object `object_id` at `key` (no key for a scalar).

        An entry left out is rebuilt from the object's `symmetry` (g_ji = g_ij, {g, f} = -{f, g},
        Jac_kji = -Jac_ijk) or is zero. Equations and lists leave nothing out: a key they do not list,
        or a key naming an index that the object never uses, raises KeyError.
        """
        for k in key:
            if not isinstance(k, str):
                raise TypeError("expr(%r, ...): expected each index of the key as a string, e.g. \"1\" or \"x\"; "
                                "got %s %r" % (object_id, type(k).__name__, k))
        listed = {entry.key: entry.value for entry in self.objects[object_id]}
        key = tuple(key)
        if key in listed:
            return listed[key]
        if self.kind_of[object_id] in ("scalar", "equations", "list") or not self._known_indices(object_id, key):
            raise KeyError("%s has no entry %s" % (object_id, ",".join(key)))
        return _rebuilt(listed, key, self.symmetry_of[object_id])

    def _known_indices(self, object_id: str, key: Tuple[str, ...]) -> bool:
        """Every index of `key` is a digit or a name of the derivation, and the key has the object's length."""
        lengths = {len(e.key) for e in self.objects[object_id]}
        named = all(k.isdigit() or k in self.kinds for k in key)
        return named and (not lengths or len(key) in lengths)

    def symbol(self, name: str):
        """The SymPy object of a name: from the table, or one of the undeclared names."""
        return self.symbols[name] if name in self.symbols else self._undeclared_objects[name]

    def parse(self, text: str) -> sympy.Expr:
        """Reads another expression (a check's witness, a symbol's meaning) with this table and the
        undeclared names its entries used (read as load read them); another unknown name is an error."""
        return parse(text, dict(self._undeclared_objects, **self._names))

    def of_kind(self, kind: str) -> List[Any]:
        """The symbols of one kind, in declaration order (e.g. the momenta pi1..pir)."""
        return [self.symbols[n] for n, k in self.kinds.items() if k == kind]


def _parity(perm: Tuple[int, ...]) -> int:
    """+1 for an even permutation of 0..n-1, -1 for an odd one."""
    sign, seen = 1, list(perm)
    for i in range(len(seen)):
        while seen[i] != i:
            j = seen[i]
            seen[i], seen[j] = seen[j], seen[i]
            sign = -sign
    return sign


def _rebuilt(listed: Dict[Tuple[str, ...], Any], key: Tuple[str, ...], symmetry: str) -> sympy.Expr:
    """A left-out entry from the listed ones: the permuted key that is listed, times the sign the
    symmetry gives (only the first two indices move unless it is alternating); zero if none is."""
    if symmetry == "none" or len(key) < 2:
        return sympy.Integer(0)
    if symmetry in ("antisymmetric", "alternating") and len(set(key if symmetry == "alternating" else key[:2])) < (
            len(key) if symmetry == "alternating" else 2):
        return sympy.Integer(0)
    n = len(key) if symmetry == "alternating" else 2
    for perm in itertools.permutations(range(n)):
        moved = tuple(key[i] for i in perm) + key[n:]
        if moved in listed:
            return (1 if symmetry == "symmetric" else _parity(perm)) * listed[moved]
    return sympy.Integer(0)


def _in_section_order(doc: Dict[str, Any], what: str) -> List[str]:
    """The ids of doc[what] in the order of the sections that list them: the JSON maps themselves are
    written with sorted keys, so their own order means nothing."""
    ids = [i for s in doc["sections"] for i in s[what] if i in doc[what]]
    return list(OrderedDict.fromkeys(ids + sorted(doc[what])))


def _check_header(doc: Dict[str, Any]) -> None:
    if doc.get("format") != FORMAT:
        raise LoadError("not a Hamel derivation (format %r)" % doc.get("format"))
    if doc.get("version") != VERSION:
        raise LoadError("format version %r; this loader reads version %d" % (doc.get("version"), VERSION))
    for key in ("name", "symbols", "sections", "objects", "checks", "summary"):
        if key not in doc:
            raise LoadError("missing key %r" % key)


def load(source: Union[str, Dict[str, Any]], strict: bool = False) -> Derivation:
    """Loads a derivation from a path or from the already parsed JSON dict.

    Names used in expressions but missing from the symbol table are read as Symbols (Functions when
    called) and listed in .undeclared: modules still being ported to the typed model write some.
    strict=True refuses them (LoadError).
    """
    if isinstance(source, dict):
        return Derivation(source, strict)
    with open(source, encoding="utf-8") as f:
        return Derivation(json.load(f), strict)


def summary(d: Derivation) -> Iterable[str]:
    """The lines `python3 hamel_json.py FILE.json` prints."""
    s = d.summary
    yield "%s: %s" % (d.name, d.description) if d.description else d.name
    kinds = OrderedDict()
    for name, kind in d.kinds.items():
        kinds.setdefault(kind, []).append(name)
    for kind, names in kinds.items():
        yield "  %-11s %s" % (kind, " ".join(names))
    yield "  %d sections, %d objects (%d entries)" % (
        len(d.sections), len(d.objects), sum(len(v) for v in d.objects.values()))
    yield "  %d checks: %d yes, %d no, %d undecided, %d failures" % (
        s["checks"], s["yes"], s["no"], s.get("undecided", 0), s["failures"])
    for cid, c in d.checks.items():
        if c["status"] in ("failure", "undecided"):
            yield "  %s %s: %s" % (c["status"].upper(), cid, c["statement"])
    if d.undeclared:
        yield "  names not in the symbol table: %s" % " ".join(d.undeclared)


def main(argv: List[str]) -> int:
    if len(argv) != 2:
        print("usage: python3 hamel_json.py DERIVATION.json", file=sys.stderr)
        return 2
    try:
        d = load(argv[1])
    except (OSError, ValueError, KeyError) as e:
        print("hamel_json: %s" % e, file=sys.stderr)
        return 1
    for line in summary(d):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
