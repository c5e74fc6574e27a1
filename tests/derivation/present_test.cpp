// tests/derivation/present_test.cpp — present(): display forms, and recurring denominators named once
// (issue 16 §3: the K of 004 (6.7)); the names are for text and LaTeX only, the values stay written out.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "core/abstract_function.hpp"
#include "core/latex.hpp"
#include "core/monomial_multiple.hpp"
#include "core/parallel.hpp"
#include "tests/support/workers.hpp"
#include "core/symbolic.hpp"
#include "derivation/present.hpp"

namespace {

struct Sphere {  // the symbols of the Chaplygin sphere (004 §6)
  GiNaC::realsymbol th{"theta"}, I1{"I1"}, I3{"I3"}, m{"m"}, R{"R"}, p1{"pi1"}, p3{"pi3"};
  GiNaC::ex s = sin(th), c = cos(th);
  // K(θ) of 004 (6.7), as the canonical form writes it (expanded, cos² = 1 − sin²), and −K
  GiNaC::ex K = (I1 * I3 + m * R * R * (I3 + (I1 - I3) * s * s)).expand();
};

hamel::Derivation with_entries(const std::vector<GiNaC::ex>& values) {
  hamel::Derivation d;
  d.declare("m", hamel::SymbolKind::Parameter);
  auto& o = d.add("s", "section").object("o", hamel::ObjectKind::Family, "entries");
  for (std::size_t i = 0; i < values.size(); ++i) o.add({std::to_string(i)}, hamel::Label::symbol("e" + std::to_string(i)), values[i]);
  return d;
}

// Entries over K(θ) of the sphere with numerators of growing degree: enough work for a worker.
std::vector<GiNaC::ex> sphere_entries(const Sphere& S) {
  std::vector<GiNaC::ex> out;
  for (int k = 1; k <= 8; ++k)
    out.push_back((S.I3 * pow(S.c, k) + S.m * S.R * S.R * pow(S.s, k + 1) * S.c - k * S.I1) / (S.K * pow(S.s, k % 3)));
  return out;
}

}  // namespace

