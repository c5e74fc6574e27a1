// io/modules/registry.cpp — the modules of `hamel`, in report order.  A new kind of system adds one
// line here and its own file in io/modules/.
#include "io/modules/contact/contact_module.hpp"
#include "io/modules/discrete/discrete_module.hpp"
#include "io/modules/hybrid/hybrid_module.hpp"
#include "io/modules/model_claims.hpp"
#include "io/modules/nonholonomic.hpp"
#include "io/system_file.hpp"

namespace hamel {

const std::vector<std::unique_ptr<Module>>& modules() {
  static const std::vector<std::unique_ptr<Module>> all = [] {
    std::vector<std::unique_ptr<Module>> m;
    m.push_back(make_nonholonomic_module());
    m.push_back(make_hybrid_module());
    m.push_back(make_contact_module());
    m.push_back(make_discrete_module());
    m.push_back(make_model_claims_module());  // claims on the model of any of the above
    return m;
  }();
  return all;
}

}  // namespace hamel
