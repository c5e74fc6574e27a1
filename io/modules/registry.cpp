// io/modules/registry.cpp — the modules of `hamel`, in report order.  A new kind of system adds one
// line here and its own file in io/modules/.
#include "io/modules/contact/contact_module.hpp"
#include "io/modules/discrete/discrete_module.hpp"
#include "io/modules/hybrid/hybrid_module.hpp"
#include "io/modules/model_claims.hpp"
#include "io/modules/nonholonomic.hpp"
#include "core/error.hpp"
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

namespace {

// The derivation's header: the system's names, and the symbols every kind of system shares.
Derivation start_derivation(const SystemFile& f) {
  Derivation d;
  d.name = f.name;
  d.description = f.description;
  d.latex_names = f.latex;
  for (std::size_t i = 0; i < f.Q.dim(); ++i) d.declare(f.Q.coordinate_name(i), SymbolKind::Coordinate);
  for (std::size_t i = 0; i < f.Q.dim(); ++i) d.declare(f.Q.coordinate_name(i) + "_dot", SymbolKind::Velocity);
  for (const auto& p : f.Q.parameter_specs()) d.declare(p.name, SymbolKind::Parameter);
  for (const auto& fs : f.Q.function_specs()) d.declare(fs.name, SymbolKind::Function);
  return d;
}

}  // namespace

Derivation derive_system(const SystemFile& file, const DeriveOptions& options) {
  Derivation d = start_derivation(file);
  bool any = false;
  for (const auto& m : modules())
    if (m->applies(file)) {
      m->derive(file, d, options);
      any = true;
    }
  if (!any) throw InvalidArgument("'" + file.doc.file() + "' describes no system Hamel can derive (no 'lagrangian' or other system key)");
  return d;
}

}  // namespace hamel
