"""The Python module (docs/python.md): geometry against hand-computed values, derivations against
the `hamel` command's own JSON and the papers' values, claims, errors with their positions.

Run by ctest as python.module: PYTHONPATH holds <build>/python, HAMEL_CLI the `hamel` command, and the
working directory is the repository root.
"""
import json
import os
import subprocess

import pytest
import sympy

import hamel

x, y, z, theta = sympy.symbols("x y z theta")
m = sympy.Symbol("m", positive=True)


def is_zero(e):
    return sympy.simplify(e) == 0


# ---- geometry with SymPy in and out


def test_lie_bracket_of_lists_against_hand_values():
    # [m x^2 ∂x, e^x ∂z] = m x^2 e^x ∂z, and [sin z ∂x + cos z ∂y, ∂z] = (−cos z, sin z, 0)
    assert hamel.lie_bracket([m * x**2, 0, 0], [0, 0, sympy.exp(x)], coordinates=[x, y, z]) == [0, 0, m * x**2 * sympy.exp(x)]
    assert hamel.lie_bracket([sympy.sin(z), sympy.cos(z), 0], [0, 0, 1], coordinates=[x, y, z]) == [
        -sympy.cos(z), sympy.sin(z), 0]


def test_results_carry_the_callers_symbols():
    # a positive m is not SymPy's plain m: the result must hold the caller's object
    bracket = hamel.lie_bracket([m * x, 0, 0], [0, 0, x], coordinates=[x, y, z])
    assert bracket[2].free_symbols == {m, x}
    assert sympy.Symbol("m") not in bracket[2].free_symbols


def test_vector_field_objects():
    Q = hamel.Chart([x, y, z], parameters=[m])
    X, Y = Q.vector_field([y, -x, 0]), Q.vector_field({z: m})
    assert X(x**2 + y**2) == 0 and X[y] == -x
    assert (X + Y).components == [y, -x, m] and (2 * X).components == [2 * y, -2 * x, 0]
    # the Jacobi identity on three concrete fields
    W = Q.vector_field([z * x, sympy.sin(y), x * y])
    jac = (hamel.lie_bracket(X, hamel.lie_bracket(Y, W)) + hamel.lie_bracket(Y, hamel.lie_bracket(W, X))
           + hamel.lie_bracket(W, hamel.lie_bracket(X, Y)))
    assert hamel.zero_test(jac)
    assert X._repr_latex_() == "$\\displaystyle y \\frac{\\partial}{\\partial x} - x \\frac{\\partial}{\\partial y}$"
    assert Q.form({(x, y): -m - x}).latex() == "-\\left(m + x\\right) dx \\wedge dy"


def test_exterior_derivative_against_hand_values_and_d_squared():
    w = {(x,): x * y * z, (y,): sympy.sin(x * y), (z,): sympy.exp(z) * x}
    dw = hamel.d(w, coordinates=[x, y, z])
    assert set(dw) == {(x, y), (x, z)}  # the dy∧dz component is zero
    assert is_zero(dw[(x, y)] - (y * sympy.cos(x * y) - x * z))
    assert is_zero(dw[(x, z)] - (sympy.exp(z) - x * y))
    Q = hamel.Chart([x, y, z])
    f = sympy.Function("f")
    Qf = hamel.Chart([x, y, z], functions=[f(x, y)])
    assert hamel.d(hamel.d(Q.form(w))).components == {}
    assert hamel.d(hamel.d(Qf.form({(y, z): f(x, y) * z}))).components == {}


def test_wedge_and_component_signs():
    dxdy = hamel.wedge({(x,): 1}, {(y,): 1}, coordinates=[x, y, z])
    assert dxdy == {(x, y): 1}
    assert hamel.wedge({(y,): 1}, {(x,): 1}, coordinates=[x, y, z]) == {(x, y): -1}
    Q = hamel.Chart([x, y, z])
    a = Q.form({(y, x): z})  # keys in any order: dy∧dx = −dx∧dy
    assert a.components == {(x, y): -z} and a.component(y, x) == z and a.component(x, x) == 0


def test_cartan_formula():
    Q = hamel.Chart([x, y, z])
    X = Q.vector_field([y * z, sympy.sin(x), x**2])
    w = Q.form({(x, y): z * x, (y, z): sympy.cos(x * y)})
    cartan = hamel.lie_derivative(X, w) - hamel.interior_product(X, hamel.d(w)) - hamel.d(hamel.interior_product(X, w))
    assert hamel.zero_test(cartan) and cartan.degree == 2


