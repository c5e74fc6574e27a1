// io/modules/contact/contact_module.hpp — the contact (Herglotz) module of `hamel derive | check |
// simulate`: applies to files with `action_dependent: true` (docs/contact.md).
#pragma once

#include <memory>

#include "io/system_file.hpp"

namespace hamel {

std::unique_ptr<Module> make_contact_module();

}  // namespace hamel
