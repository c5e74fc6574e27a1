// brackets/jacobi.cpp
#include "brackets/jacobi.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "core/parallel.hpp"
#include "core/wire.hpp"

namespace hamel {

GiNaC::ex jacobiator(const AlmostPoissonBracket& B, const GiNaC::ex& f, const GiNaC::ex& g,
                     const GiNaC::ex& h) {
  return B(f, B(g, h)) + B(g, B(h, f)) + B(h, B(f, g));
}

Multivector jacobi_trivector(const AlmostPoissonBracket& B) {
  return schouten_bracket(B.bivector(), B.bivector());
}

namespace {

// One component of [Π, Π]: zero or not, how it was decided, and when nonzero the canonical form of
// half of it, the Jacobiator's component that a derivation shows (computing it from the canonical
// form of the whole cancelled the fraction a second time: 0.24 s of a snakeboard's display pass).
struct ComponentVerdict {
  bool zero = false, undecided = false;
  Decision method = Decision::Canonical;
  GiNaC::ex value;
};

// A nonzero component is brought to canonical form to be shown, unless it is larger than this as
// computed: generic_trig4's (π1, π2, π3) component has 510 000 nodes, whose canonical form (16 000
// nodes, unreadable) took 1.3 s of a 5 s derivation. It is reported nonzero, its value left out (0).
constexpr std::size_t kMaxShownNodes = 100000;

ComponentVerdict decide(const GiNaC::ex& component, const ProbeSpace& space) {
  const ZeroVerdict z = zero_test(component, space);
  ComponentVerdict c{z.zero, z.undecided, z.method, 0};
  if (!z.zero && !z.undecided && tree_size(component, kMaxShownNodes + 1) <= kMaxShownNodes) c.value = simplify(component / 2);
  return c;
}

// Two flags and the method's digit, then the value on the wire (core/wire.hpp) when nonzero.
std::string encode(const ComponentVerdict& c, const WireLeaves& leaves) {
  std::string text{c.zero ? '1' : '0', c.undecided ? '1' : '0', static_cast<char>('0' + static_cast<int>(c.method))};
  if (c.zero || c.undecided) return text;
  const auto value = to_wire(c.value, leaves);
  if (!value) throw std::runtime_error("a component the wire does not carry");
  return text + *value;
}

ComponentVerdict decode(const std::string& text, const WireLeaves& leaves) {
  ComponentVerdict c{text.at(0) == '1', text.at(1) == '1', static_cast<Decision>(text.at(2) - '0'), 0};
  if (!c.zero && !c.undecided) c.value = from_wire(text.substr(3), leaves);
  return c;
}

// "3 by the canonical form, 2 by exact evaluation": each method that decided a component, in order.
std::string methods_text(const std::array<int, 4>& by) {
  static const char* names[] = {"the canonical form", "exact evaluation", "numeric probing", "ball arithmetic"};
  std::string out;
  for (std::size_t m = 0; m < by.size(); ++m)
    if (by[m] > 0) out += (out.empty() ? "" : ", ") + std::to_string(by[m]) + " by " + names[m];
  return out.empty() ? "none decided" : "decided " + out;
}

// " (2 too large to print: over 100000 nodes)" for the nonzero components left without a value.
std::string unshown_text(const std::vector<std::pair<Indices, GiNaC::ex>>& nonzero) {
  const auto n = std::count_if(nonzero.begin(), nonzero.end(), [](const auto& c) { return c.second.is_zero(); });
  return n == 0 ? "" : " (" + std::to_string(n) + " too large to print: over " + std::to_string(kMaxShownNodes) + " nodes)";
}

}  // namespace

// The components are independent: they are decided on all cores when they are large (core/parallel.hpp).
PoissonVerdict is_poisson(const AlmostPoissonBracket& B) {
  const Multivector J = jacobi_trivector(B);
  ProbeSpace space = B.chart().probe_space();
  space.witness = false;  // a nonzero component is reported by its value, not by a point
  std::vector<std::pair<Indices, GiNaC::ex>> components(J.components().begin(), J.components().end());
  WireLeaves leaves;
  std::size_t size = 0;
  for (const auto& kv : components) {
    leaves.add(kv.second);
    size += tree_size(kv.second, kForkWorthyNodes);
  }
  const auto answers = parallel_map(
      components.size(), [&](std::size_t k) { return encode(decide(components[k].second, space), leaves); },
      size >= kForkWorthyNodes);
  PoissonVerdict v;
  std::array<int, 4> by{};  // decided components by Decision
  for (std::size_t k = 0; k < components.size(); ++k) {
    const ComponentVerdict c = answers[k] ? decode(*answers[k], leaves) : decide(components[k].second, space);
    if (c.undecided) ++v.undecided;
    else ++by[static_cast<std::size_t>(c.method)];
    if (!c.zero && !c.undecided) v.nonzero.emplace_back(components[k].first, c.value);
    if (answers[k] && !c.zero && !c.undecided && !c.value.is_zero()) remember_simplified(c.value, c.value);
  }
  v.poisson = v.nonzero.empty() && v.undecided == 0;
  v.detail = std::to_string(J.components().size()) + " candidate components of $[Π, Π]$: " + methods_text(by) + "; " +
             std::to_string(v.nonzero.size()) + " nonzero" + unshown_text(v.nonzero) +
             (v.undecided ? ", " + std::to_string(v.undecided) + " undecided" : "");
  return v;
}

}  // namespace hamel
