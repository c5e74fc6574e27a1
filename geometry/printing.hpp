// geometry/printing.hpp — geometric objects as text and as LaTeX, named as a paper writes them:
// X = R\sin(\varphi)\,\partial_{x} + …, Λ = -m R^{2}\sin(\theta)\, d\varphi\wedge d\theta\wedge d\psi.
#pragma once

#include <string>

#include "geometry/form.hpp"
#include "geometry/metric.hpp"
#include "geometry/multivector.hpp"
#include "geometry/vector_field.hpp"

namespace hamel {

std::string to_latex(const VectorField& X);
std::string to_latex(const Form& a);
std::string to_latex(const Multivector& P);
/// g_ij dx^i dx^j (symmetric products written as dx\,dy)
std::string to_latex(const Metric& g);

std::string to_text(const VectorField& X);
std::string to_text(const Form& a);
std::string to_text(const Multivector& P);
std::string to_text(const Metric& g);

}  // namespace hamel
