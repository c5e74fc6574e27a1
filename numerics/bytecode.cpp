// numerics/bytecode.cpp
#include "numerics/bytecode.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <tuple>

#include "core/abstract_function.hpp"
#include "core/error.hpp"
#include "core/term_order.hpp"

namespace hamel {

const char* op_name(Op op) {
  switch (op) {
    case Op::Add: return "+";
    case Op::Sub: return "-";
    case Op::Mul: return "*";
    case Op::Div: return "/";
    case Op::Neg: return "neg";
    case Op::Pow: return "pow";
    case Op::Atan2: return "atan2";
    case Op::Sqrt: return "sqrt";
    case Op::Abs: return "fabs";
    case Op::Exp: return "exp";
    case Op::Log: return "log";
    case Op::Sin: return "sin";
    case Op::Cos: return "cos";
    case Op::Tan: return "tan";
    case Op::Asin: return "asin";
    case Op::Acos: return "acos";
    case Op::Atan: return "atan";
    case Op::Sinh: return "sinh";
    case Op::Cosh: return "cosh";
    case Op::Tanh: return "tanh";
  }
  return "?";
}

std::size_t Program::count(Op op) const {
  std::size_t n = 0;
  for (const auto& i : code) n += (i.op == op);
  return n;
}

namespace {

// GiNaC function name → operation, for the functions with a C kernel.
const std::map<std::string, Op>& kernels() {
  static const std::map<std::string, Op> k = {
      {"abs", Op::Abs},   {"exp", Op::Exp},   {"log", Op::Log},     {"sin", Op::Sin},
      {"cos", Op::Cos},   {"tan", Op::Tan},   {"asin", Op::Asin},   {"acos", Op::Acos},
      {"atan", Op::Atan}, {"sinh", Op::Sinh}, {"cosh", Op::Cosh},   {"tanh", Op::Tanh},
      {"atan2", Op::Atan2}};
  return k;
}

std::string kernel_names() {
  std::string s;
  for (const auto& kv : kernels()) s += (s.empty() ? "" : ", ") + kv.first;
  return s;
}

// Integer powers up to this size are multiplied out (shared squares); larger ones call pow.
constexpr long max_unrolled_power = 64;

// Lowering works on provisional references, renumbered into the final register layout at the end
// (constants are found while instructions are emitted, but are stored before them).
constexpr std::uint32_t const_tag = 1u << 30;
constexpr std::uint32_t op_tag = 1u << 31;

class Lowering {
 public:
  explicit Lowering(const std::vector<GiNaC::ex>& inputs);
  std::uint32_t lower_output(const GiNaC::ex& e, std::size_t index);
  Program finish(const std::vector<std::uint32_t>& outputs) const;

 private:
  std::uint32_t lower(const GiNaC::ex& e);
  std::uint32_t lower_uncached(const GiNaC::ex& e);
  std::uint32_t lower_sum(const GiNaC::ex& e);
  std::uint32_t lower_product(const GiNaC::ex& e);
  std::uint32_t lower_power(const GiNaC::ex& base, const GiNaC::ex& exponent);
  std::uint32_t lower_factor(const std::pair<GiNaC::ex, GiNaC::ex>& factor);
  std::uint32_t lower_function(const GiNaC::ex& e);
  std::uint32_t lower_symbol(const GiNaC::ex& e);
  // |e| when e is syntactically negative (−3, −2xy), with the sign returned separately.
  std::pair<std::uint32_t, bool> lower_signed(const GiNaC::ex& e);
  std::uint32_t product_of(const std::vector<std::pair<GiNaC::ex, GiNaC::ex>>& factors);
  std::uint32_t integer_power(std::uint32_t base, unsigned long n);
  std::uint32_t number(double value);
  std::uint32_t emit(Op op, std::uint32_t a, std::uint32_t b);
  std::uint32_t emit(Op op, std::uint32_t a) { return emit(op, a, a); }
  std::uint32_t final_register(std::uint32_t ref) const;
  [[noreturn]] void reject(const std::string& what, const std::string& got, const std::string& hint) const;

