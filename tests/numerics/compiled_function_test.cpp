// tests/numerics/compiled_function_test.cpp — compiled evaluators against GiNaC's own evaluation.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <random>

#include "core/abstract_function.hpp"
#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "numerics/compiled_function.hpp"
#include "tests/numerics/temp_dir.hpp"

using GiNaC::ex;
using GiNaC::numeric;
using GiNaC::realsymbol;

namespace {

struct Vars {
  realsymbol x{"x"}, y{"y"}, z{"z"};
  std::vector<ex> inputs() const { return {x, y, z}; }
};

// Expressions whose values are compared with GiNaC's at random points of (0.2, 0.9)³, where every
// function is defined and nothing cancels catastrophically.
std::vector<ex> catalogue(const Vars& v) {
  const ex x = v.x, y = v.y, z = v.z;
  return {
      sin(cos(x) * y) + tan(x / 3),
      sin(sin(sin(x + y))) * cos(x * sin(z)),
      (pow(x, 2) + y) / (1 + pow(z, 2)) - 1 / (x * y),
      (x - 2 * y + 3) / (x * x + y * z + 1) + 5 / (z + 2),
      pow(x, -3) + pow(y, 5) + 2 * pow(z, 7) * x,
      pow(x, numeric(3, 2)) + pow(y, numeric(-1, 2)) + pow(x, numeric(1, 3)) + pow(x, y),
      pow(x, 64) + pow(y, 70) + pow(z, -65),
      GiNaC::Pi * x + exp(-x * y) + log(1 + pow(z, 2)) + GiNaC::Euler,
      atan(x) + asin(x / 2) + acos(y / 2) + atan2(y, x - 1),
      sinh(x) * cosh(y) - tanh(z) + abs(x - y),
      sqrt(1 + pow(sin(x), 2)) * cos(z) - pow(cos(y + z), 3),
      -x,
      numeric(3, 7),
      GiNaC::Pi,
  };
}

double relative_error(double got, double want) {
  return std::fabs(got - want) / std::max(std::fabs(want), 1e-300);
}

// Max relative error of f against GiNaC evaluated with 30 digits, over `points` random points.
double max_error(const hamel::CompiledFunction& f, const std::vector<ex>& exprs, const Vars& v, int points) {
  std::mt19937 rng(20261203u);
  std::uniform_real_distribution<double> u(0.2, 0.9);
  double worst = 0;
  std::vector<double> out(exprs.size());
  for (int p = 0; p < points; ++p) {
    const double in[3] = {u(rng), u(rng), u(rng)};
    f(in, out.data());
    const GiNaC::exmap at = {{v.x, numeric(in[0])}, {v.y, numeric(in[1])}, {v.z, numeric(in[2])}};
    for (std::size_t i = 0; i < exprs.size(); ++i) {
      const double want = GiNaC::ex_to<numeric>(hamel::evaluate(exprs[i], at, 30)).to_double();
      const double e = relative_error(out[i], want);
      INFO("expression " << exprs[i] << " at (" << in[0] << ", " << in[1] << ", " << in[2] << ")");
      CHECK(e <= 1e-13);
      worst = std::max(worst, e);
    }
  }
  return worst;
}

bool native_available() {
  return !hamel::detail::find_c_compiler("").empty();
}

}  // namespace

