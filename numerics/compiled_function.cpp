// numerics/compiled_function.cpp
#include "numerics/compiled_function.hpp"

#include <iostream>

#include "core/error.hpp"

namespace hamel {

std::string to_string(Backend b) {
  switch (b) {
    case Backend::Auto: return "auto";
    case Backend::Bytecode: return "bytecode";
    case Backend::NativeC: return "native C";
  }
  return "?";
}

namespace {

// Parameters become numbers before lowering; anything else in the table is a caller's mistake.
GiNaC::exmap numeric_constants(const GiNaC::exmap& constants) {
  GiNaC::exmap values;
  for (const auto& [symbol, value] : constants) {
    if (!GiNaC::is_a<GiNaC::symbol>(symbol))
      throw InvalidArgument(detail::message("compile", "a constant is not a symbol", "a symbol",
                                            detail::str(symbol)));
    const GiNaC::ex v = value.evalf();
    if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
      throw InvalidArgument(detail::message("compile", "the constant " + detail::str(symbol) +
                                                           " has no real value",
                                            "a real number", detail::str(value)));
    // Rational values stay exact: GiNaC's float arithmetic while substituting runs in hash order, so
    // its last digits (and at times the double they round to) would change from run to run, and
    // with them the generated code and its cache key.  Each number is rounded to a double once.
    const bool exact = GiNaC::is_a<GiNaC::numeric>(value) && GiNaC::ex_to<GiNaC::numeric>(value).is_rational();
    values[symbol] = exact ? value : v;
  }
  return values;
}

void check_disjoint(const std::vector<GiNaC::ex>& inputs, const GiNaC::exmap& constants) {
  for (const auto& in : inputs)
    if (constants.count(in))
      throw InvalidArgument(detail::message("compile", "a symbol is both an input and a constant",
                                            "distinct symbols", detail::str(in)));
}

// One line per process and reason is enough: a program compiling many functions would repeat it.
void note_fallback_once(const std::string& note) {
  static std::string last;
  if (note == last) return;
  last = note;
  std::cerr << "hamel: " << note << "\n";
}

}  // namespace

CompiledFunction::CompiledFunction() : CompiledFunction(std::make_shared<const Program>()) {}

CompiledFunction::CompiledFunction(std::shared_ptr<const Program> program)
    : program_(program), interpreter_(program) {}

void CompiledFunction::check_input_size(std::size_t n) const {
  if (n != inputs())
    throw InvalidArgument(detail::message("CompiledFunction", "wrong number of inputs",
                                          std::to_string(inputs()), std::to_string(n)));
}

void CompiledFunction::operator()(const std::vector<double>& in, std::vector<double>& out) const {
  check_input_size(in.size());
  out.resize(outputs());
  (*this)(in.data(), out.data());
}

std::vector<double> CompiledFunction::operator()(const std::vector<double>& in) const {
  std::vector<double> out;
  (*this)(in, out);
  return out;
}

Eigen::VectorXd CompiledFunction::operator()(const Eigen::VectorXd& in) const {
  check_input_size(static_cast<std::size_t>(in.size()));
  Eigen::VectorXd out(static_cast<Eigen::Index>(outputs()));
  (*this)(in.data(), out.data());
  return out;
}

CompiledFunction compile(const std::vector<GiNaC::ex>& outputs, const std::vector<GiNaC::ex>& inputs,
                         const GiNaC::exmap& constants, const CompileOptions& options) {
  const GiNaC::exmap values = numeric_constants(constants);
  check_disjoint(inputs, values);
  std::vector<GiNaC::ex> substituted;
  substituted.reserve(outputs.size());
  for (const auto& e : outputs) substituted.push_back(values.empty() ? e : e.subs(values));

  CompiledFunction f(std::make_shared<const Program>(lower_to_program(substituted, inputs)));
  if (options.backend == Backend::Bytecode) {
    f.note_ = "bytecode (requested)";
    return f;
  }
  try {
    f.native_ = detail::load_native(*f.program_, {options.compiler, options.cache_dir});
    f.note_ = "native C: " + f.native_.path +
              (f.native_.cached ? " (cached)"
                                : " (compiled in " + std::to_string(f.native_.compile_seconds) + " s)");
  } catch (const detail::JitUnavailable& e) {
    if (options.backend == Backend::NativeC)
      throw NotImplemented(detail::message("compile", "the native back end is unavailable",
                                           "a working C compiler and cache", e.what(),
                                           "use Backend::Auto or Backend::Bytecode"));
    f.note_ = std::string("native C unavailable (") + e.what() + "); using the bytecode interpreter";
    if (!options.quiet) note_fallback_once("compile: " + f.note_);
  }
  return f;
}

CompiledFunction compile_jacobian(const std::vector<GiNaC::ex>& outputs,
                                  const std::vector<GiNaC::ex>& inputs, const GiNaC::exmap& constants,
                                  const CompileOptions& options) {
  std::vector<GiNaC::ex> entries;
  entries.reserve(outputs.size() * inputs.size());
  for (const auto& f : outputs)
    for (const auto& x : inputs) {
      if (!GiNaC::is_a<GiNaC::symbol>(x))
        throw InvalidArgument(detail::message("compile_jacobian", "an input is not a symbol",
                                              "a symbol", detail::str(x)));
      entries.push_back(f.diff(GiNaC::ex_to<GiNaC::symbol>(x)));
    }
  return compile(entries, inputs, constants, options);
}

}  // namespace hamel