  std::vector<GiNaC::ex> inputs_;
  std::map<GiNaC::ex, std::uint32_t, GiNaC::ex_is_less> input_index_;
  std::map<GiNaC::ex, std::uint32_t, GiNaC::ex_is_less> memo_;
  std::map<std::uint64_t, std::uint32_t> constant_index_;  // keyed by the bits of the double
  std::map<std::tuple<Op, std::uint32_t, std::uint32_t>, std::uint32_t> instruction_index_;
  std::vector<double> constants_;
  std::vector<Instruction> code_;
  std::size_t output_ = 0;
};

std::string describe_inputs(const std::vector<GiNaC::ex>& inputs) {
  std::string s = "(";
  for (std::size_t i = 0; i < inputs.size(); ++i) s += (i ? ", " : "") + detail::str(inputs[i]);
  return s + ")";
}

Lowering::Lowering(const std::vector<GiNaC::ex>& inputs) : inputs_(inputs) {
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (!GiNaC::is_a<GiNaC::symbol>(inputs[i]))
      throw InvalidArgument(detail::message("compile", "input " + std::to_string(i) + " is not a symbol",
                                            "a symbol", detail::str(inputs[i])));
    if (!input_index_.emplace(inputs[i], static_cast<std::uint32_t>(i)).second)
      throw InvalidArgument(detail::message("compile", "input " + std::to_string(i) + " is repeated",
                                            "distinct symbols", detail::str(inputs[i]) + " twice"));
  }
}

void Lowering::reject(const std::string& what, const std::string& got, const std::string& hint) const {
  throw InvalidArgument(detail::message("compile", "output " + std::to_string(output_) + " " + what,
                                        "an expression of the inputs " + describe_inputs(inputs_), got,
                                        hint));
}

std::uint32_t Lowering::lower_output(const GiNaC::ex& e, std::size_t index) {
  output_ = index;
  return lower(e);
}

std::uint32_t Lowering::lower(const GiNaC::ex& e) {
  auto it = memo_.find(e);
  if (it != memo_.end()) return it->second;
  const std::uint32_t r = lower_uncached(e);
  memo_.emplace(e, r);
  return r;
}

std::uint32_t Lowering::lower_uncached(const GiNaC::ex& e) {
  using namespace GiNaC;
  if (is_a<numeric>(e)) {
    const numeric& n = ex_to<numeric>(e);
    if (!n.is_real()) reject("contains the complex number " + detail::str(e), detail::str(e), "");
    return number(n.to_double());
  }
  if (is_a<constant>(e)) return number(ex_to<numeric>(e.evalf()).to_double());
  if (is_a<symbol>(e)) return lower_symbol(e);
  if (is_a<add>(e)) return lower_sum(e);
  if (is_a<mul>(e) || is_a<power>(e)) return lower_product(e);  // a power is a product of one factor
  if (is_a<function>(e)) return lower_function(e);
  reject("is not a scalar expression", detail::str(e), "");
}

std::uint32_t Lowering::lower_symbol(const GiNaC::ex& e) {
  auto it = input_index_.find(e);
  if (it != input_index_.end()) return it->second;
  const std::string name = GiNaC::ex_to<GiNaC::symbol>(e).get_name();
  std::string hint = "add it to the inputs or give its value in the constants";
  for (const auto& in : inputs_)
    if (GiNaC::ex_to<GiNaC::symbol>(in).get_name() == name)
      hint = "an input has the same name but is another symbol (GiNaC symbols compare by identity)";
  reject("contains the symbol '" + name + "', which is neither an input nor a constant", name, hint);
}

// The sign is the one a printer writes (core/term_order.hpp), not GiNaC's: GiNaC stores -x*(a - b)
// in one run as x*(b - a) in the next, and the generated code must not change with it.
std::pair<std::uint32_t, bool> Lowering::lower_signed(const GiNaC::ex& e) {
  if (written_negative(e)) return {lower(-e), true};
  return {lower(e), false};
}

std::uint32_t Lowering::lower_sum(const GiNaC::ex& e) {
  // a − b is one subtraction rather than a + (−1)·b; start from a positive term when there is one.
  // Terms in term order, so that the same expression gives the same program in every process.
  std::vector<std::pair<std::uint32_t, bool>> terms;
  for (const GiNaC::ex& t : ordered_operands(e)) terms.push_back(lower_signed(t));
  const auto positive = std::find_if(terms.begin(), terms.end(), [](const auto& t) { return !t.second; });
  if (positive != terms.end()) std::iter_swap(terms.begin(), positive);
  std::uint32_t acc = terms[0].second ? emit(Op::Neg, terms[0].first) : terms[0].first;
  for (std::size_t i = 1; i < terms.size(); ++i)
    acc = emit(terms[i].second ? Op::Sub : Op::Add, acc, terms[i].first);
  return acc;
}

std::uint32_t Lowering::lower_product(const GiNaC::ex& e) {
  using namespace GiNaC;
  // Factors with negative exponents form one denominator: x y⁻¹ z⁻² → x / (y z²), a single division.
  // Factors are kept as (base, exponent) in factor order, a sum base turned to lead with a plus as a
  // printer writes it: GiNaC would re-normalise a rebuilt power by its hash order.
  numeric coefficient = 1;
  std::vector<std::pair<ex, ex>> numerator, denominator;
  for (const ex& f : is_a<mul>(e) ? ordered_operands(e) : std::vector<ex>{e}) {
    if (is_a<numeric>(f)) {
      coefficient *= ex_to<numeric>(f);
      continue;
    }
    ex base = is_a<power>(f) ? f.op(0) : f, exponent = is_a<power>(f) ? f.op(1) : ex(1);
    if (is_a<numeric>(exponent) && ex_to<numeric>(exponent).is_integer() && leads_with_minus(base)) {
      base = -base;
      if (ex_to<numeric>(exponent).is_odd()) coefficient = -coefficient;
    }
    const bool below = is_a<numeric>(exponent) && ex_to<numeric>(exponent).is_real() &&
                       ex_to<numeric>(exponent).is_negative();
    (below ? denominator : numerator).emplace_back(base, below ? -exponent : exponent);
  }
  if (!coefficient.is_real()) reject("contains the complex number " + detail::str(coefficient),
                                     detail::str(coefficient), "");
  if (numerator.empty() && !denominator.empty() && coefficient != -1)  // c / (…): one division
    return emit(Op::Div, number(coefficient.to_double()), product_of(denominator));
  std::uint32_t r = numerator.empty() ? number(1.0) : product_of(numerator);
  if (!denominator.empty()) r = emit(Op::Div, r, product_of(denominator));
  if (coefficient == -1) return emit(Op::Neg, r);
  if (coefficient != 1) return emit(Op::Mul, number(coefficient.to_double()), r);
  return r;
}

std::uint32_t Lowering::product_of(const std::vector<std::pair<GiNaC::ex, GiNaC::ex>>& factors) {
  std::uint32_t acc = lower_factor(factors[0]);
  for (std::size_t i = 1; i < factors.size(); ++i) acc = emit(Op::Mul, acc, lower_factor(factors[i]));
  return acc;
}

std::uint32_t Lowering::lower_factor(const std::pair<GiNaC::ex, GiNaC::ex>& factor) {
  return factor.second.is_equal(1) ? lower(factor.first) : lower_power(factor.first, factor.second);
}

std::uint32_t Lowering::lower_power(const GiNaC::ex& base, const GiNaC::ex& exponent) {
  using namespace GiNaC;
  if (!is_a<numeric>(exponent)) return emit(Op::Pow, lower(base), lower(exponent));
  const numeric& n = ex_to<numeric>(exponent);
  if (!n.is_real()) reject("contains a complex exponent", detail::str(exponent), "");
  // Integer and half-integer exponents: repeated squaring (of √base), then one division if negative.
  const bool half = n.is_rational() && n.denom() == 2;
  const numeric k = half ? n.numer() : n;
  if ((n.is_integer() || half) && abs(k) <= max_unrolled_power) {
    const long m = k.to_long();
    if (m == 0) return number(1.0);
    const std::uint32_t b = half ? emit(Op::Sqrt, lower(base)) : lower(base);
    const std::uint32_t p = integer_power(b, static_cast<unsigned long>(m < 0 ? -m : m));
    return m < 0 ? emit(Op::Div, number(1.0), p) : p;
  }
  return emit(Op::Pow, lower(base), number(n.to_double()));
}

std::uint32_t Lowering::integer_power(std::uint32_t base, unsigned long n) {
  std::uint32_t result = 0;
  bool have = false;
  for (;;) {
    if (n & 1u) {
      result = have ? emit(Op::Mul, result, base) : base;
      have = true;
    }
    n >>= 1;
    if (!n) return result;
    base = emit(Op::Mul, base, base);
  }
}

std::uint32_t Lowering::lower_function(const GiNaC::ex& e) {
  if (is_abstract_jet(e))
    reject("contains the abstract function " + detail::str(e) + ", which has no numeric value",
           detail::str(e), "substitute a concrete function for it first");
  const std::string name = GiNaC::ex_to<GiNaC::function>(e).get_name();
  auto it = kernels().find(name);
  if (it == kernels().end())
    throw NotImplemented(detail::message("compile", "function '" + name + "' has no numeric kernel",
                                         "one of " + kernel_names(), detail::str(e)));
  if (it->second == Op::Atan2) return emit(Op::Atan2, lower(e.op(0)), lower(e.op(1)));
  return emit(it->second, lower(e.op(0)));
}

std::uint32_t Lowering::number(double value) {
  if (!std::isfinite(value))
    reject("contains a number that does not fit a double", detail::str(value), "");
  std::uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  auto it = constant_index_.find(bits);
  if (it != constant_index_.end()) return it->second;
  const std::uint32_t ref = const_tag | static_cast<std::uint32_t>(constants_.size());
  constants_.push_back(value);
  constant_index_.emplace(bits, ref);
  return ref;
}

std::uint32_t Lowering::emit(Op op, std::uint32_t a, std::uint32_t b) {
  if ((op == Op::Add || op == Op::Mul) && b < a) std::swap(a, b);  // x·y and y·x are one instruction
  const auto key = std::make_tuple(op, a, b);
  auto it = instruction_index_.find(key);
  if (it != instruction_index_.end()) return it->second;
  const std::uint32_t ref = op_tag | static_cast<std::uint32_t>(code_.size());
  code_.push_back({op, a, b});
  instruction_index_.emplace(key, ref);
  return ref;
}

std::uint32_t Lowering::final_register(std::uint32_t ref) const {
  const std::size_t n_in = inputs_.size();
  if (ref & op_tag) return static_cast<std::uint32_t>(n_in + constants_.size() + (ref & ~op_tag));
  if (ref & const_tag) return static_cast<std::uint32_t>(n_in + (ref & ~const_tag));
  return ref;
}

Program Lowering::finish(const std::vector<std::uint32_t>& outputs) const {
  Program p;
  p.inputs = inputs_.size();
  p.constants = constants_;
  p.code.reserve(code_.size());
  for (const auto& i : code_) p.code.push_back({i.op, final_register(i.a), final_register(i.b)});
  for (const auto r : outputs) p.outputs.push_back(final_register(r));
  return p;
}

}  // namespace

