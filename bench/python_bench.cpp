// bench/python_bench.cpp — the C++ side of bench/python_overhead.py: the calls the Python module
// makes, timed from C++, so that the script can report what crossing into Python costs.
//   lie_bracket_x1000       1000 Lie brackets of two small fields (built once)
//   lie_bracket_text_x1000  the same with each call's inputs read from text and the result printed as
//                           text, as the module's conversions do (without SymPy)
//   derive_<system>         `hamel derive SYSTEM --json FILE --quiet`, in-process (hamel::cli::run)
// Prints "RESULT <case> <seconds>" (best of 5).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "bench/timing.hpp"
#include "cli/commands.hpp"
#include "core/latex.hpp"
#include "geometry/vector_field.hpp"
#include "io/expression_reader.hpp"

namespace {

using namespace hamel;

const std::vector<std::string> kX = {"y*z", "sin(x)", "x^2"}, kY = {"cos(z)", "x*y", "1"};

std::vector<GiNaC::ex> read_all(const ExpressionReader& r, const std::vector<std::string>& texts) {
  std::vector<GiNaC::ex> out;
  for (const auto& t : texts) out.push_back(r.parse(t));
  return out;
}

void lie_brackets() {
  const Chart Q = Chart::make("R3", {"x", "y", "z"});
  ExpressionReader r;
  for (std::size_t i = 0; i < 3; ++i) r.declare(Q.coordinate_name(i), Q[i]);
  const VectorField X(Q, read_all(r, kX)), Y(Q, read_all(r, kY));
  std::size_t sink = 0;
  const double plain = bench::best_seconds(5, [&] {
    for (int i = 0; i < 1000; ++i) sink += lie_bracket(X, Y).components().size();
  });
  const double text = bench::best_seconds(5, [&] {
    for (int i = 0; i < 1000; ++i) {
      const VectorField Z = lie_bracket(VectorField(Q, read_all(r, kX)), VectorField(Q, read_all(r, kY)));
      for (const auto& c : Z.components()) sink += to_text(c).size();
    }
  });
  std::cout << "RESULT lie_bracket_x1000 " << plain << "\nRESULT lie_bracket_text_x1000 " << text << "\n# " << sink << "\n";
}

void derive(const std::string& system) {
  const std::string json = "/tmp/hamel-python-bench-" + system + ".json";
  const double t = bench::best_seconds(5, [&] {
    std::ostringstream out, err;
    if (cli::run({"derive", "examples/" + system + ".yaml", "--quiet", "--json", json}, out, err) != 0) {
      std::cerr << err.str();
      std::exit(1);
    }
  });
  std::remove(json.c_str());
  std::cout << "RESULT derive_" << system << " " << t << "\n";
}

}  // namespace

int main() {
  lie_brackets();
  derive("nonholonomic_particle");
  derive("chaplygin_sleigh");
  return 0;
}
