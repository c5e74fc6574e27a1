// numerics/ode.cpp
#include "numerics/ode.hpp"

#include "core/error.hpp"
#include "numerics/compiled_function.hpp"
#include "numerics/dense_stepper.hpp"

namespace hamel {

std::string to_string(Termination t) {
  switch (t) {
    case Termination::Completed: return "completed";
    case Termination::Event: return "event";
    case Termination::Stopped: return "stopped";
    case Termination::MaxEvents: return "max events";
    case Termination::MaxSteps: return "max steps";
    case Termination::NotFinite: return "not finite";
    case Termination::StepFailed: return "step failed";
  }
  return "?";
}

Trajectory integrate(const Rhs& f, const State& x0, double t0, double t1, const IntegrateOptions& options) {
  detail::check_problem("integrate", x0, t0, t1, options);
  detail::RunContext ctx;
  ctx.t0 = t0;
  ctx.t1 = t1;
  return detail::run_steps(f, x0, t0, t1, options, ctx, nullptr);
}

Rhs make_rhs(const CompiledFunction& f) {
  const std::size_t n = f.outputs();
  auto check = [n](const State& x) {
    if (x.size() != n)
      throw InvalidArgument(detail::message("make_rhs", "wrong state size", std::to_string(n),
                                            std::to_string(x.size())));
  };
  if (f.inputs() == n)
    return [f, check](const State& x, State& dxdt, double) {
      check(x);
      f(x.data(), dxdt.data());
    };
  if (f.inputs() == n + 1)
    return [f, check, in = State(n + 1)](const State& x, State& dxdt, double t) mutable {
      check(x);
      std::copy(x.begin(), x.end(), in.begin());
      in[x.size()] = t;
      f(in.data(), dxdt.data());
    };
  throw InvalidArgument(detail::message("make_rhs", "a right-hand side maps n states to n rates",
                                        "n or n + 1 inputs (time last) for n = " + std::to_string(n) +
                                            " outputs",
                                        std::to_string(f.inputs()) + " inputs"));
}

}  // namespace hamel
