// python/bindings.hpp — the parts of the extension _hamel (docs/python.md); each binds one layer.
#pragma once

#include <pybind11/pybind11.h>

namespace hamel::python {

/// Hamel's exceptions as Python classes: ParseError (file, line, column), InvalidArgument, DomainError.
void bind_errors(pybind11::module_& m);
/// System files, their derivation (JSON, LaTeX, text) and claims files (python/bind_system.cpp).
void bind_system(pybind11::module_& m);
/// Charts, vector fields, forms, multivectors and their operations, expressions as text
/// (python/bind_geometry.cpp).
void bind_geometry(pybind11::module_& m);

}  // namespace hamel::python
