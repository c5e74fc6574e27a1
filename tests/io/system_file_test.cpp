// tests/io/system_file_test.cpp — bad system files: each error names file:line:column, what was
// expected and what was found (issue: system files).
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "derivation/nonholonomic.hpp"
#include "io/modules/discrete/discrete_file.hpp"
#include "io/modules/nonholonomic.hpp"
#include "io/system_file.hpp"

namespace {

const char* kParticle =
    "name: particle\n"                                   // 1
    "parameters: [m]\n"                                  // 2
    "coordinates: [x, y, z]\n"                           // 3
    "lagrangian: \"m/2*(x_dot^2 + y_dot^2 + z_dot^2)\"\n"  // 4
    "constraints:\n"                                     // 5
    "  - \"z_dot - y*x_dot\"\n";                         // 6

// The error text of reading `text` as a nonholonomic system file (or "ok").
std::string error_of(const std::string& text) {
  try {
    hamel::SystemFile f = hamel::read_system_file(hamel::Document::from_string(text, "s.yaml"));
    (void)hamel::build_nonholonomic_system(hamel::read_nonholonomic(f));
  } catch (const hamel::ParseError& e) {
    return e.what();
  }
  return "ok";
}

std::string with(const std::string& extra) { return std::string(kParticle) + extra; }

}  // namespace