TEST_SUITE("numerics") {

TEST_CASE("compile: bytecode agrees with GiNaC evaluation to 1e-13 on the catalogue") {
  Vars v;
  const auto exprs = catalogue(v);
  hamel::CompileOptions o;
  o.backend = hamel::Backend::Bytecode;
  const auto f = hamel::compile(exprs, v.inputs(), {}, o);
  CHECK(f.backend() == hamel::Backend::Bytecode);
  CHECK(f.inputs() == 3);
  CHECK(f.outputs() == exprs.size());
  const double worst = max_error(f, exprs, v, 50);
  MESSAGE("bytecode: max relative error " << worst);
}

TEST_CASE("compile: native C agrees with GiNaC evaluation to 1e-13 on the catalogue") {
  if (!native_available()) {
    MESSAGE("skipped: no C compiler on this machine");
    return;
  }
  Vars v;
  const auto exprs = catalogue(v);
  hamel::CompileOptions o;
  o.backend = hamel::Backend::NativeC;
  const auto f = hamel::compile(exprs, v.inputs(), {}, o);
  REQUIRE(f.backend() == hamel::Backend::NativeC);
  CHECK(f.note().find("native C") != std::string::npos);
  const double worst = max_error(f, exprs, v, 50);
  MESSAGE("native C: max relative error " << worst);
}

TEST_CASE("compile: the two back ends agree to rounding") {
  if (!native_available()) return;
  Vars v;
  const auto exprs = catalogue(v);
  hamel::CompileOptions b, n;
  b.backend = hamel::Backend::Bytecode;
  n.backend = hamel::Backend::NativeC;
  const auto fb = hamel::compile(exprs, v.inputs(), {}, b), fn = hamel::compile(exprs, v.inputs(), {}, n);
  const std::vector<double> in = {0.3, 0.7, 0.55};
  const auto ob = fb(in), on = fn(in);
  for (std::size_t i = 0; i < exprs.size(); ++i) CHECK(relative_error(on[i], ob[i]) <= 1e-15);
}

TEST_CASE("compile: common subexpressions are computed once") {
  Vars v;
  const ex s = sin(v.x);
  hamel::CompileOptions o;
  o.backend = hamel::Backend::Bytecode;
  SUBCASE("sin(x)^2 + sin(x)^3: one sin, two products, one sum") {
    const auto f = hamel::compile({pow(s, 2) + pow(s, 3)}, {v.x}, {}, o);
    CHECK(f.program().count(hamel::Op::Sin) == 1);
    CHECK(f.program().count(hamel::Op::Mul) == 2);
    CHECK(f.program().code.size() == 4);
    const double x = 0.7;
    CHECK(f(std::vector<double>{x})[0] == doctest::Approx(std::pow(std::sin(x), 2) + std::pow(std::sin(x), 3)).epsilon(1e-15));
  }
  SUBCASE("shared across outputs") {
    const auto f = hamel::compile({s * v.y, s * v.z, cos(v.x) + s * v.y}, v.inputs(), {}, o);
    CHECK(f.program().count(hamel::Op::Sin) == 1);
    CHECK(f.program().count(hamel::Op::Cos) == 1);
    CHECK(f.program().count(hamel::Op::Mul) == 2);  // s·y once for outputs 0 and 2
  }
  SUBCASE("integer powers by squaring: x^8 is three products, x^-8 one more division") {
    CHECK(hamel::compile({pow(v.x, 8)}, {v.x}, {}, o).program().count(hamel::Op::Mul) == 3);
    const auto f = hamel::compile({pow(v.x, -8) + pow(v.x, 4)}, {v.x}, {}, o);
    CHECK(f.program().count(hamel::Op::Mul) == 3);
    CHECK(f.program().count(hamel::Op::Div) == 1);
    CHECK(f.program().count(hamel::Op::Pow) == 0);
  }
  SUBCASE("a difference is one subtraction") {
    const auto f = hamel::compile({v.x - v.y}, v.inputs(), {}, o);
    CHECK(f.program().code.size() == 1);
    CHECK(f.program().count(hamel::Op::Sub) == 1);
  }
}

TEST_CASE("compile: constants are substituted before compiling") {
  Vars v;
  realsymbol m("m"), g("g");
  const auto f = hamel::compile({m * g * v.x, sqrt(g / m)}, {v.x}, {{m, 2}, {g, numeric(981, 100)}});
  const auto out = f(std::vector<double>{0.5});
  CHECK(out[0] == doctest::Approx(2 * 9.81 * 0.5).epsilon(1e-15));
  CHECK(out[1] == doctest::Approx(std::sqrt(9.81 / 2)).epsilon(1e-15));
  CHECK_THROWS_WITH_AS(hamel::compile({m * v.x}, {v.x}, {{m, v.y}}),
                       doctest::Contains("compile: the constant m has no real value; expected a real number, got y"),
                       hamel::InvalidArgument);
  CHECK_THROWS_WITH_AS(hamel::compile({m * v.x}, {v.x, m}, {{m, 1}}),
                       doctest::Contains("a symbol is both an input and a constant"), hamel::InvalidArgument);
}

TEST_CASE("compile: unknown symbols, abstract functions and bad inputs are named in the error") {
  Vars v;
  realsymbol m("m");
  CHECK_THROWS_WITH_AS(hamel::compile({v.x, v.x + m}, {v.x}),
                       doctest::Contains("compile: output 1 contains the symbol 'm', which is neither an input "
                                         "nor a constant; expected an expression of the inputs (x), got m"),
                       hamel::InvalidArgument);
  realsymbol other_x("x");
  CHECK_THROWS_WITH_AS(hamel::compile({other_x}, {v.x}), doctest::Contains("same name but is another symbol"),
                       hamel::InvalidArgument);
  const hamel::AbstractFunction f1("f1", 1);
  CHECK_THROWS_WITH_AS(hamel::compile({v.x * f1(v.x)}, {v.x}),
                       doctest::Contains("contains the abstract function f1(x)"), hamel::InvalidArgument);
  CHECK_THROWS_WITH_AS(hamel::compile({f1(v.x).diff(v.x)}, {v.x}),
                       doctest::Contains("abstract function"), hamel::InvalidArgument);
  CHECK_THROWS_WITH_AS(hamel::compile({v.x}, {v.x + 1}),
                       doctest::Contains("compile: input 0 is not a symbol; expected a symbol, got x + 1"),
                       hamel::InvalidArgument);
  CHECK_THROWS_WITH_AS(hamel::compile({v.x}, {v.x, v.x}), doctest::Contains("input 1 is repeated"),
                       hamel::InvalidArgument);
  CHECK_THROWS_WITH_AS(hamel::compile({zeta(v.x)}, {v.x}),
                       doctest::Contains("compile: function 'zeta' has no numeric kernel"), hamel::NotImplemented);
  CHECK_THROWS_WITH_AS(hamel::compile({v.x + GiNaC::I}, {v.x}), doctest::Contains("complex"),
                       hamel::InvalidArgument);
  hamel::CompiledFunction f;  // empty until assigned
  CHECK(f.inputs() == 0);
  CHECK(f.outputs() == 0);
  f = hamel::compile({v.x}, {v.x});
  CHECK_THROWS_WITH_AS(f(std::vector<double>{1, 2}),
                       doctest::Contains("CompiledFunction: wrong number of inputs; expected 1, got 2"),
                       hamel::InvalidArgument);
}

TEST_CASE("compile: Eigen vectors and the Jacobian") {
  Vars v;
  const ex x = v.x, y = v.y;
  const std::vector<ex> f = {x * x * y, sin(x * y)};
  const auto J = hamel::compile_jacobian(f, {x, y});
  REQUIRE(J.outputs() == 4);
  Eigen::VectorXd p(2);
  p << 0.3, -1.2;
  const Eigen::VectorXd j = J(p);
  const double a = p[0], b = p[1];
  CHECK(j[0] == doctest::Approx(2 * a * b).epsilon(1e-15));
  CHECK(j[1] == doctest::Approx(a * a).epsilon(1e-15));
  CHECK(j[2] == doctest::Approx(b * std::cos(a * b)).epsilon(1e-15));
  CHECK(j[3] == doctest::Approx(a * std::cos(a * b)).epsilon(1e-15));
  // and against a central difference quotient of the compiled function itself
  const auto F = hamel::compile(f, {x, y});
  const double h = 1e-6;
  Eigen::VectorXd e0(2), e1(2);
  e0 << h, 0;
  e1 << 0, h;
  const Eigen::VectorXd d0 = (F(p + e0) - F(p - e0)) / (2 * h), d1 = (F(p + e1) - F(p - e1)) / (2 * h);
  CHECK(j[0] == doctest::Approx(d0[0]).epsilon(1e-8));
  CHECK(j[2] == doctest::Approx(d0[1]).epsilon(1e-8));
  CHECK(j[1] == doctest::Approx(d1[0]).epsilon(1e-8));
  CHECK(j[3] == doctest::Approx(d1[1]).epsilon(1e-8));
}

TEST_CASE("compile: the native back end falls back to bytecode with a note, or fails when required") {
  Vars v;
  hamel::CompileOptions o;
  o.compiler = "/nonexistent/cc";
  o.quiet = true;
  const auto f = hamel::compile({v.x * 2}, {v.x}, {}, o);
  CHECK(f.backend() == hamel::Backend::Bytecode);
  CHECK(f.note() == "native C unavailable (C compiler '/nonexistent/cc' not found); using the bytecode interpreter");
  CHECK(f(std::vector<double>{1.5})[0] == 3.0);
  o.backend = hamel::Backend::NativeC;
  CHECK_THROWS_WITH_AS(hamel::compile({v.x}, {v.x}, {}, o),
                       doctest::Contains("compile: the native back end is unavailable; expected a working C "
                                         "compiler and cache, got C compiler '/nonexistent/cc' not found"),
                       hamel::NotImplemented);
  hamel::test::TempDir dir;
  hamel::CompileOptions failing;
  failing.compiler = "/bin/false";  // exists, always fails
  failing.cache_dir = dir.path();
  failing.quiet = true;
  const auto g = hamel::compile({v.x + 1}, {v.x}, {}, failing);
  CHECK(g.backend() == hamel::Backend::Bytecode);
  CHECK(g.note().find("/bin/false failed (status 1)") != std::string::npos);
}

TEST_CASE("compile: native code is cached by source, and a damaged entry is rebuilt") {
  if (!native_available()) return;
  Vars v;
  hamel::test::TempDir dir;
  hamel::CompileOptions o;
  o.backend = hamel::Backend::NativeC;
  o.cache_dir = dir.path();
  const std::vector<ex> e = {sin(v.x) * v.y + 1};
  std::string library;
  {
    const auto first = hamel::compile(e, v.inputs(), {}, o);
    CHECK(first.note().find("compiled in") != std::string::npos);
    library = first.note().substr(std::string("native C: ").size());
    library = library.substr(0, library.find(' '));
    const auto again = hamel::compile(e, v.inputs(), {}, o);
    CHECK(again.note().find("(cached)") != std::string::npos);
    // another expression is another entry
    CHECK(hamel::compile({cos(v.x)}, v.inputs(), {}, o).note().find("compiled in") != std::string::npos);
  }
  REQUIRE(library.size() > 3);
  CHECK(hamel::test::read_text(library.substr(0, library.size() - 3) + ".c").find("sin(r0)") != std::string::npos);
  { std::ofstream(library, std::ios::trunc) << "not a shared object"; }
  const auto rebuilt = hamel::compile(e, v.inputs(), {}, o);
  CHECK(rebuilt.note().find("compiled in") != std::string::npos);
  CHECK(rebuilt(std::vector<double>{0.5, 2, 0})[0] == doctest::Approx(std::sin(0.5) * 2 + 1).epsilon(1e-15));
}

TEST_CASE("compile: a shared cache directory is refused") {
  if (!native_available()) return;
  Vars v;
  hamel::CompileOptions o;
  o.cache_dir = "/tmp";  // world-writable
  o.quiet = true;
  const auto f = hamel::compile({v.x}, {v.x}, {}, o);
  CHECK(f.backend() == hamel::Backend::Bytecode);
  CHECK(f.note().find("is not private") != std::string::npos);
}

}  // TEST_SUITE
