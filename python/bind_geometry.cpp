// python/bind_geometry.cpp — the geometry layer with expressions as text: python/hamel/_text.py
// writes SymPy in Hamel's input syntax, the chart's ExpressionReader reads it (as it reads system
// files), and results go back as to_text, which SymPy reads with the same names.
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <memory>
#include <tuple>

#include "core/latex.hpp"
#include "geometry/form.hpp"
#include "geometry/multivector.hpp"
#include "io/expression_reader.hpp"
#include "python/bindings.hpp"

namespace py = pybind11;

namespace hamel::python {

namespace {

/// An expression as pieces whose sum it is: the reader takes at most 4000 characters at a time.
using Text = std::vector<std::string>;
/// A form's or multivector's components: increasing indices → value.
using TextComponents = std::vector<std::pair<Indices, Text>>;

struct ChartInput {
  std::string name;
  std::vector<std::string> coordinates;
  std::vector<std::pair<std::string, bool>> parameters;               ///< name, positive
  std::vector<std::pair<std::string, std::vector<std::string>>> functions;  ///< name, argument coordinates
};

// A chart and the reader of its names.
class TextChart {
 public:
  explicit TextChart(const ChartInput& in) : chart_(spec(in)) {
    for (std::size_t i = 0; i < chart_.dim(); ++i) reader_.declare(chart_.coordinate_name(i), chart_[i]);
    for (std::size_t i = 0; i < chart_.parameters().size(); ++i)
      reader_.declare(chart_.parameter_specs()[i].name, chart_.parameters()[i]);
    for (const auto& f : chart_.function_specs()) reader_.declare_function(chart_.function(f.name));
  }
  const Chart& chart() const { return chart_; }
  GiNaC::ex read(const Text& pieces) const {
    GiNaC::ex sum = 0;
    for (const auto& p : pieces) sum += reader_.parse(p);
    return sum;
  }
  std::vector<GiNaC::ex> read(const std::vector<Text>& texts) const {
    std::vector<GiNaC::ex> out;
    for (const auto& t : texts) out.push_back(read(t));
    return out;
  }
  Alternating::Components read(const TextComponents& texts) const {
    Alternating::Components out;
    for (const auto& [idx, t] : texts) out[idx] += read(t);
    return out;
  }

