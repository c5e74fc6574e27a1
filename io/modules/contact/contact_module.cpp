// io/modules/contact/contact_module.cpp
#include "io/modules/contact/contact_module.hpp"

#include "derivation/contact.hpp"
#include "io/modules/contact/contact_claims.hpp"
#include "io/modules/contact/contact_file.hpp"
#include "io/modules/contact/contact_run.hpp"

namespace hamel {

namespace {

class ContactModule : public Module {
 public:
  std::string name() const override { return "contact"; }
  std::vector<std::string> keys() const override {
    return {"action_dependent", "lagrangian", "constraints", "impulsive", "switching", "simulate"};
  }
  // `impulsive` or `switching` without `action_dependent: true` is an error of read_contact
  bool applies(const SystemFile& f) const override {
    const YAML::Node& root = f.doc.root();
    return is_action_dependent(f) || static_cast<bool>(root["impulsive"]) || static_cast<bool>(root["switching"]);
  }
  // reading stays here; the derivation proper is derivation/contact.cpp
  void derive(const SystemFile& f, Derivation& out, const DeriveOptions& options) const override {
    derive_contact(read_contact(f), out, options);
  }
  std::vector<std::string> claim_kinds() const override { return contact_claim_kinds(); }
  std::vector<ClaimResult> check(const SystemFile& f, const std::vector<Claim>& claims, const ClaimsContext& ctx) const override {
    // io reads the file and the claims, the derivation checks them
    const ContactFile file = read_contact(f);
    std::vector<ClaimResult> results = check_contact_claims(file, read_contact_claims(file, claims, ctx));
    name_results(results, claims);
    return results;
  }
  bool can_simulate(const SystemFile& f) const override { return static_cast<bool>(f.doc.root()["simulate"]); }
  int simulate(const SystemFile& f, const SimulateOptions& o, std::ostream& out) const override {
    return run_contact_simulation(f, read_contact(f), o, out);
  }
};

}  // namespace

std::unique_ptr<Module> make_contact_module() { return std::make_unique<ContactModule>(); }

}  // namespace hamel
