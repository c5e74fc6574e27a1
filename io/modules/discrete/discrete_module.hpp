// io/modules/discrete/discrete_module.hpp — the discrete module of `hamel derive | check | simulate`
// (docs/discrete.md).
#pragma once

#include <memory>

#include "io/system_file.hpp"

namespace hamel {

std::unique_ptr<Module> make_discrete_module();

}  // namespace hamel
