// numerics/bytecode.hpp — GiNaC expressions lowered to a flat register program, and its interpreter.
//
// The program is the single intermediate form of numerics/compiled_function.hpp: the interpreter
// runs it directly, and numerics/jit.hpp prints it as C.  Lowering shares common subexpressions
// twice: equal GiNaC subtrees are lowered once (a memo keyed by GiNaC's structural order), and equal
// instructions (same operation, same operand registers; operands of + and × sorted) are emitted once.
#pragma once

#include <ginac/ginac.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace hamel {

/// Operations of the register machine.  Unary operations ignore their second operand.
enum class Op : std::uint8_t {
  Add, Sub, Mul, Div, Neg, Pow, Atan2,
  Sqrt, Abs, Exp, Log, Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Tanh,
};

/// The C name of an operation ("+", "sin", "pow", ...).
const char* op_name(Op op);

/// r[result] = op(r[a], r[b]); the result register is implicit (see Program).
struct Instruction {
  Op op;
  std::uint32_t a;
  std::uint32_t b;
};

/// A straight-line program in static single assignment form.  Registers are laid out as
/// [inputs | constants | one per instruction], so instruction k writes register first_result() + k.
struct Program {
  std::size_t inputs = 0;
  std::vector<double> constants;
  std::vector<Instruction> code;
  std::vector<std::uint32_t> outputs;  ///< register of each output

  std::size_t first_result() const { return inputs + constants.size(); }
  std::size_t registers() const { return first_result() + code.size(); }
  /// How many instructions perform `op` (e.g. to check that sin(x) is computed once).
  std::size_t count(Op op) const;
};

/// Lowers `outputs` as functions of the symbols `inputs`.  The expressions must contain numbers,
/// constants (π, ...), the inputs, + − × ÷, powers and the functions listed in docs/numerics.md.
/// @throws InvalidArgument for an input that is not a symbol or is repeated, a symbol that is not an
///   input, an abstract function, a complex number; NotImplemented for a function without a kernel.
Program lower_to_program(const std::vector<GiNaC::ex>& outputs, const std::vector<GiNaC::ex>& inputs);

/// Runs a program.  Holds the register file, with the constants loaded once; calling it is
/// therefore not safe from two threads at once (copy the interpreter per thread).
class Interpreter {
 public:
  explicit Interpreter(std::shared_ptr<const Program> program);
  /// out[i] = output i at the point `in`; `in` and `out` may overlap.
  void operator()(const double* in, double* out) const;

 private:
  std::shared_ptr<const Program> program_;
  mutable std::vector<double> registers_;
};

}  // namespace hamel
