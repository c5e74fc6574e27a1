// fuzz/system_file_fuzz.cpp — libFuzzer target: any bytes as a system file, read as `hamel derive`
// reads and checks one: Document::from_string → read_system_file → the reader of each kind the file
// is (nonholonomic, with build_nonholonomic_system; hybrid; contact; discrete) (docs/fuzzing.md).
//
// The contract under test: the readers return or throw ParseError, InvalidArgument or DomainError;
// anything else — another exception, a sanitizer report, a leak, a hang — is a failure.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "derivation/nonholonomic.hpp"
#include "io/modules/contact/contact_file.hpp"
#include "io/modules/discrete/discrete_file.hpp"
#include "io/modules/hybrid/hybrid_file.hpp"
#include "io/modules/nonholonomic.hpp"
#include "io/system_file.hpp"
#include "io/yaml_document.hpp"

namespace {
// System files are small; larger inputs only slow the search down.
constexpr std::size_t kMaxInput = 4096;

void read_as(const std::string& kind, hamel::SystemFile& file) {
  if (kind == "nonholonomic") (void)hamel::build_nonholonomic_system(hamel::read_nonholonomic(file));
  if (kind == "hybrid") (void)hamel::read_hybrid(file);
  if (kind == "contact") (void)hamel::read_contact(file);
  if (kind == "discrete") (void)hamel::read_discrete(file);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return 0;
  static const unsigned serial = hamel::set_workers(1);  // no forks inside the fuzzer (core/parallel.hpp)
  (void)serial;
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    hamel::SystemFile file = hamel::read_system_file(hamel::Document::from_string(text, "fuzz.yaml"));
    for (const auto& m : hamel::modules())
      if (m->applies(file)) read_as(m->name(), file);
  } catch (const hamel::ParseError&) {
  } catch (const hamel::InvalidArgument&) {
  } catch (const hamel::DomainError&) {
  }
  return 0;
}
