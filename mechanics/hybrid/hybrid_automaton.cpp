// mechanics/hybrid/hybrid_automaton.cpp
#include "mechanics/hybrid/hybrid_automaton.hpp"

#include "core/error.hpp"

namespace hamel {

HybridAutomaton::HybridAutomaton(const HybridAutomaton& other) { *this = other; }

HybridAutomaton& HybridAutomaton::operator=(const HybridAutomaton& other) {
  if (this == &other) return *this;
  auto g = std::make_unique<HybridGraph>();
  const HybridGraph& o = *other.graph_;
  // properties are assigned after insertion: add_vertex(property, g) trips the same GCC analysis
  for (auto v : boost::make_iterator_range(boost::vertices(o))) (*g)[boost::add_vertex(*g)] = o[v];
  for (auto v : boost::make_iterator_range(boost::vertices(o)))
    for (auto e : boost::make_iterator_range(boost::out_edges(v, o))) (*g)[boost::add_edge(v, boost::target(e, o), *g).first] = o[e];
  graph_ = std::move(g);
  return *this;
}

DomainId HybridAutomaton::add_domain(const std::string& name, ForcedLagrangianSystem system) {
  const char* fn = "HybridAutomaton::add_domain";
  for (auto v : boost::make_iterator_range(boost::vertices(*graph_))) {
    if ((*graph_)[v].name == name)
      throw InvalidArgument(detail::message(fn, "duplicate domain name", "a new name", name));
    if ((*graph_)[v].system->chart() != system.chart())
      throw InvalidArgument(detail::message(fn, "domains must share the configuration chart",
                                            (*graph_)[v].system->chart().describe(), system.chart().describe()));
  }
  const DomainId v = boost::add_vertex(*graph_);
  (*graph_)[v] = Domain{name, std::make_shared<const ForcedLagrangianSystem>(std::move(system))};
  return v;
}

TransitionId HybridAutomaton::add_transition(DomainId from, DomainId to, SwitchingComponent guard) {
  const char* fn = "HybridAutomaton::add_transition";
  if (from >= boost::num_vertices(*graph_) || to >= boost::num_vertices(*graph_))
    throw InvalidArgument(detail::message(fn, "unknown domain", "an id below " + std::to_string(boost::num_vertices(*graph_)),
                                          std::to_string(std::max(from, to))));
  // the reset is checked by the simple system of the edge
  (void)SimpleHybridSystem(*(*graph_)[from].system, {guard});
  const TransitionId e = boost::add_edge(from, to, *graph_).first;
  (*graph_)[e] = Transition{std::make_shared<const SwitchingComponent>(std::move(guard))};
  return e;
}

std::vector<TransitionId> HybridAutomaton::out_transitions(DomainId v) const {
  std::vector<TransitionId> out;
  for (auto e : boost::make_iterator_range(boost::out_edges(v, *graph_))) out.push_back(e);
  return out;
}

std::vector<TransitionId> HybridAutomaton::all_transitions() const {
  std::vector<TransitionId> out;
  for (auto v : boost::make_iterator_range(boost::vertices(*graph_)))
    for (auto e : boost::make_iterator_range(boost::out_edges(v, *graph_))) out.push_back(e);
  return out;
}

SimpleHybridSystem HybridAutomaton::edge_system(TransitionId e) const {
  return SimpleHybridSystem(*(*graph_)[source(e)].system, {*(*graph_)[e].guard});
}

HybridAutomaton as_automaton(const SimpleHybridSystem& H, const std::string& domain_name) {
  HybridAutomaton A;
  const DomainId v = A.add_domain(domain_name, H.system());
  for (const auto& C : H.components()) A.add_transition(v, v, C);
  return A;
}

std::vector<GraphVerdict> hybrid_constant_by_edge(const HybridAutomaton& A, const GiNaC::ex& f, bool with_conditions) {
  std::vector<GraphVerdict> out;
  for (auto v : boost::make_iterator_range(boost::vertices(A.graph()))) {
    const SimpleHybridSystem H(*A.domain(v).system, {});
    out.push_back({"", A.domain(v).name, A.domain(v).name, flow_invariance(H, f)});
  }
  for (auto e : A.all_transitions())
    out.push_back({A.guard(e).name, A.domain(A.source(e)).name, A.domain(A.target(e)).name,
                   impact_invariance(A.edge_system(e), f, with_conditions)});
  return out;
}

std::vector<GraphVerdict> hybrid_momentum_by_edge(const HybridAutomaton& A, const std::vector<Generator>& g,
                                                  bool with_conditions) {
  std::vector<GraphVerdict> out;
  for (auto v : boost::make_iterator_range(boost::vertices(A.graph()))) {
    const SimpleHybridSystem H(*A.domain(v).system, {});
    HybridVerdict all;
    all.holds = true;
    for (const auto& gen : g) {
      const HybridVerdict h = flow_invariance(H, lagrangian_momentum(H.system(), gen.xi));
      if (!h.holds) {
        all = h;
        all.failed = "J_" + gen.name + " conserved on " + A.domain(v).name;
        break;
      }
      all.how = h.how;
    }
    out.push_back({"", A.domain(v).name, A.domain(v).name, all});
  }
  for (auto e : A.all_transitions())
    out.push_back({A.guard(e).name, A.domain(A.source(e)).name, A.domain(A.target(e)).name,
                   hybrid_momentum_map(A.edge_system(e), g, with_conditions)});
  return out;
}

}  // namespace hamel
