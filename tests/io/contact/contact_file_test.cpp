// tests/io/contact/contact_file_test.cpp — the readers a contact system file makes (io/modules/contact/contact_file.hpp).
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "io/modules/contact/contact_file.hpp"
#include "io/system_file.hpp"

TEST_SUITE("io") {

TEST_CASE("Contact files: the reader of T∗Q × R refuses a velocity with the hint to use the momenta") {
  const hamel::SystemFile f = hamel::read_system_file(hamel::Document::from_string(
      "coordinates: [x]\nparameters: [gamma]\naction_dependent: true\nlagrangian: \"x_dot^2/2 - gamma*z\"\n", "s.yaml"));
  const hamel::ContactFile c = hamel::read_contact(f);
  std::string error;
  try {
    (void)c.dual.parse("x_dot + p_x", {"v.yaml", 3, 5});
  } catch (const hamel::ParseError& e) {
    error = e.what();
  }
  // it said "on T*Q x R"
  CHECK(error == "v.yaml:3:5: undeclared symbol 'x_dot'; expected a declared name, got 'x_dot' (on T∗Q × R use the momenta p_<coordinate>)");
}

}  // TEST_SUITE
