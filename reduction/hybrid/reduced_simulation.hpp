// reduction/hybrid/reduced_simulation.hpp — the reduced hybrid flow and its reconstruction
// (000 §4.1, Remark 7, with the corrections of docs/hybrid.md, errata 7–8).
//
// Between impacts the forced Routh equations for (x, ẋ) are integrated at fixed μ_i, together with
// the reconstruction equation θ̇ = θ̇(t, x, ẋ, μ_i) (11) — integrating it is (12) with the upper limit t.
// At an impact the reduced impact map gives ẋ⁺ and the new momentum μ_{i+1} = J∘Δ (computed from the
// full pre-impact state, since θ is carried along), and the reduced system is rebuilt with μ_{i+1}.
// The integrated state is (x, ẋ, θ, μ) with μ constant between impacts.
#pragma once

#include "mechanics/hybrid/hybrid_simulation.hpp"
#include "reduction/hybrid/forced_routh.hpp"

namespace hamel {

struct ReducedTrajectory {
  std::vector<double> t;
  std::vector<State> reduced;             ///< (x, ẋ)
  std::vector<State> full;                ///< the reconstruction (q, q̇), in the order of Q
  std::vector<std::vector<double>> mu;    ///< μ_i on each sample
  std::vector<double> impact_times;
  std::vector<std::string> impact_guards;
  std::vector<std::vector<double>> mu_after;  ///< μ_{i+1} after each impact
  Termination termination = Termination::Completed;
  std::string message;
  std::optional<double> accumulation_time;  ///< Zeno, as HybridTrajectory's
};

/// Impacts follow the full simulation's rule (mechanics/hybrid/impact_rule.hpp): the two runs stop
/// at the same impact. `spec.initial` is the full state (q, q̇) in the coordinates of H (those of the reduction).
/// @throws InvalidArgument as simulate_hybrid.
ReducedTrajectory simulate_reduced(const SimpleHybridSystem& H, const ForcedRouthReduction& r,
                                   const HybridSimulationSpec& spec);

}  // namespace hamel