TEST_SUITE("derivation") {

TEST_CASE("present: the forms a worker finds ahead, during the derivation, are those found at the end") {
  Sphere S;
  const std::vector<GiNaC::ex> values = sphere_entries(S);
  std::size_t nodes = 0;
  for (const GiNaC::ex& v : values) nodes += hamel::tree_size(v, 100000);
  REQUIRE(nodes >= 400);  // worth a worker (present.cpp kAheadWorthyNodes)
  hamel::Derivation alone = with_entries(values);
  {
    const hamel::test::Workers one(1);
    hamel::present(alone);
  }
  const hamel::test::Workers two(2);
  hamel::Derivation d = with_entries(values);
  hamel::DisplayAhead ahead;
  ahead.offer(d);
  for (const GiNaC::ex& v : values) CHECK(ahead.pending(v));
  hamel::present(d, ahead);
  const auto& mine = alone.sections[0].objects[0].entries;
  const auto& theirs = d.sections[0].objects[0].entries;
  REQUIRE(mine.size() == theirs.size());
  for (std::size_t i = 0; i < mine.size(); ++i) CHECK(hamel::to_text(theirs[i].value) == hamel::to_text(mine[i].value));
  REQUIRE(d.abbreviations.size() == alone.abbreviations.size());
  CHECK(d.abbreviations[0].name == "K");
}

TEST_CASE("present: a form found ahead is dropped where a later section makes a symbol of it a momentum") {
  Sphere S;
  std::vector<GiNaC::ex> values = sphere_entries(S);
  const GiNaC::ex with_pi = (S.p1 * S.p1 * S.I3 + S.p1 * S.m * S.R * S.R * S.c + S.I1 * S.p1 * S.s) / S.K;
  values.push_back(with_pi);
  const hamel::test::Workers two(2);
  hamel::Derivation d = with_entries(values);
  hamel::DisplayAhead ahead;
  ahead.offer(d);
  d.declare("pi1", hamel::SymbolKind::Momentum);  // declared after the worker began: its forms collect in it
  ahead.take(d, true);
  CHECK(d.displayed.count(values.front()) == 1);
  CHECK(d.displayed.count(with_pi) == 0);  // found without collecting in pi1: present() finds it again
}

TEST_CASE("present: a denominator shared by three entries is named K once, with its sign, the values stay") {
  Sphere S;
  // G^13, C_12^1 and {pi1, pi2}-like entries over K, one of them written over −K
  const std::vector<GiNaC::ex> values{S.I3 * S.c / (S.K * S.s * S.s), S.m * S.R * S.R * S.c / (S.K * S.s),
                                      S.p1 * S.m / (-S.K).expand(), S.p3 / (S.I1 + S.m)};
  hamel::Derivation d = with_entries(values);
  hamel::present(d);
  REQUIRE(d.abbreviations.size() == 1);
  const hamel::Abbreviation& a = d.abbreviations[0];
  CHECK(a.name == "K");
  CHECK(hamel::to_text(a.value) == "I1*I3 + m*R^2*(I3 + (I1 - I3)*sin(theta)^2)");
  CHECK(hamel::zero_test(a.value - S.K).zero);
  const auto& entries = d.sections[0].objects[0].entries;
  // the model keeps every value written out (JSON and claims read it), equal to the input
  for (std::size_t i = 0; i < values.size(); ++i) {
    CHECK_FALSE(hamel::to_text(entries[i].value).find('K') != std::string::npos);
    CHECK(hamel::zero_test(entries[i].value - values[i]).zero);
  }
  // text and LaTeX write them with K; −K keeps its sign
  CHECK(hamel::to_text(d.abbreviated(entries[0].value)) == "I3*cos(theta)/(K*sin(theta)^2)");
  CHECK(hamel::to_text(d.abbreviated(entries[2].value)) == "-m*pi1/K");
  CHECK(hamel::to_text(d.abbreviated(entries[3].value)) == "pi3/(I1 + m)");  // short: not named
}

TEST_CASE("present: a named K is also written where it is a whole value or a factor, with its sign") {
  Sphere S;
  // three entries over K; a metric entry −K (expanded), a numerator K·π1 and a value 2K + m (not K)
  const std::vector<GiNaC::ex> values{S.c / S.K, S.s / S.K, S.m / S.K, (-S.K).expand(), S.K.expand() * S.p1 / S.m,
                                      2 * S.K.expand() + S.m};
  hamel::Derivation d = with_entries(values);
  hamel::present(d);
  REQUIRE(d.abbreviations.size() == 1);
  const auto& entries = d.sections[0].objects[0].entries;
  CHECK(hamel::to_text(d.abbreviated(entries[3].value)) == "-K");
  CHECK(hamel::to_text(d.abbreviated(entries[4].value)) == "K*pi1/m");
  CHECK(hamel::to_text(d.abbreviated(entries[5].value)).find('K') == std::string::npos);
  for (std::size_t i = 0; i < values.size(); ++i) CHECK(hamel::zero_test(entries[i].value - values[i]).zero);
}

// A kinetic energy whose coefficient of a velocity's square is the named K (π2 = K v2), as the display
// pass shapes it: the coefficient is found in a term (v2² (…)/2) and written K. Terms that share v2² and
// sum to K are collected first: tests/cli/characteristic_cli_test.cpp, the two trailers' H_c.
TEST_CASE("present: the coefficient of a velocity's square that is a named K is written K") {
  Sphere S;
  const GiNaC::realsymbol J0("J0"), v1("v1"), v2("v2");
  const GiNaC::ex A = S.I1 * S.I3 + S.m * S.R * S.R * S.I3, B = S.m * S.R * S.R * (S.I1 - S.I3) * S.s * S.s;  // A + B = K
  const GiNaC::ex H = J0 * v1 * v1 / 2 + v2 * v2 * A / 2 + v2 * v2 * B / 2;
  hamel::Derivation d = with_entries({S.c / S.K, S.s / S.K, S.m / S.K, H});
  d.declare("v1", hamel::SymbolKind::Velocity);
  d.declare("v2", hamel::SymbolKind::Velocity);
  hamel::present(d);
  REQUIRE(d.abbreviations.size() == 1);
  const auto& entries = d.sections[0].objects[0].entries;
  CHECK(hamel::to_text(d.abbreviated(entries[3].value)) == "J0*v1^2/2 + K*v2^2/2");
  CHECK(hamel::zero_test(entries[3].value - H).zero);
}

// A denominator that is a multiple of another, a monomial times it (a trailer's d/dt p1 over J0 K2, a
// sleigh's reduced H_c over m2 K3): the same K, written with its factor. Before, J0 K was written out
// and, where every form was such a multiple, named apart from K.
TEST_CASE("present: a denominator that is a monomial times a named one is written as that multiple of K") {
  Sphere S;
  const GiNaC::realsymbol J0("J0");
  const GiNaC::ex JK = (J0 * S.K).expand(), mK = (-2 * S.m * S.K).expand();
  const std::vector<GiNaC::ex> values{S.c / S.K, S.s / JK, S.p1 / mK, S.p3 / JK};
  hamel::Derivation d = with_entries(values);
  hamel::present(d);
  REQUIRE(d.abbreviations.size() == 1);
  CHECK(hamel::zero_test(d.abbreviations[0].value - S.K).zero);
  const auto& entries = d.sections[0].objects[0].entries;
  CHECK(hamel::to_text(d.abbreviated(entries[1].value)) == "sin(theta)/(J0*K)");
  CHECK(hamel::to_text(d.abbreviated(entries[2].value)) == "-pi1/(2*K*m)");
  for (std::size_t i = 0; i < values.size(); ++i) CHECK(hamel::zero_test(entries[i].value - values[i]).zero);
  // only multiples: K is the primitive part, shown in its display form, each entry with its factor
  hamel::Derivation multiples = with_entries({S.c / JK, S.s / JK, S.m / mK});
  hamel::present(multiples);
  REQUIRE(multiples.abbreviations.size() == 1);
  CHECK(hamel::zero_test(multiples.abbreviations[0].value - S.K).zero);
  // 004 (6.7) writes K in sin²θ; the same size in cos²θ is not preferred (docs/display.md)
  CHECK(hamel::to_text(multiples.abbreviations[0].value) == "I1*I3 + m*R^2*(I3 + (I1 - I3)*sin(theta)^2)");
  CHECK(hamel::to_text(multiples.abbreviated(multiples.sections[0].objects[0].entries[0].value)) == "cos(theta)/(J0*K)");
}

TEST_CASE("present: no name for a denominator of two entries, nor a name the system already uses") {
  Sphere S;
  hamel::Derivation two = with_entries({S.c / S.K, S.s / S.K});
  hamel::present(two);
  CHECK(two.abbreviations.empty());
  hamel::Derivation taken = with_entries({S.c / S.K, S.s / S.K, S.m / S.K});
  taken.declare("K", hamel::SymbolKind::Parameter);
  hamel::present(taken);
  REQUIRE(taken.abbreviations.size() == 1);
  // the system's K: the denominator is Q (K1 read as a relative of the parameter K), and Z after Q
  CHECK(taken.abbreviations[0].name == "Q");
  hamel::Derivation both = with_entries({S.c / S.K, S.s / S.K, S.m / S.K});
  both.declare("K", hamel::SymbolKind::Parameter);
  both.declare("Q1", hamel::SymbolKind::Variable);
  hamel::present(both);
  REQUIRE(both.abbreviations.size() == 1);
  CHECK(both.abbreviations[0].name == "Z");
}

TEST_CASE("present: the key of a denominator is the same for K, −2K and m·K, with the factor against it") {
  Sphere S;
  const auto K = hamel::detail::canonical_key(S.K), minus_2K = hamel::detail::canonical_key((-2 * S.K).expand()),
             mK = hamel::detail::canonical_key((S.m * S.K).expand());
  CHECK(minus_2K.first == K.first);
  CHECK(mK.first == K.first);
  CHECK((minus_2K.second / K.second).is_equal(-2));
  CHECK((mK.second / K.second).is_equal(S.m));
  // the key is the text of P or of −P (P the canonical form), whichever sorts first: −P here is not
  // simplified again, so compare with what simplify gives
  const std::string plus = hamel::to_text(hamel::simplify(S.K)), minus = hamel::to_text(hamel::simplify(-hamel::simplify(S.K)));
  CHECK(K.first == std::min(plus, minus));
  CHECK(K.second.is_equal(plus <= minus ? 1 : -1));
  // a fraction (not a sum: its −P is simplified) is keyed up to its sign only
  const GiNaC::ex F = 1 + S.I1 / (S.m * S.R * S.R);
  const auto frac = hamel::detail::canonical_key(F), minus_frac = hamel::detail::canonical_key(-F);
  CHECK(frac.first == "(I1 + m*R^2)/(m*R^2)");
  CHECK(minus_frac.first == frac.first);
  CHECK((minus_frac.second / frac.second).is_equal(-1));
}

// The filter before the canonical key (name_other_forms): a multiple of K by a number and a monomial,
// written otherwise (cos² for 1 − sin²), may be a form of K; K + m, (1 + m) K and K with a sine for a
// cosine are not. Abstract functions count as functions of their argument.
TEST_CASE("present: may_be_monomial_multiple lets through m·K written in cosines and nothing that is not a multiple") {
  Sphere S;
  const auto may_be_multiple = [](const GiNaC::ex& b, const GiNaC::ex& v) {
    GiNaC::exset symbols;
    hamel::collect_symbols(b, symbols);
    return hamel::may_be_monomial_multiple(hamel::symbol_profile(b, symbols), hamel::symbol_profile(v, symbols));
  };
  const GiNaC::ex minus_2mK = -2 * S.m * (S.I1 * S.I3 + S.m * S.R * S.R * (S.I1 + (S.I3 - S.I1) * S.c * S.c));
  CHECK(may_be_multiple(minus_2mK, S.K));
  for (const GiNaC::ex& b : {S.K + S.m, ((1 + S.m) * S.K).expand(), S.K.subs(S.s == S.c)})
    CHECK_FALSE(may_be_multiple(b, S.K));
  const hamel::AbstractFunction f("f_present_test", 1);
  const GiNaC::ex v = S.I1 + S.m * pow(f(S.th), 2), w = (3 * S.R * S.R * v).expand();
  CHECK(may_be_multiple(w, v));
  const GiNaC::ex w2 = w + f(S.th).diff(S.th);
  CHECK_FALSE(may_be_multiple(w2, v));
}

}  // TEST_SUITE
