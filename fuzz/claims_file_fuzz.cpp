// fuzz/claims_file_fuzz.cpp — libFuzzer target: any bytes as a claims file for one fixed system of
// each kind, read as `hamel check` reads it (read_claims_file, then each kind's claim reader, which
// parses every claim's body and its expressions), without deriving (docs/fuzzing.md).
//
// The contract: the readers return or throw ParseError, InvalidArgument or DomainError.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "io/claims_file.hpp"
#include "io/modules/nonholonomic.hpp"
#include "io/system_file.hpp"
#include "io/yaml_document.hpp"

namespace {
constexpr std::size_t kMaxInput = 4096;

// The nonholonomic particle (examples/nonholonomic_particle.yaml) with variables, so that claims on
// D* and on the reduced space can both be read.
const char* const kSystem = R"yaml(parameters: [m]
coordinates: [x, y, z]
lagrangian: "m/2*(x_dot^2 + y_dot^2 + z_dot^2)"
constraints: ["z_dot - y*x_dot"]
frame:
  Z1: {x: "1/sqrt(1 + y^2)", z: "y/sqrt(1 + y^2)"}
  Y2: {y: 1}
symmetry:
  translation_x: {x: 1}
  translation_z: {z: 1}
variables: {u: y, p: pi1, q: pi2}
)yaml";

struct Fixed {
  hamel::SystemFile file = hamel::read_system_file(hamel::Document::from_string(kSystem, "system.yaml"));
  hamel::NonholonomicFile input = hamel::read_nonholonomic(file);
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return 0;
  static const unsigned serial = hamel::set_workers(1);  // no forks inside the fuzzer (core/parallel.hpp)
  (void)serial;
  static const std::unique_ptr<Fixed> fixed = std::make_unique<Fixed>();
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const hamel::Document doc = hamel::Document::from_string(text, "fuzz.claims.yaml");
    const hamel::ClaimsFile claims = hamel::read_claims_file(doc, fixed->file);
    std::vector<hamel::Claim> mine;
    for (std::size_t i = 0; i < claims.claims.size(); ++i)
      if (claims.owners[i]->name() == "nonholonomic") mine.push_back(claims.claims[i]);
    (void)hamel::read_nonholonomic_claims(fixed->input, mine, claims.context);
  } catch (const hamel::ParseError&) {
  } catch (const hamel::InvalidArgument&) {
  } catch (const hamel::DomainError&) {
  }
  return 0;
}
