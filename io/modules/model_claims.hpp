// io/modules/model_claims.hpp — the claim kinds `entry` and `verdict`, checked against the derivation
// model of any kind of system (docs/system-files.md).
#pragma once

#include <memory>

#include "io/system_file.hpp"

namespace hamel {

std::unique_ptr<Module> make_model_claims_module();

}  // namespace hamel
