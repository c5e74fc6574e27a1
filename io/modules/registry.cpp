// io/modules/registry.cpp — the modules of `hamel`, in report order.  A new kind of system adds one
// line here and its own file in io/modules/.
#include "io/modules/contact/contact_module.hpp"
#include "io/modules/discrete/discrete_module.hpp"
#include "io/modules/hybrid/hybrid_module.hpp"
#include "io/modules/model_claims.hpp"
#include "io/modules/nonholonomic.hpp"
#include "core/did_you_mean.hpp"
#include "core/error.hpp"
#include "io/system_file.hpp"

#include <algorithm>

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

// A `latex:` name for an identifier the derivation does not have is a typo (a tester's `phii`): an error
// at its key, with a did-you-mean, as for every other key.
void check_latex_names(const SystemFile& f, const Derivation& d) {
  std::vector<std::string> names;
  for (const Symbol& s : d.symbols) names.push_back(s.name);
  for (const auto& [name, value] : f.definitions) names.push_back(name);
  // frame fields and generators are printed by their names too (X_roll^x, rolling^TQ[L] = 0)
  for (const char* key : {"frame", "symmetry"}) {
    const YAML::Node named = f.doc.root()[key];
    if (named && named.IsMap())
      for (auto it = named.begin(); it != named.end(); ++it) names.push_back(it->first.Scalar());
  }
  for (const auto& [k, v] : f.doc.mapping(f.doc.root()["latex"], "'latex'")) {
    const std::string n = k.Scalar();
    if (std::find(names.begin(), names.end(), n) != names.end()) continue;
    std::string msg = "'latex': '" + n + "' is not a name of the system; expected a coordinate, parameter, function, "
                      "momentum, variable, frame field or generator, got '" + n + "'";
    if (const auto m = did_you_mean(n, names)) msg += " (did you mean '" + *m + "'?)";
    f.doc.fail(k, msg);
  }
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
  check_latex_names(file, d);
  return d;
}

}  // namespace hamel
