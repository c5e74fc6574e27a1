// io/modules/registry.cpp — the modules of `hamel`, in report order.  A new kind of system adds one
// line here and its own file in io/modules/.
#include "io/modules/nonholonomic.hpp"
#include "io/system_file.hpp"

namespace hamel {

const std::vector<std::unique_ptr<Module>>& modules() {
  static const std::vector<std::unique_ptr<Module>> all = [] {
    std::vector<std::unique_ptr<Module>> m;
    m.push_back(make_nonholonomic_module());
    return m;
  }();
  return all;
}

}  // namespace hamel
