// numerics/compiled_function.hpp — GiNaC expressions turned into fast double-precision evaluators,
// for ODE right-hand sides, Jacobians, guards and conserved quantities.
//
// `compile` lowers the expressions once to a register program with common subexpressions shared
// (numerics/bytecode.hpp).  Two back ends run it: the bytecode interpreter, always available, and
// native code generated as C and compiled by the system C compiler (numerics/jit.hpp), cached on
// disk.  The default, Backend::Auto, uses native code when a compiler works and otherwise falls back
// to the interpreter with a one-line note on stderr.  docs/numerics.md has the measured speeds.
#pragma once

#include <Eigen/Core>
#include <ginac/ginac.h>

#include <memory>
#include <string>
#include <vector>

#include "numerics/bytecode.hpp"
#include "numerics/jit.hpp"

namespace hamel {

enum class Backend {
  Auto,      ///< native C if a compiler works, else bytecode (with a note)
  Bytecode,  ///< the interpreter only
  NativeC,   ///< native C or an error (NotImplemented) saying why not
};

/// "auto", "bytecode" or "native C".
std::string to_string(Backend b);

struct CompileOptions {
  Backend backend = Backend::Auto;
  std::string compiler;   ///< C compiler (name or path); empty: $HAMEL_CC, else cc, gcc, clang
  std::string cache_dir;  ///< empty: $HAMEL_JIT_CACHE, $XDG_CACHE_HOME/hamel/jit, /tmp/hamel-jit-<uid>
  bool quiet = false;     ///< no note on stderr when Auto falls back to bytecode
};

/// f: R^n → R^m.  Copies are cheap (the program and the native library are shared), but one object
/// must not be called from two threads at once (the interpreter keeps its registers): copy it.
class CompiledFunction {
 public:
  /// The empty function R⁰ → R⁰, to be assigned a compiled one.
  CompiledFunction();
  std::size_t inputs() const { return program_->inputs; }
  std::size_t outputs() const { return program_->outputs.size(); }
  /// The back end in use: Backend::Bytecode or Backend::NativeC.
  Backend backend() const { return native_.kernel ? Backend::NativeC : Backend::Bytecode; }
  /// How the back end was chosen, e.g. "native C: /tmp/hamel-jit-0/…so (cached)" or the reason
  /// for falling back to bytecode.
  const std::string& note() const { return note_; }
  /// The register program (instruction counts, e.g. to see common subexpressions shared).
  const Program& program() const { return *program_; }

  /// out[0..m) = f(in[0..n)); `in` and `out` may overlap.
  void operator()(const double* in, double* out) const {
    if (native_.kernel)
      native_.kernel(in, out);
    else
      interpreter_(in, out);
  }
  /// @throws InvalidArgument if in.size() != inputs(); `out` is resized to outputs().
  void operator()(const std::vector<double>& in, std::vector<double>& out) const;
  std::vector<double> operator()(const std::vector<double>& in) const;
  Eigen::VectorXd operator()(const Eigen::VectorXd& in) const;

 private:
  friend CompiledFunction compile(const std::vector<GiNaC::ex>&, const std::vector<GiNaC::ex>&,
                                  const GiNaC::exmap&, const CompileOptions&);
  explicit CompiledFunction(std::shared_ptr<const Program> program);
  void check_input_size(std::size_t n) const;

  std::shared_ptr<const Program> program_;
  Interpreter interpreter_;
  detail::NativeFunction native_;
  std::string note_;
};

/// Compiles `outputs` as functions of the symbols `inputs`; `constants` (symbol → number) are
/// substituted first, for parameters such as masses.
/// @throws InvalidArgument for a symbol that is neither an input nor a constant (named in the
///   message), an abstract function, a constant that is not a real number; NotImplemented for a
///   function without a numeric kernel, or for Backend::NativeC when native code is unavailable.
CompiledFunction compile(const std::vector<GiNaC::ex>& outputs, const std::vector<GiNaC::ex>& inputs,
                         const GiNaC::exmap& constants = {}, const CompileOptions& options = {});

/// The Jacobian ∂outputs_i/∂inputs_j, compiled as m·n outputs in row-major order.
CompiledFunction compile_jacobian(const std::vector<GiNaC::ex>& outputs,
                                  const std::vector<GiNaC::ex>& inputs,
                                  const GiNaC::exmap& constants = {}, const CompileOptions& options = {});

}  // namespace hamel
