// geometry/chart.hpp — a coordinate chart: ordered real coordinates, named constant parameters,
// open domain intervals (where numeric probing samples) and abstract functions of the coordinates.
//
// Charts are shared, immutable values: copies are cheap and equality means identity, so every
// geometric object can carry its chart and refuse to be combined with an object of another chart.
#pragma once

#include <ginac/ginac.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/abstract_function.hpp"
#include "core/symbolic.hpp"

namespace hamel {

/// An open interval (lo, hi) with symbolic endpoints, e.g. (0, π).
struct Interval {
  GiNaC::ex lo;
  GiNaC::ex hi;
};

/// A named constant; positive parameters are GiNaC `possymbol`s (so √(m²) = m).
struct ParameterSpec {
  std::string name;
  bool positive = true;
};

/// An abstract function of some coordinates, e.g. f1(theta).
struct FunctionSpec {
  std::string name;
  std::vector<std::string> arguments;  ///< coordinate names
};

/// Everything needed to build a chart.
struct ChartSpec {
  std::string name;
  std::vector<std::string> coordinates;
  std::vector<ParameterSpec> parameters;
  std::map<std::string, Interval> domain;
  std::vector<FunctionSpec> functions;
};

class Chart {
 public:
  /// @throws InvalidArgument on duplicate or empty names, or a domain/function naming an unknown coordinate.
  explicit Chart(const ChartSpec& spec);
  /// Shorthand: coordinates and (optionally) positive constant parameters, no domains or functions.
  static Chart make(const std::string& name, const std::vector<std::string>& coordinates,
                    const std::vector<std::string>& positive_parameters = {});

  const std::string& name() const;
  std::size_t dim() const;
  /// The i-th coordinate (a GiNaC realsymbol).
  const GiNaC::ex& operator[](std::size_t i) const;
  const GiNaC::ex& coordinate(std::size_t i) const { return (*this)[i]; }
  const std::vector<GiNaC::ex>& coordinates() const;
  const std::string& coordinate_name(std::size_t i) const;
  /// Index of a coordinate symbol or name, if it is one of this chart's.
  std::optional<std::size_t> index_of(const GiNaC::ex& symbol) const;
  std::optional<std::size_t> index_of(const std::string& name) const;

  /// Parameter symbol by name. @throws InvalidArgument if unknown.
  GiNaC::ex parameter(const std::string& name) const;
  const std::vector<ParameterSpec>& parameter_specs() const;
  const std::vector<GiNaC::ex>& parameters() const;

  /// Abstract function by name (applied to its declared arguments with `function_value`).
  const AbstractFunction& function(const std::string& name) const;
  /// f(args) for the declared argument coordinates, e.g. f1(theta).
  GiNaC::ex function_value(const std::string& name) const;
  const std::vector<FunctionSpec>& function_specs() const;

  /// Any coordinate or parameter by name.
  std::optional<GiNaC::ex> symbol(const std::string& name) const;
  /// Name → symbol table of coordinates and parameters (for parsing expressions).
  GiNaC::symtab symbols() const;

  std::optional<Interval> domain(std::size_t i) const;
  /// Sampling ranges for the zero test: domain intervals, positive parameters in (1/2, 5/2).
  ProbeSpace probe_space() const;

  /// A chart whose coordinates are these followed by `more` (same symbols, parameters, functions and
  /// domain intervals), with the intervals `domain` of some of `more`. Repeated calls with the same
  /// arguments return the same chart. @throws InvalidArgument for a domain of a coordinate not in `more`'s chart.
  Chart extend(const std::string& name, const std::vector<std::string>& more,
               const std::map<std::string, Interval>& domain = {}) const;
  /// A chart with other coordinates but the same parameters (same symbols), e.g. the space of
  /// reduced variables (M, γ) of a system on Q, with the domain intervals of some of them (where the
  /// zero test samples: r in (0, 3) for polar coordinates). Repeated calls with the same arguments return
  /// the same chart. @throws InvalidArgument for a domain of a coordinate it does not have.
  Chart sibling(const std::string& name, const std::vector<std::string>& coordinates,
                const std::map<std::string, Interval>& domain = {}) const;
  /// True if every coordinate of `other` is one of ours (a function on `other` is one on us).
  bool contains(const Chart& other) const;

  /// "Q(phi, theta, psi, x, y)"
  std::string describe() const;

  friend bool operator==(const Chart& a, const Chart& b) { return a.data_ == b.data_; }
  friend bool operator!=(const Chart& a, const Chart& b) { return a.data_ != b.data_; }

 private:
  struct Data;
  explicit Chart(std::shared_ptr<Data> d) : data_(std::move(d)) {}
  /// Sets the domain intervals of some of d's coordinates. @throws InvalidArgument naming `chart`.
  static void set_domain(Data& d, const std::map<std::string, Interval>& domain, const std::string& chart);
  std::shared_ptr<Data> data_;
};

/// Zero test on the chart's domain (see core/symbolic.hpp).
ZeroVerdict zero_test(const GiNaC::ex& e, const Chart& chart);
/// Shorthand for zero_test(e, chart).zero.
bool is_zero(const GiNaC::ex& e, const Chart& chart);

/// @throws InvalidArgument "fn: objects live on different charts; expected <a>, got <b>"
void require_same_chart(const Chart& a, const Chart& b, const char* fn);

}  // namespace hamel