TEST_SUITE("io") {

TEST_CASE("System files: a valid file reads") {
  CHECK(error_of(kParticle) == "ok");
  hamel::SystemFile f = hamel::read_system_file(hamel::Document::from_string(kParticle, "s.yaml"));
  CHECK(f.name == "particle");
  CHECK(f.Q.dim() == 3);
  const auto nh = hamel::build_nonholonomic_system(hamel::read_nonholonomic(f));
  CHECK(nh.rank() == 2);
}

TEST_CASE("System files: malformed YAML, empty file, unknown and duplicate keys") {
  CHECK(error_of("coordinates: [x, y\nlagrangian: x\n").find("s.yaml:2:") == 0);
  CHECK(error_of("coordinates: [x, y\nlagrangian: x\n").find("malformed YAML") != std::string::npos);
  CHECK(error_of("") == "s.yaml:1:1: empty file; expected a YAML mapping with at least 'coordinates', got nothing");
  CHECK(error_of("# only a comment\n").find("empty file") != std::string::npos);
  const std::string unknown = error_of(with("constraint: [x]\n"));
  CHECK(unknown.find("s.yaml:7:1: unknown key 'constraint' in the system file; expected one of") == 0);
  CHECK(unknown.find("(did you mean 'constraints'?)") != std::string::npos);
  CHECK(error_of(with("name: again\n")).find("s.yaml:7:1: duplicate key 'name'; expected each key once, got it again (first at line 1)") == 0);
  CHECK(error_of("- a\n- b\n").find("expected a YAML mapping of system keys at the top level, got a list") != std::string::npos);
}

TEST_CASE("System files: a complex key (? [a, b]) is refused at its position as not a name") {
  // before: "unknown key '' in the system file; … got ''"
  CHECK(error_of(with("? [a, b]\n: 1\n")) == "s.yaml:7:3: expected a name as key in the system file, got a list");
  CHECK(error_of(with("? {a: 1}\n: 1\n")) == "s.yaml:7:3: expected a name as key in the system file, got a mapping");
}

TEST_CASE("System files: a Lagrangian complex at every sample point of the domain is refused at its position") {
  const std::string head = "parameters: [m]\ncoordinates: [x, y]\n";
  const std::string kinetic = "lagrangian: \"m/2*(x_dot^2+y_dot^2) - ";
  // before: both derived, with a complex potential
  const std::string everywhere = error_of(head + kinetic + "sqrt(-1 - x^2)\"\n");
  // the parameter m's range widened three times (16 points each) before the verdict
  CHECK(everywhere.find("s.yaml:3:13: 'lagrangian': not real on the domain: complex at each of the 64 sample points") == 0);
  CHECK(everywhere.find("positive parameters in (1/2, 5/2) and in 10, 100 and 1000 times that range") != std::string::npos);
  CHECK(everywhere.find("; expected a real L somewhere on the domain") != std::string::npos);
  const std::string off_domain = error_of(head + "domain: {x: [2, 3]}\n" + kinetic + "sqrt(1 - x^2)\"\n");
  CHECK(off_domain.find("s.yaml:4:13: 'lagrangian': not real on the domain") == 0);
  // the sample point named lies in the domain
  const auto x_at = off_domain.find(", x = ");
  REQUIRE(x_at != std::string::npos);
  const double x0 = std::stod(off_domain.substr(x_at + 6));
  CHECK((x0 > 2 && x0 < 3));
  // real on part of the domain (|x| < 1 of (-2, 2)), or on all of it: accepted
  CHECK(error_of(head + "domain: {x: [-2, 2]}\n" + kinetic + "sqrt(1 - x^2)\"\n") == "ok");
  CHECK(error_of(head + "domain: {x: [-0.5, 0.5]}\n" + kinetic + "sqrt(1 - x^2)\"\n") == "ok");
}

TEST_CASE("System files: a Lagrangian real only for parameters beyond the probing range is accepted") {
  // before: sqrt(a - 3) was refused, complex for every a in (1/2, 5/2), though a physical a is above 3
  const std::string head = "parameters: [m, a]\ncoordinates: [x, y]\nlagrangian: \"m/2*(x_dot^2+y_dot^2) - ";
  CHECK(error_of(head + "sqrt(a - 3)*x^2\"\n") == "ok");
  CHECK(error_of(head + "log(a - 200)*x^2\"\n") == "ok");
  // beyond 1000 times the range (a < 2500): refused, the rounds named
  const std::string far = error_of(head + "sqrt(a - 30000)*x^2\"\n");
  CHECK(far.find("s.yaml:3:13: 'lagrangian': not real on the domain: complex at each of the 64 sample points") == 0);
  CHECK(far.find("and in 10, 100 and 1000 times that range") != std::string::npos);
}

TEST_CASE("System files: undeclared symbols, syntax errors, velocities of non-coordinates") {
  const std::string undeclared = error_of(
      "coordinates: [x, y, z]\nlagrangian: \"1/2*(x_dot^2 + y_dot^2 + z_dot^2) - g*z\"\n");
  CHECK(undeclared == "s.yaml:2:50: 'lagrangian': undeclared symbol 'g'; expected a declared name, got 'g'");
  const std::string syntax = error_of("coordinates: [x, y, z]\nlagrangian: \"1/2*(x_dot^2 + y_dot^2 +* z_dot^2)\"\n");
  CHECK(syntax == "s.yaml:2:38: 'lagrangian': syntax error; expected an operand, got '*'");
  const std::string vel = error_of("coordinates: [x, y, z]\nlagrangian: \"1/2*(x_dot^2 + y_dot^2 + w_dot^2)\"\n");
  CHECK(vel.find("s.yaml:2:39: 'lagrangian': undeclared symbol 'w_dot'") == 0);
  CHECK(vel.find("'w_dot' is a velocity, but 'w' is not a coordinate") != std::string::npos);
  // a variable (a function on D*) may not take the velocity of a coordinate: the reason is the place,
  // not the name (x is a coordinate)
  const std::string in_variable = error_of(with("symmetry:\n  shift: {x: 1}\nvariables:\n  v: \"x_dot\"\n"));
  CHECK(in_variable.find("variable v: undeclared symbol 'x_dot'") != std::string::npos);
  CHECK(in_variable.find("('x_dot' names a velocity; velocities are not allowed here)") != std::string::npos);
  CHECK(in_variable.find("is not a coordinate") == std::string::npos);
  // velocities are refused in frame fields, with a hint
  const std::string in_frame = error_of(with("frame:\n  X1: {x: 1, z: \"y_dot\"}\n  X2: {y: 1}\n"));
  CHECK(in_frame.find("s.yaml:8:18: frame field X1 component z: undeclared symbol 'y_dot'") == 0);
  CHECK(in_frame.find("velocities are allowed only in the Lagrangian and the constraints") != std::string::npos);
}

TEST_CASE("System files: the Lagrangian must be mechanical, the constraints affine in the velocities") {
  CHECK(error_of("coordinates: [x, y]\nlagrangian: \"x_dot^4 + y_dot^2\"\n")
            .find("s.yaml:2:13: 'lagrangian': the Lagrangian is not quadratic in the velocities; expected L = 1/2 g_ij(q) q_dot^i q_dot^j - V(q), got d^3L/dx_dot dx_dot dx_dot") == 0);
  CHECK(error_of("coordinates: [x, y]\nlagrangian: \"x_dot^2/2\"\n")
            .find("s.yaml:2:13: 'lagrangian': the kinetic energy is degenerate; expected a nondegenerate quadratic form in the velocities, got det g = 0") == 0);
  CHECK(error_of("coordinates: [x, y, z]\nlagrangian: \"1/2*(x_dot^2 + y_dot^2 + z_dot^2)\"\nconstraints:\n  - \"z_dot - y*x_dot^2\"\n")
            .find("s.yaml:4:5: constraint 1: constraint is not affine in the velocities; expected a_i(q) q_dot^i + b(q) = 0") == 0);
  // a constraint without a velocity is named, not reported as D = 0 or as a dependence (a tester)
  CHECK(error_of(with("  - \"x_dot - x_dot\"\n")) == "s.yaml:7:5: constraint 2: no velocity in it; expected a constraint on the velocities, got 0");
  // dependent constraints are named before the variables that use pi2, which their number made seem missing (a tester)
  CHECK(error_of(with("  - \"2*z_dot - 2*y*x_dot\"\nvariables:\n  p: pi2\n")) ==
        "s.yaml:6:3: 'constraints': the constraints are linearly dependent; expected 2 independent constraints, got rank 1 "
        "(remove the dependent ones)");
  // an indefinite g that is degenerate on D only: named as such, at the Lagrangian (a tester: was "matrix is
  // singular" at the constraints)
  CHECK(error_of("coordinates: [x, y, z]\nlagrangian: \"1/2*(x_dot^2 - y_dot^2 + z_dot^2)\"\nconstraints:\n  - \"y_dot - x_dot\"\n") ==
        "s.yaml:2:13: 'lagrangian': the kinetic energy is degenerate on the constraint distribution D (G_ab = g(X_a, X_b) is "
        "the constrained metric); expected det G_ab nonzero (a positive definite kinetic energy has it), got det G_ab = 0 "
        "[symbolic (canonical form), canonical form is 0]");
}

TEST_CASE("System files: LaTeX names are math-mode ASCII that cannot change the document") {
  CHECK(error_of(with("latex: {x: \"\\\\left(x\\\\right)\", y: \"\\\\vartheta\"}\n")) == "ok");
  CHECK(error_of(with("latex: {y: \"{x\"}\n")).find("s.yaml:7:12: 'latex': expected math-mode LaTeX with balanced braces") == 0);
  // pdflatex refused the report (a tester): φ in math, \end{document} in a name
  CHECK(error_of(with("latex: {y: \"\u03c6\"}\n")).find("s.yaml:7:12: 'latex': expected ASCII LaTeX for 'y'") == 0);
  CHECK(error_of(with("latex: {y: \"\\\\end{document}\"}\n"))
            .find("s.yaml:7:12: 'latex': expected a math-mode name for 'y', got '\\end{document}', whose \\end would change the document") == 0);
  // an undefined command reached pdflatex (a tester's \undefinedmacro): only the accepted ones are read
  CHECK(error_of(with("latex: {y: \"\\\\undefinedmacro\"}\n")) ==
        "s.yaml:7:12: 'latex': expected a math-mode name for 'y' with the commands Hamel accepts (Greek letters \\alpha ... "
        "\\Omega, accents \\dot \\hat \\bar \\tilde \\vec ..., fonts \\mathrm \\mathbf \\boldsymbol \\mathcal ..., "
        "symbols \\partial \\ell \\hbar ...: docs/system-files.md lists them), got '\\undefinedmacro', whose "
        "\\undefinedmacro is not one of them");
  CHECK(error_of(with("latex: {y: \"\\\\vartheat_{1}\"}\n"))
            .find("whose \\vartheat is not one of them (did you mean '\\vartheta'?)") != std::string::npos);
  // a backslash at the end escaped the report's next character (a brace)
  CHECK(error_of(with("latex: {y: \"y\\\\\"}\n")).find("got 'y\\', whose \\ is not one of them") != std::string::npos);
  CHECK(error_of(with("latex: {y: \"\\\\^y\"}\n")).find("whose \\^ is not one of them") != std::string::npos);
  CHECK(error_of(with("latex: {x: \"\\\\boldsymbol{\\\\omega}_{\\\\mathrm{b}}\", y: \"\\\\tilde{y}\\\\,\\\\hat{\\\\ell}'\"}\n")) ==
        "ok");
}

TEST_CASE("System files: a LaTeX name whose commands are each accepted still needs a shape pdflatex takes") {
  // each passed the command-by-command check and stopped pdflatex on the report (checked there by
  // tests/cli/commands_test.cpp); a YAML single-quoted value keeps its backslashes
  const auto refusal = [](const std::string& tex) { return error_of(with("latex: {y: '" + tex + "'}\n")); };
  const std::string head = "s.yaml:7:12: 'latex': expected a math-mode name for 'y', got '";
  CHECK(refusal("\\left(y") == head + "\\left(y', whose \\left has no matching \\right (in the same braces)");
  CHECK(refusal("y\\right)") == head + "y\\right)', whose \\right has no matching \\left before it (in the same braces)");
  CHECK(refusal("\\left( {y \\right)}") ==
        head + "\\left( {y \\right)}', whose \\right has no matching \\left before it (in the same braces)");
  CHECK(refusal("{\\left(y}\\right)") == head + "{\\left(y}\\right)', whose \\left has no matching \\right (in the same braces)");
  CHECK(refusal("\\left y") == head + "\\left y', whose \\left needs a delimiter after it, such as ( or \\langle");
  CHECK(refusal("\\bigl") == head + "\\bigl', whose \\bigl needs a delimiter after it, such as ( or \\langle");
  CHECK(refusal("\\hat") == head + "\\hat', whose \\hat needs its argument");
  CHECK(refusal("\\hat^2") == head + "\\hat^2', whose \\hat needs its argument");
  CHECK(refusal("\\frac{a}") == head + "\\frac{a}', whose \\frac needs its 2 arguments");
  CHECK(refusal("\\sqrt[3]") == head + "\\sqrt[3]', whose \\sqrt needs its argument");
  CHECK(refusal("\\text{a^b}") == head + "\\text{a^b}', whose ^ is math and cannot stand inside \\text{...}");
  CHECK(refusal("\\textit{\\alpha}") == head + "\\textit{\\alpha}', whose \\alpha is math and cannot stand inside \\textit{...}");
  // an escaped brace is a character, not a group: \{ alone compiles, {\} leaves a group open
  CHECK(refusal("{\\}") == "s.yaml:7:12: 'latex': expected math-mode LaTeX with balanced braces and no $ for 'y', got '{\\}'");
  for (const std::string ok : {"\\{y", "\\left(y\\right)", "\\left\\{y\\right.", "\\mathrm{\\left(y\\right)}", "\\frac 12",
                               "\\sqrt[3]{y}", "\\hat y", "\\hat\\alpha", "\\text{a \\textit{b}\\,c}", "\\bigl(y\\bigr)"})
    CHECK_MESSAGE(refusal(ok) == "ok", ok);
}

TEST_CASE("System files: frames and complements") {
  // not tangent to D
  CHECK(error_of(with("frame:\n  X1: {x: 1}\n  X2: {y: 1}\n"))
            .find("s.yaml:8:3: frame field X1 is not tangent to D; expected it to satisfy every constraint, got constraint 1 = -y") == 0);
  // wrong number
  CHECK(error_of(with("frame:\n  X1: {x: 1, z: y}\n"))
            .find("s.yaml:8:3: 'frame': wrong number of frame fields; expected 2 (rank of D = 3 coordinates - 1 constraints), got 1") == 0);
  // dependent
  CHECK(error_of(with("frame:\n  X1: {x: 1, z: y}\n  X2: {x: 2, z: \"2*y\"}\n"))
            .find("s.yaml:8:3: 'frame': the frame fields and the complement W do not form a basis of TQ") == 0);
  // W = span{∂y} is inside D: not complementary
  CHECK(error_of(with("complement: [y]\n"))
            .find("s.yaml:7:13: 'complement': the frame fields and the complement W do not form a basis of TQ") == 0);
  CHECK(error_of(with("complement: [z]\n")) == "ok");
  CHECK(error_of(with("complement: [x, z]\n")).find("expected 1 coordinates, got 2") != std::string::npos);
  // unknown coordinate in a field, with a did-you-mean
  CHECK(error_of(with("frame:\n  X1: {xx: 1, z: y}\n  X2: {y: 1}\n"))
            .find("s.yaml:8:8: frame field X1: unknown coordinate 'xx'") == 0);
  // a zero generator would pass every symmetry check vacuously (a tester's `shift_y: {}`)
  CHECK(error_of(with("symmetry:\n  shift: {}\n"))
            .find("s.yaml:8:10: symmetry generator shift: the zero vector field; expected a nonzero field (its components by "
                  "coordinate), got no component") == 0);
  CHECK(error_of(with("symmetry:\n  shift: {x: \"y - y\"}\n")).find("the zero vector field") != std::string::npos);
  CHECK(error_of(with("symmetry:\n  shift: {x: 1}\n")) == "ok");
}

TEST_CASE("System files: duplicate names, and built-in names that are handled") {
  CHECK(error_of("parameters: [x]\ncoordinates: [x, y]\nlagrangian: \"x_dot^2 + y_dot^2\"\n")
            .find("s.yaml:2:15: duplicate name 'x' for a coordinate; expected a name not used elsewhere in the file") == 0);
  CHECK(error_of(with("variables:\n  m: x\n")) == "s.yaml:8:3: duplicate name 'm' for a variable; expected a name not used elsewhere in "
                                                 "the file, got 'm', already declared as a parameter at 2:14");
  // psi, beta, zeta are GiNaC functions: as coordinates they are ordinary names
  const char* builtin =
      "parameters: [beta]\ncoordinates: [psi, zeta]\n"
      "lagrangian: \"1/2*(psi_dot^2 + zeta_dot^2) - beta*cos(psi)\"\n";
  CHECK(error_of(builtin) == "ok");
  hamel::SystemFile f = hamel::read_system_file(hamel::Document::from_string(builtin, "s.yaml"));
  const auto nh = hamel::build_nonholonomic_system(hamel::read_nonholonomic(f));
  CHECK((nh.potential() - f.Q.parameter("beta") * cos(f.Q[0])).expand().is_zero());
}

TEST_CASE("System files: a name declared twice is refused at its later declaration, which names the earlier one") {
  const std::string dup = "duplicate name '";
  const std::string expected = "; expected a name not used elsewhere in the file, got '";
  // parameters are read before coordinates: the error was at the coordinate, the first in the file
  CHECK(error_of("coordinates: [x]\nparameters: [x]\nlagrangian: \"x_dot^2/2\"\n") ==
        "s.yaml:2:14: " + dup + "x' for a parameter" + expected + "x', already declared as a coordinate at 1:15");
  CHECK(error_of("parameters: [x]\ncoordinates: [x]\nlagrangian: \"x_dot^2/2\"\n") ==
        "s.yaml:2:15: " + dup + "x' for a coordinate" + expected + "x', already declared as a parameter at 1:14");
  CHECK(error_of("coordinates: [x]\nparameters: [x_dot]\nlagrangian: \"x_dot^2/2\"\n") ==
        "s.yaml:2:14: " + dup + "x_dot' for a parameter" + expected + "x_dot', already declared as the velocity of 'x' at 1:15");
  CHECK(error_of(with("functions: [\"m(x)\"]\n")) ==
        "s.yaml:7:13: " + dup + "m' for a function" + expected + "m', already declared as a parameter at 2:14");
  CHECK(error_of(with("definitions:\n  z: \"m\"\n")) ==
        "s.yaml:8:3: " + dup + "z' for a definition" + expected + "z', already declared as a coordinate at 3:21");
  CHECK(error_of(with("frame:\n  y: {x: 1, z: y}\n  X2: {y: 1}\n")) ==
        "s.yaml:8:3: " + dup + "y' for a frame field" + expected + "y', already declared as a coordinate at 3:18");
  CHECK(error_of(with("symmetry:\n  m: {x: 1}\n")) ==
        "s.yaml:8:3: " + dup + "m' for a symmetry generator" + expected + "m', already declared as a parameter at 2:14");
  CHECK(error_of(with("variables:\n  pi1: x\n")) ==
        "s.yaml:8:3: " + dup + "pi1' for a variable" + expected + "pi1', already reserved for a momentum on D*");
  // the equations of motion print d/dt v1 for the quasi-velocity v1: a variable v1 would read as it
  CHECK(error_of(with("variables:\n  v1: x\n")) ==
        "s.yaml:8:3: " + dup + "v1' for a variable" + expected + "v1', already reserved for a quasi-velocity on D");
  // the report's names of H_c and Λ: a parameter Lambda printed "Lambda = -Lambda*R^2*sin(theta) dphi^dtheta^dpsi"
  CHECK(error_of("parameters: [Lambda]\ncoordinates: [x, y]\nlagrangian: \"Lambda/2*(x_dot^2 + y_dot^2)\"\n") ==
        "s.yaml:1:14: the name 'Lambda' is reserved for the 3-form Λ of 004 Lemma 5.4, as the report names it; expected another "
        "name for a parameter, got 'Lambda'");
  CHECK(error_of(with("variables:\n  H_c: x\n")) ==
        "s.yaml:8:3: " + dup + "H_c' for a variable" + expected + "H_c', already reserved for the constrained Hamiltonian, as the "
        "report names it");
  CHECK(error_of(with("definitions:\n  v1: \"x*y\"\n")) ==
        "s.yaml:8:3: the name 'v1' is reserved for a quasi-velocity on D; expected another name for a definition, got 'v1'");
}

TEST_CASE("System files: a built-in function's name for a function, and pi for any name, are refused where declared") {
  // functions: [sin(x)] shadowed the sine: derive printed V = k*sin(x), simulate failed on diff(sin(x), x)
  const std::string tail = "coordinates: [x, y]\nlagrangian: \"1/2*(x_dot^2 + y_dot^2) - k*x^2\"\n";
  for (const std::string fn : {"sin", "cos", "tan", "exp", "log", "sqrt", "diff", "atan2"})
    CHECK(error_of("parameters: [k]\nfunctions: [" + fn + "(x)]\n" + tail) ==
          "s.yaml:2:13: the name '" + fn + "' is reserved for the built-in function " + fn +
              " of the expressions; expected another name for a function, got '" + fn + "'");
  CHECK(error_of("parameters: [k]\nfunctions: [g(x), \"pi(x)\"]\n" + tail)
            .find("s.yaml:2:19: the name 'pi' is reserved for the constant pi (3.14159...) of the expressions; "
                  "expected another name for a function, got 'pi'") == 0);
  // pi as a coordinate took pi from the file's expressions and printed as it
  CHECK(error_of("parameters: [k]\ncoordinates: [x, pi]\nlagrangian: \"1/2*(x_dot^2 + pi_dot^2)\"\n") ==
        "s.yaml:2:18: the name 'pi' is reserved for the constant pi (3.14159...) of the expressions; expected another name "
        "for a coordinate, got 'pi'");
  CHECK(error_of("parameters: [{name: pi, positive: true}]\n" + tail)
            .find("s.yaml:1:21: the name 'pi' is reserved for the constant pi (3.14159...) of the expressions; expected "
                  "another name for a parameter") == 0);
  CHECK(error_of(with("definitions:\n  pi: \"x*y\"\n")).find("s.yaml:8:3: the name 'pi' is reserved") == 0);
  // a symbol named like a function stays free: a call is the function, the name alone the symbol
  const char* symbols = "parameters: [exp]\ncoordinates: [sin, E, I]\n"
                        "lagrangian: \"1/2*(sin_dot^2 + E_dot^2 + I_dot^2) - exp*cos(sin) - E*I\"\n";
  CHECK(error_of(symbols) == "ok");
  hamel::SystemFile f = hamel::read_system_file(hamel::Document::from_string(symbols, "s.yaml"));
  const auto nh = hamel::build_nonholonomic_system(hamel::read_nonholonomic(f));
  CHECK((nh.potential() - (f.Q.parameter("exp") * cos(f.Q[0]) + f.Q[1] * f.Q[2])).expand().is_zero());
}

TEST_CASE("System files: the names of the momenta pi1..pir and quasi-velocities v1..vr are refused where they are declared") {
  // D* has coordinates (q, pi1..pir); a Q name among them clashed later, in the chart of D*, without a position.
  CHECK(error_of("parameters: [pi1]\ncoordinates: [x, y]\nlagrangian: \"pi1/2*(x_dot^2 + y_dot^2)\"\n") ==
        "s.yaml:1:14: 'parameters': the name 'pi1' is reserved for a momentum on D∗ (pi1..pi2); expected another "
        "name, got 'pi1'");
  CHECK(error_of("coordinates: [x, pi2]\nlagrangian: \"1/2*(x_dot^2 + pi2_dot^2)\"\n").find("s.yaml:1:18: 'coordinates'") == 0);
  CHECK(error_of("coordinates: [x, y]\nfunctions: [\"pi1(x)\"]\nlagrangian: \"1/2*(x_dot^2 + y_dot^2)\"\n")
            .find("s.yaml:2:13: 'functions': the name 'pi1' is reserved") == 0);
  // so are the quasi-velocities' v1..vr (D's chart): a coordinate v1 failed as "Chart: duplicate name 'v1'"
  CHECK(error_of("coordinates: [x, v1]\nlagrangian: \"1/2*(x_dot^2 + v1_dot^2)\"\n") ==
        "s.yaml:1:18: 'coordinates': the name 'v1' is reserved for a quasi-velocity on D (v1..v2); expected another name, "
        "got 'v1'");
  CHECK(error_of("parameters: [v2]\ncoordinates: [x, y]\nlagrangian: \"v2/2*(x_dot^2 + y_dot^2)\"\n").find("s.yaml:1:14: 'parameters': the name 'v2' is reserved for a quasi-velocity") == 0);
  // a discrete system with a continuous L and D (quadrature) builds the continuous one too (its Heun
  // comparison): there the clash was "Chart: duplicate name 'v1'", without a position
  const std::string discrete = "parameters: [h]\ncoordinates: [x, y, v1]\ndiscrete:\n  step: h\n  quadrature: midpoint\n"
                               "  lagrangian: \"1/2*(x_dot^2 + y_dot^2 + v1_dot^2)\"\n  constraints: [\"v1_dot - y*x_dot\"]\n";
  std::string discrete_error = "ok";
  try {
    hamel::SystemFile f = hamel::read_system_file(hamel::Document::from_string(discrete, "s.yaml"));
    (void)hamel::read_discrete(f);
  } catch (const hamel::ParseError& e) {
    discrete_error = e.what();
  }
  CHECK(discrete_error == "s.yaml:2:21: 'coordinates': the name 'v1' is reserved for a quasi-velocity on D (v1..v2); expected "
                         "another name, got 'v1'");
  // rank 1 here (one constraint): pi2 is free (pi itself is the constant: refused below)
  CHECK(error_of("parameters: [pi2]\ncoordinates: [x, y]\nlagrangian: \"pi2/2*(x_dot^2 + y_dot^2)\"\n"
                 "constraints: [\"y_dot - x_dot\"]\n") == "ok");
}

}  // TEST_SUITE
