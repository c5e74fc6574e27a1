// mechanics/hybrid/hybrid_automaton.hpp — multi-domain hybrid systems (beyond 000's single domain):
// a directed graph (Boost.Graph) whose vertices are domains, each with its forced Lagrangian
// dynamics, and whose edges are guards with their impact maps from the source domain into the target.
// A simple hybrid system (D, X, S, Δ) is the one-vertex case with one self-loop per connected
// component of S.  All domains share the configuration chart Q (states (q, q̇) of equal size);
// hybrid constants of the motion and momentum maps are checked vertex by vertex (the flow) and edge
// by edge (the jumps).
#pragma once

#include <boost/graph/adjacency_list.hpp>

#include <memory>
#include <string>
#include <vector>

#include "mechanics/hybrid/hybrid_checks.hpp"

namespace hamel {

struct Domain {
  std::string name;
  std::shared_ptr<const ForcedLagrangianSystem> system;  ///< shared: graph properties are copied
};

struct Transition {
  std::shared_ptr<const SwitchingComponent> guard;  ///< surface, direction and the reset into the target
};

using HybridGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, Domain, Transition>;
using DomainId = boost::graph_traits<HybridGraph>::vertex_descriptor;
using TransitionId = boost::graph_traits<HybridGraph>::edge_descriptor;

class HybridAutomaton {
 public:
  HybridAutomaton() : graph_(std::make_unique<HybridGraph>()) {}
  /// Copies rebuild the graph vertex by vertex (Boost's own copy, also used for moves, trips GCC's
  /// maybe-uninitialized analysis); domains and guards are shared, being immutable.
  HybridAutomaton(const HybridAutomaton& other);
  HybridAutomaton& operator=(const HybridAutomaton& other);
  HybridAutomaton(HybridAutomaton&&) = default;
  HybridAutomaton& operator=(HybridAutomaton&&) = default;
  /// @throws InvalidArgument if the domain's chart differs from the others' or the name repeats.
  DomainId add_domain(const std::string& name, ForcedLagrangianSystem system);
  /// @throws InvalidArgument for an unknown domain or a reset of the wrong size.
  TransitionId add_transition(DomainId from, DomainId to, SwitchingComponent guard);
  const HybridGraph& graph() const { return *graph_; }
  std::size_t domains() const { return boost::num_vertices(*graph_); }
  std::size_t transitions() const { return boost::num_edges(*graph_); }
  const Domain& domain(DomainId v) const { return (*graph_)[v]; }
  const SwitchingComponent& guard(TransitionId e) const { return *(*graph_)[e].guard; }
  DomainId source(TransitionId e) const { return boost::source(e, *graph_); }
  DomainId target(TransitionId e) const { return boost::target(e, *graph_); }
  std::vector<TransitionId> out_transitions(DomainId v) const;
  std::vector<TransitionId> all_transitions() const;
  /// The simple hybrid system of one edge: the source's dynamics with this one guard.
  SimpleHybridSystem edge_system(TransitionId e) const;

 private:
  std::unique_ptr<HybridGraph> graph_;
};

/// The one-vertex automaton of a simple hybrid system: a self-loop per component.
HybridAutomaton as_automaton(const SimpleHybridSystem& H, const std::string& domain_name = "D");

/// A verdict on one vertex (the flow: from = to = the domain, edge empty) or one edge.
struct GraphVerdict {
  std::string edge;  ///< the guard's name, empty for a vertex
  std::string from, to;
  HybridVerdict verdict;
};

/// Def. 4 on a graph: X_v(f) = 0 on every domain v and f∘Δ_e = f on the guard of every edge e.
std::vector<GraphVerdict> hybrid_constant_by_edge(const HybridAutomaton& A, const GiNaC::ex& f,
                                                  bool with_conditions = false);
/// (14) with μ₋ on every edge, and conservation of every J^ξ on every domain.
std::vector<GraphVerdict> hybrid_momentum_by_edge(const HybridAutomaton& A, const std::vector<Generator>& g,
                                                  bool with_conditions = false);

}  // namespace hamel