Program lower_to_program(const std::vector<GiNaC::ex>& outputs, const std::vector<GiNaC::ex>& inputs) {
  Lowering lowering(inputs);
  std::vector<std::uint32_t> refs;
  refs.reserve(outputs.size());
  for (std::size_t i = 0; i < outputs.size(); ++i) refs.push_back(lowering.lower_output(outputs[i], i));
  return lowering.finish(refs);
}

Interpreter::Interpreter(std::shared_ptr<const Program> program)
    : program_(std::move(program)), registers_(program_->registers()) {
  std::copy(program_->constants.begin(), program_->constants.end(),
            registers_.begin() + static_cast<std::ptrdiff_t>(program_->inputs));
}

void Interpreter::operator()(const double* in, double* out) const {
  const Program& p = *program_;
  double* r = registers_.data();
  std::copy(in, in + p.inputs, r);
  double* result = r + p.first_result();
  const std::size_t n = p.code.size();
  for (std::size_t k = 0; k < n; ++k) {
    const Instruction& i = p.code[k];
    const double a = r[i.a], b = r[i.b];
    double v = 0;
    switch (i.op) {
      case Op::Add: v = a + b; break;
      case Op::Sub: v = a - b; break;
      case Op::Mul: v = a * b; break;
      case Op::Div: v = a / b; break;
      case Op::Neg: v = -a; break;
      case Op::Pow: v = std::pow(a, b); break;
      case Op::Atan2: v = std::atan2(a, b); break;
      case Op::Sqrt: v = std::sqrt(a); break;
      case Op::Abs: v = std::fabs(a); break;
      case Op::Exp: v = std::exp(a); break;
      case Op::Log: v = std::log(a); break;
      case Op::Sin: v = std::sin(a); break;
      case Op::Cos: v = std::cos(a); break;
      case Op::Tan: v = std::tan(a); break;
      case Op::Asin: v = std::asin(a); break;
      case Op::Acos: v = std::acos(a); break;
      case Op::Atan: v = std::atan(a); break;
      case Op::Sinh: v = std::sinh(a); break;
      case Op::Cosh: v = std::cosh(a); break;
      case Op::Tanh: v = std::tanh(a); break;
    }
    result[k] = v;
  }
  for (std::size_t i = 0; i < p.outputs.size(); ++i) out[i] = r[p.outputs[i]];
}

}  // namespace hamel