def test_schouten_bracket_against_hand_values():
    # Π^{12} = 1, Π^{23} = y: the Jacobiator {x,{y,z}} + cyclic is 1, [Π,Π]^{123} twice that
    P = sympy.Matrix([[0, 1, 0], [-1, 0, y], [0, -y, 0]])
    assert hamel.schouten_bracket(P, P, coordinates=[x, y, z]) == {(x, y, z): 2}
    # the Lie–Poisson bivector of so(3)* is Poisson
    so3 = sympy.Matrix([[0, z, -y], [-z, 0, x], [y, -x, 0]])
    assert hamel.schouten_bracket(so3, so3, coordinates=[x, y, z]) == {}
    Q = hamel.Chart([x, y, z])
    Pi = Q.bivector(so3)
    H = (x**2 + y**2 + z**2) / 2
    XH = hamel.sharp(Pi, Q.differential(H))
    assert XH(x) == hamel.evaluate(Pi, Q.differential(x), Q.differential(H))  # X_H(g) = {g, H}
    assert all(is_zero(c) for c in XH.components)  # H is a Casimir of so(3)*


def test_round_trips_are_exact():
    lam, I, E, x1 = sympy.Symbol("lambda"), sympy.Symbol("I"), sympy.Symbol("E"), sympy.Symbol("x_1")
    greek, pi = sympy.Symbol("θ"), sympy.Symbol("pi")
    f = sympy.Function("f")
    Q = hamel.Chart([greek, x1], parameters=[lam, I, E, pi], functions=[f(greek)])
    exprs = [sympy.Rational(2, 3) * lam**2 * sympy.sin(greek)**2 - sympy.sqrt(I) / x1,
             -x1**2, (-x1)**3, x1**-2, sympy.pi * E + pi + sympy.exp(1), sympy.Abs(x1) + sympy.atan2(x1, I),
             f(greek).diff(greek, 2) * f(greek), sympy.Float("0.25") * x1]
    for e in exprs:
        back = Q.read(e)
        assert sympy.expand(back - e) == 0, (e, back)
    assert Q.read(sympy.Float("0.25") * x1) == x1 / 4  # decimals are the rational they write
    long_sum = sum(sympy.Symbol("x_1") ** k * k for k in range(1, 400))  # beyond the reader's 4000 characters
    assert len(str(long_sum)) > 4000 and sympy.expand(Q.read(long_sum) - long_sum) == 0


def test_geometry_errors():
    Q, R = hamel.Chart([x, y]), hamel.Chart([x, y])
    with pytest.raises(hamel.InvalidArgument, match="different charts"):
        hamel.lie_bracket(Q.coordinate_field(x), R.coordinate_field(y))
    with pytest.raises(hamel.DomainError, match="antisymmetric"):
        Q.bivector([[0, 1], [1, 0]])
    with pytest.raises(ValueError, match="not a coordinate, parameter or function"):
        Q.vector_field([m, 0])
    with pytest.raises(ValueError, match="imaginary"):
        Q.vector_field([sympy.I, 0])


# ---- system files


@pytest.fixture(scope="module")
def particle():
    return hamel.load("examples/nonholonomic_particle.yaml").derive()


def cli(*args):
    return subprocess.run([os.environ["HAMEL_CLI"], *args], check=False, capture_output=True, text=True)


def test_derivation_json_is_the_commands(particle):
    assert particle.json == cli("derive", "examples/nonholonomic_particle.yaml", "--json", "-").stdout


def test_derivation_values_as_sympy(particle):
    Y = particle.symbols["y"]
    M = particle.symbols["m"]
    assert particle.expr("metric", "x", "x") == M
    assert is_zero(particle.expr("bracket.nonholonomic", "x", "pi1") - 1 / sympy.sqrt(1 + Y**2))
    assert particle.kinds["pi1"] == "momentum" and particle.failures == []
    assert particle.latex().startswith("\\documentclass") and "nonholonomic_particle" in particle.text()


def test_chaplygin_sleigh_bracket_of_the_paper():
    d = hamel.load("examples/chaplygin_sleigh.yaml").derive()
    a, J, M, pi2 = (d.symbols[n] for n in ("a", "J", "m", "pi2"))
    # 004 (2.9) by hand (examples/chaplygin_sleigh.claims.yaml): {pi1, pi2} = a m pi2/(J + m a^2)
    assert is_zero(d.expr("bracket.nonholonomic", "pi1", "pi2") - a * M * pi2 / (J + M * a**2))


