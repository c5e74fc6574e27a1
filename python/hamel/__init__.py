"""Hamel from Python: system files derived and checked, and the geometry layer, with SymPy
expressions in and out (docs/python.md).

    import hamel, sympy
    d = hamel.load("examples/chaplygin_sleigh.yaml").derive()   # a Derivation: SymPy values
    d.expr("hamiltonian")
    x, y, z = sympy.symbols("x y z")
    hamel.lie_bracket([1, 0, y], [0, 1, 0], coordinates=[x, y, z])   # [0, 0, -1]
"""
from . import hamel_json
from ._hamel import DomainError, InvalidArgument, ParseError, Unsupported, version as __version__
from .geometry import (Chart, Form, Multivector, VectorField, ZeroVerdict, as_multivector, d, evaluate,
                       exterior_derivative, interior_product, lie_bracket, lie_derivative, schouten_bracket,
                       sharp, simplify, wedge, zero_test)
from .system import ClaimVerdict, Claims, Derivation, System, load, loads

__all__ = ["hamel_json", "DomainError", "InvalidArgument", "ParseError", "Unsupported", "Chart", "Form",
           "Multivector", "VectorField", "ZeroVerdict", "as_multivector", "d", "evaluate", "exterior_derivative",
           "interior_product", "lie_bracket", "lie_derivative", "schouten_bracket", "sharp", "simplify", "wedge",
           "zero_test", "ClaimVerdict", "Claims", "Derivation", "System", "load", "loads"]
