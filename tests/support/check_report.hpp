// tests/support/check_report.hpp — `hamel check SYSTEM CLAIMS --json` on texts written for a test.
#pragma once

#include <string>

#include "tests/support/cli_run.hpp"
#include "tests/support/derivation_json.hpp"
#include "tests/support/temp_file.hpp"

namespace hamel::test {

struct CheckReport {
  Run run;
  nlohmann::json json;
};

/// Writes the system and claims files, runs the check with --json and reads the report.
inline CheckReport check_with_json(const std::string& system, const std::string& claims) {
  TempFile sys(system, ".yaml"), cl(claims, ".claims.yaml"), out("", ".json");
  CheckReport r{run({"check", sys.path(), cl.path(), "--json", out.path()}), {}};
  r.json = read_json(out.path());
  return r;
}

}  // namespace hamel::test