def test_notebook_latex(particle):
    latex = particle._repr_latex_()
    assert latex.startswith("$$\\begin{array}{l}") and latex.endswith("\\end{array}$$")
    assert "g_{xx} &= m" in latex and "\\begin{aligned}" in latex


def test_notebook_latex_names_recurring_denominators_and_breaks_long_values():
    # the Chaplygin sphere's K1 (in theta) and K2 (in gamma3) are named once at the top, as in the
    # LaTeX report; its longest equations continue on indented lines instead of running off the cell
    latex = hamel.load("examples/chaplygin_sphere.yaml").derive()._repr_latex_()
    assert "Recurring denominators, named once" in latex and "K_{1} &= " in latex and "K_{2} &= " in latex
    assert "&\\qquad " in latex
    assert max(len(line) for line in latex.split("\n")) < 400


SYSTEM = """\
name: knife_edge
parameters: [m, J]
coordinates: [x, y, phi]
lagrangian: "m/2*(x_dot^2 + y_dot^2) + J/2*phi_dot^2"
constraints:
  - "sin(phi)*x_dot - cos(phi)*y_dot + q"
"""


def test_system_from_a_string_and_its_errors():
    # read: the keys; derive: the expressions (what the library refuses, at the file's position)
    with pytest.raises(hamel.ParseError, match=r"^knife.yaml:4:1: unknown key 'lagrangain'.*did you mean 'lagrangian'"):
        hamel.loads(SYSTEM.replace("lagrangian", "lagrangain"), name="knife.yaml")
    with pytest.raises(hamel.ParseError) as error:
        hamel.loads(SYSTEM, name="knife.yaml").derive()
    column = SYSTEM.splitlines()[5].index("q") + 1
    assert (error.value.file, error.value.line, error.value.column) == ("knife.yaml", 6, column)
    assert str(error.value).startswith("knife.yaml:6:%d: constraint 1: undeclared symbol 'q'" % column)
    d = hamel.loads(SYSTEM.replace(" + q", "")).derive()
    phi, M = d.symbols["phi"], d.symbols["m"]
    assert d.name == "knife_edge" and d.expr("metric", "phi", "phi") == d.symbols["J"]
    assert d.expr("bracket.nonholonomic", "x", "pi1") == sympy.cos(phi)  # {x, pi1} = X1^x
    assert d.expr("hamiltonian") == d.symbols["pi1"] ** 2 / (2 * M) + d.symbols["pi2"] ** 2 / (2 * d.symbols["J"])
    with pytest.raises(hamel.ParseError, match="^no-such-file.yaml:1:1: cannot open"):
        hamel.load("no-such-file.yaml")


def test_claims_verdicts_as_the_command_gives_them():
    s = hamel.load("examples/chaplygin_sleigh.yaml")
    claims = s.check("examples/chaplygin_sleigh.claims.yaml")
    assert claims.summary() == "6 claims: 5 true, 1 false" and claims.as_expected
    assert [v.holds for v in claims] == [True] * 5 + [False] and not claims[-1].expected
    printed = cli("check", "examples/chaplygin_sleigh.yaml", "examples/chaplygin_sleigh.claims.yaml").stdout
    assert claims.summary() in printed
    wrong = s.check(text='claims:\n  - {name: "a wrong bracket", bracket: {pair: "theta,pi2", value: "2"}}\n')
    assert [(v.name, v.holds, v.as_expected, v.line) for v in wrong] == [("a wrong bracket", False, False, 2)]
    assert wrong[0].derived == "1" and wrong[0].claimed == "2"


def test_plots_go_into_the_folder_given(tmp_path):
    d = hamel.load("examples/hybrid_wong.yaml").derive(plots=tmp_path / "plots")
    figures = [f["path"] for s in d.sections for f in s["figures"]]
    assert figures and all(os.path.isfile(p) and p.startswith(str(tmp_path / "plots" / "hybrid_wong")) for p in figures)


