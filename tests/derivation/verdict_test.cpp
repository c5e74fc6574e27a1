// tests/derivation/verdict_test.cpp — an undecided zero test gives an undecided verdict (issue 17 §1):
// never yes, never a plain no, and every report (text, LaTeX, JSON, a `verdict` claim) says so.
#include <doctest/doctest.h>

#include <sstream>

#include "core/symbolic.hpp"
#include "derivation/claims/model.hpp"
#include "derivation/steps.hpp"
#include "geometry/chart.hpp"
#include "io/render/render.hpp"

namespace {

// sin(10^4000 x/3) needs more than 4000 digits to place its argument modulo 2π: the zero test can
// neither prove it zero nor find a ball without 0 (tests/core/zero_catalogue_test.cpp).
hamel::ZeroVerdict undecided_zero_test() {
  GiNaC::realsymbol x("x");
  hamel::ProbeSpace space;
  space.ranges = {{x, 0.5, 1.5}};
  return hamel::zero_test(sin(GiNaC::pow(GiNaC::ex(10), 4000) * x / 3), space);
}

}  // namespace

TEST_SUITE("derivation") {

TEST_CASE("Verdict: an undecided zero test is neither yes nor no, in every report and claim") {
  const hamel::ZeroVerdict z = undecided_zero_test();
  REQUIRE(z.undecided);
  hamel::Derivation d;
  d.name = "undecided";
  auto& s = d.add("checks", "Checks");
  // both directions: "is zero" and "is not zero" (a determinant) must stay undecided, not yes
  const hamel::Verdict zero = hamel::zero_verdict(s, "e.zero", "e vanishes", z);
  const hamel::Verdict nonzero = hamel::zero_verdict(s, "e.nonzero", "e does not vanish", z, false);
  for (const hamel::Verdict* v : {&zero, &nonzero}) {
    CHECK(v->undecided);
    CHECK_FALSE(v->holds);
    CHECK(v->failure());  // an outcome was expected and neither was shown
    CHECK(v->witness.empty());
  }
  const hamel::VerdictCount c = hamel::count_verdicts(d);
  CHECK(c.undecided == 2);
  CHECK(c.yes == 0);
  CHECK(c.no == 0);
  CHECK(c.failures == 2);

  std::ostringstream text;
  hamel::write_text(d, text);
  CHECK(text.str().find("[undecided] e vanishes") != std::string::npos);
  CHECK(text.str().find("[no ]") == std::string::npos);
  CHECK(text.str().find("2 checks: 0 yes, 0 no, 2 undecided") != std::string::npos);

  const nlohmann::json j = hamel::to_json(d);
  CHECK(j["checks"]["e.zero"]["holds"].is_null());
  CHECK(j["checks"]["e.zero"]["status"] == "undecided");
  CHECK(j["summary"]["undecided"] == 2);

  std::ostringstream latex;
  hamel::write_latex(d, latex);
  CHECK(latex.str().find("\\item[undecided]") != std::string::npos);

  // a `verdict` claim on it is UNDECIDED whichever outcome it claims
  hamel::ChartSpec spec;
  spec.name = "q";
  spec.coordinates = {"x"};
  const hamel::Chart chart(spec);
  for (const bool claimed : {true, false}) {
    hamel::ModelClaim claim;
    claim.kind = "verdict";
    claim.id = "e.zero";
    claim.holds = claimed;
    const hamel::ClaimResult r = hamel::check_model_claim(d, claim, chart);
    CHECK(r.undecided);
    CHECK_FALSE(r.holds);
  }
}

}  // TEST_SUITE