 private:
  static ChartSpec spec(const ChartInput& in) {
    ChartSpec s{in.name, in.coordinates, {}, {}, {}};
    for (const auto& [name, positive] : in.parameters) s.parameters.push_back({name, positive});
    for (const auto& [name, args] : in.functions) s.functions.push_back({name, args});
    return s;
  }
  Chart chart_;
  ExpressionReader reader_;
};

std::vector<std::string> texts(const std::vector<GiNaC::ex>& v) {
  std::vector<std::string> out;
  for (const auto& e : v) out.push_back(to_text(e));
  return out;
}

std::vector<std::pair<Indices, std::string>> texts(const Alternating& a) {
  std::vector<std::pair<Indices, std::string>> out;
  for (const auto& [idx, c] : a.components()) out.emplace_back(idx, to_text(c));
  return out;
}

// A zero test's verdict: zero, undecided, how it was decided.
std::tuple<bool, bool, std::string> verdict(const ZeroVerdict& v) { return {v.zero, v.undecided, v.how()}; }

void bind_chart(py::module_& m) {
  py::class_<TextChart, std::shared_ptr<TextChart>>(m, "Chart")
      .def(py::init([](const std::string& name, const std::vector<std::string>& coordinates,
                       const std::vector<std::pair<std::string, bool>>& parameters,
                       const std::vector<std::pair<std::string, std::vector<std::string>>>& functions) {
             return std::make_shared<TextChart>(ChartInput{name, coordinates, parameters, functions});
           }))
      .def("describe", [](const TextChart& c) { return c.chart().describe(); })
      .def("dim", [](const TextChart& c) { return c.chart().dim(); })
      .def("read", [](const TextChart& c, const Text& t) { return to_text(c.read(t)); },
           "the expression as Hamel reads and prints it")
      .def("simplify", [](const TextChart& c, const Text& t) { return to_text(simplify(c.read(t))); })
      .def("zero_test", [](const TextChart& c, const Text& t) { return verdict(zero_test(c.read(t), c.chart())); })
      .def("vector_field", [](const TextChart& c, const std::vector<Text>& t) { return VectorField(c.chart(), c.read(t)); })
      .def("coordinate_field", [](const TextChart& c, std::size_t i) { return VectorField::coordinate(c.chart(), i); })
      .def("form", [](const TextChart& c, unsigned degree, const TextComponents& t) { return Form(c.chart(), degree, c.read(t)); })
      .def("differential", [](const TextChart& c, const Text& f) { return differential(c.read(f), c.chart()); },
           "df of a function")
      .def("multivector", [](const TextChart& c, unsigned degree, const TextComponents& t) {
        return Multivector(c.chart(), degree, c.read(t));
      })
      .def("bivector", [](const TextChart& c, const std::vector<std::vector<Text>>& rows) {
        GiNaC::matrix M(rows.size(), rows.empty() ? 0 : rows[0].size());
        for (std::size_t i = 0; i < rows.size(); ++i)
          for (std::size_t j = 0; j < rows[i].size(); ++j) M(i, j) = c.read(rows[i][j]);
        return Multivector::bivector(c.chart(), M);
      })
      .def("apply", [](const TextChart& c, const VectorField& X, const Text& f) { return to_text(X(c.read(f))); },
           "X(f)")
      .def("times", [](const TextChart& c, const Text& f, const VectorField& X) { return c.read(f) * X; })
      .def("times", [](const TextChart& c, const Text& f, const Form& a) { return c.read(f) * a; })
      .def("times", [](const TextChart& c, const Text& f, const Multivector& P) { return c.read(f) * P; });
}

void bind_objects(py::module_& m) {
  py::class_<VectorField>(m, "VectorField")
      .def("components", [](const VectorField& X) { return texts(X.components()); })
      .def(py::self + py::self)
      .def(py::self - py::self)
      .def(-py::self);
  py::class_<Form>(m, "Form")
      .def_property_readonly("degree", &Form::degree)
      .def("components", [](const Form& a) { return texts(a); })
      .def(py::self + py::self)
      .def(py::self - py::self)
      .def(-py::self);
  py::class_<Multivector>(m, "Multivector")
      .def_property_readonly("degree", &Multivector::degree)
      .def("components", [](const Multivector& P) { return texts(P); })
      .def(py::self + py::self)
      .def(py::self - py::self)
      .def("__neg__", [](const Multivector& P) { return GiNaC::ex(-1) * P; });
}

// Overloads are told apart by their arguments' C++ types, as pybind11 tries them in order.
void bind_operations(py::module_& m) {
  m.def("lie_bracket", &lie_bracket);
  m.def("wedge", py::overload_cast<const Form&, const Form&>(&wedge));
  m.def("wedge", py::overload_cast<const Multivector&, const Multivector&>(&wedge));
  m.def("exterior_derivative", &exterior_derivative);
  m.def("interior_product", py::overload_cast<const VectorField&, const Form&>(&interior_product));
  m.def("interior_product", py::overload_cast<const Form&, const Multivector&>(&interior_product));
  m.def("lie_derivative", py::overload_cast<const VectorField&, const Form&>(&lie_derivative));
  m.def("lie_derivative", py::overload_cast<const VectorField&, const Multivector&>(&lie_derivative));
  m.def("schouten_bracket", &schouten_bracket);
  m.def("sharp", &sharp);
  m.def("as_multivector", &Multivector::from);
  m.def("evaluate", [](const Form& a, const std::vector<VectorField>& X) { return to_text(evaluate(a, X)); });
  m.def("evaluate", [](const Multivector& P, const std::vector<Form>& a) { return to_text(evaluate(P, a)); });
  m.def("simplify", py::overload_cast<const VectorField&>(&simplify));
  m.def("simplify", py::overload_cast<const Form&>(&simplify));
  m.def("simplify", py::overload_cast<const Multivector&>(&simplify));
  m.def("zero_test", [](const VectorField& X) { return verdict(zero_test(X)); });
  m.def("zero_test", [](const Form& a) { return verdict(zero_test(a)); });
  m.def("zero_test", [](const Multivector& P) { return verdict(zero_test(P)); });
}

}  // namespace

void bind_geometry(py::module_& m) {
  bind_chart(m);
  bind_objects(m);
  bind_operations(m);
}

}  // namespace hamel::python