def test_plots_folder_made_only_when_a_plot_is_written(tmp_path):
    # the sleigh draws nothing: its folder (and the missing parent) is not created, as with `hamel derive --plots`
    hamel.load("examples/chaplygin_sleigh.yaml").derive(plots=tmp_path / "missing" / "plots")
    assert not (tmp_path / "missing").exists()
    (tmp_path / "file").write_text("kept")
    with pytest.raises(hamel.InvalidArgument, match="^plots '%s': expected a folder \\(created if missing\\), got a file$"
                       % (tmp_path / "file")):
        hamel.load("examples/chaplygin_sleigh.yaml").derive(plots=tmp_path / "file")
    assert (tmp_path / "file").read_text() == "kept"


# ---- what the bindings refuse, and how they say it


def test_dict_keys_that_are_not_coordinates_are_refused():
    w = sympy.Symbol("w")
    Q = hamel.Chart([x, y, z])
    for call in (lambda: Q.vector_field({w: 1}), lambda: Q.vector_field({x: 1, w: 5}),
                 lambda: Q.form({(x, w): 1}), lambda: Q.multivector({(w,): 1})):
        with pytest.raises(ValueError, match=r"^w is not a coordinate of hamel.Chart\(Q\(x, y, z\)\)$"):
            call()
    with pytest.raises(ValueError, match="^w is not a coordinate of "):
        hamel.lie_bracket({w: 1}, {x: 1}, coordinates=[x, y, z])
    with pytest.raises(ValueError, match=r"^3 is not a coordinate position of hamel.Chart\(Q\(x, y, z\)\); expected 0 to 2$"):
        Q.vector_field({3: 1})
    with pytest.raises(ValueError, match="^the vector field: coordinate x is given twice$"):
        Q.vector_field({x: 1, 0: 2})
    # the dict form still reads coordinates and positions
    assert Q.vector_field({z: x, 1: 2}).components == [0, 2, x]
    assert hamel.lie_bracket({x: 1}, {z: x}, coordinates=[x, y, z]) == [0, 0, 1]


def test_wrong_argument_types_say_what_was_expected_and_given():
    Q = hamel.Chart([x, y, z])
    X = Q.vector_field([y, -x, 0])
    cases = [
        (lambda: hamel.zero_test(sympy.sin(x) ** 2 + sympy.cos(x) ** 2 - 1),
         "zero_test (for an expression: Chart.zero_test): expected a VectorField, Form or Multivector, got Add"),
        (lambda: hamel.Chart(["x", "y"]), "Chart: expected coordinates as SymPy Symbols (e.g. sympy.symbols('x y')), got str 'x'"),
        (lambda: hamel.Chart([x], parameters="m"), "Chart: expected parameters as a list of SymPy Symbols, got str 'm'"),
        (lambda: hamel.lie_bracket([1, 0, y], [0, 1, 0]), "lie_bracket (without coordinates=): expected a VectorField, got list"),
        (lambda: X + 1, "unsupported operand type(s) for +: 'VectorField' and 'int'"),
        (lambda: X - Q.differential(x), "unsupported operand type(s) for -: 'VectorField' and 'Form'"),
        (lambda: Q.form({x: 1}), "the form: expected keys as tuples of coordinates, e.g. (x, y) or (x,); got Symbol x"),
        (lambda: hamel.load("examples/chaplygin_sleigh.yaml").derive().expr("bracket.nonholonomic", 1, 2),
         "expr('bracket.nonholonomic', ...): expected each index of the key as a string, e.g. \"1\" or \"x\"; got int 1"),
    ]
    for call, message in cases:
        with pytest.raises(TypeError) as error:
            call()
        assert str(error.value) == message


def test_values_hamel_cannot_read_name_the_python_argument():
    with pytest.raises(ValueError) as error:
        hamel.lie_bracket([0, 0, y], [sympy.nan, 1, 0], coordinates=[x, y, z])
    assert str(error.value) == "component x of Y (the second argument) (a Python value): Hamel's expressions are finite; got nan"
    with pytest.raises(ValueError) as error:
        hamel.Chart([x, y]).vector_field([0, sympy.gamma(x)])
    assert str(error.value).startswith("component y of the vector field (a Python value, read as 'gamma(x)'): unknown function 'gamma'")
    # a coordinate given twice is named as the user wrote it, not by the alias the second would get
    for coordinates, parameters in (([x, x], []), ([x, y], [x])):
        with pytest.raises(ValueError, match="^Chart: expected distinct coordinates, parameters and functions, got x twice$"):
            hamel.Chart(coordinates, parameters=parameters)
