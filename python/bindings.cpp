// python/bindings.cpp — the extension module _hamel, which python/hamel/__init__.py wraps: expressions
// cross the boundary as text in Hamel's input syntax, so that SymPy and GiNaC never meet.
#include "python/bindings.hpp"

#include "core/error.hpp"

namespace py = pybind11;

namespace hamel::python {

namespace {

// A ParseError raised with its position as attributes, so that Python code need not parse the message.
void raise_parse_error(const py::object& type, const ParseError& e) {
  py::object error = type(e.what());
  error.attr("file") = e.file();
  error.attr("line") = e.line();
  error.attr("column") = e.column();
  error.attr("message") = e.message();
  PyErr_SetObject(type.ptr(), error.ptr());
}

}  // namespace

void bind_errors(py::module_& m) {
  // Static: the translator below outlives this call (pybind11's documented pattern).
  static py::exception<ParseError> parse_error(m, "ParseError", PyExc_ValueError);
  static py::exception<InvalidArgument> invalid_argument(m, "InvalidArgument", PyExc_ValueError);
  static py::exception<DomainError> domain_error(m, "DomainError", PyExc_ValueError);
  static py::exception<NotImplemented> not_implemented(m, "Unsupported", PyExc_NotImplementedError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ParseError& e) {  // SpecError too: what the library refuses at a file's position
      raise_parse_error(parse_error, e);
    } catch (const InvalidArgument& e) {
      invalid_argument(e.what());
    } catch (const DomainError& e) {
      domain_error(e.what());
    } catch (const NotImplemented& e) {
      not_implemented(e.what());
    }
  });
}

}  // namespace hamel::python

PYBIND11_MODULE(_hamel, m) {
  m.doc() = "Hamel's C++ library; use the package `hamel`, which speaks SymPy";
  m.attr("version") = HAMEL_VERSION;
  hamel::python::bind_errors(m);
  hamel::python::bind_system(m);
  hamel::python::bind_geometry(m);
}
