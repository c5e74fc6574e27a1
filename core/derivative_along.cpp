// core/derivative_along.cpp
#include "core/derivative_along.hpp"

#include "core/node_kind.hpp"
#include "core/stored_terms.hpp"
#include "core/symbolic.hpp"

namespace hamel {

namespace {

class Along {
 public:
  Along(const std::vector<GiNaC::ex>& symbols, const std::vector<GiNaC::ex>& direction,
        DerivativeTable& remembered)
      : symbols_(symbols), direction_(direction), remembered_(remembered) {}

  GiNaC::ex operator()(const GiNaC::ex& f) {
    const NodeKind kind = node_kind(f);
    if (kind == NodeKind::Number || kind == NodeKind::Constant) return 0;
    if (kind == NodeKind::Symbol) {
      for (std::size_t j = 0; j < symbols_.size(); ++j)
        if (f.is_equal(symbols_[j])) return direction_[j];
      return 0;
    }
    const GiNaC::basic* node = &GiNaC::ex_to<GiNaC::basic>(f);
    if (const auto it = remembered_.find(node); it != remembered_.end()) return it->second.second;
    GiNaC::ex d = derivative(f, kind);
    remembered_.emplace(node, std::make_pair(f, d));
    return d;
  }

 private:
  GiNaC::ex derivative(const GiNaC::ex& f, NodeKind kind) {
    switch (kind) {
      case NodeKind::Sum: {
        GiNaC::exvector terms;
        for_each_term(f, [&](const GiNaC::ex& x, const GiNaC::ex& c) {
          if (const GiNaC::ex dx = (*this)(x); !dx.is_zero()) terms.push_back(c * dx);
        }, [](const GiNaC::ex&) {});
        return GiNaC::add(terms);
      }
      case NodeKind::Product: {  // Σ_i (Π_{j≠i} b_j^k_j) · k_i b_i^(k_i − 1) b_i′ over its stored factors b^k
        std::vector<std::pair<GiNaC::ex, GiNaC::ex>> factors;  // (b, k), its number among them as (c, 1)
        for_each_power(f, [&](const GiNaC::ex& b, const GiNaC::ex& k) { factors.emplace_back(b, k); });
        GiNaC::exvector terms;
        for (std::size_t i = 0; i < factors.size(); ++i) {
          const auto& [b, k] = factors[i];
          const GiNaC::ex db = (*this)(b);
          if (db.is_zero()) continue;
          GiNaC::exvector product{k.is_equal(1) ? db : k * GiNaC::pow(b, k - 1) * db};
          for (std::size_t j = 0; j < factors.size(); ++j)
            if (j != i) product.push_back(GiNaC::pow(factors[j].first, factors[j].second));
          terms.push_back(GiNaC::mul(product));
        }
        return GiNaC::add(terms);
      }
      case NodeKind::Power: {
        const GiNaC::ex b = f.op(0), k = f.op(1);
        const GiNaC::ex db = (*this)(b);
        if (is_number(k)) return db.is_zero() ? GiNaC::ex(0) : k * GiNaC::pow(b, k - 1) * db;
        const GiNaC::ex dk = (*this)(k);  // b^k (k′ log b + k b′/b)
        return f * (dk * GiNaC::log(b) + k * db / b);
      }
      default: {  // a function (its chain rule is GiNaC's), or anything else: partial derivatives
        GiNaC::exvector terms;
        for (std::size_t j = 0; j < symbols_.size(); ++j)
          if (!direction_[j].is_zero()) terms.push_back(direction_[j] * partial_derivative(f, GiNaC::ex_to<GiNaC::symbol>(symbols_[j])));
        return GiNaC::add(terms);
      }
    }
  }

  const std::vector<GiNaC::ex>& symbols_;
  const std::vector<GiNaC::ex>& direction_;
  DerivativeTable& remembered_;
};

}  // namespace

GiNaC::ex derivative_along(const GiNaC::ex& f, const std::vector<GiNaC::ex>& symbols, const std::vector<GiNaC::ex>& direction,
                           DerivativeTable& remembered) {
  return Along(symbols, direction, remembered)(f);
}

}  // namespace hamel
