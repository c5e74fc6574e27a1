// core/message_text.hpp — an expression as an error message shows it.
#pragma once

#include <ginac/ginac.h>

#include <string>

namespace hamel {

/// e in canonical form as text, or "an expression of more than 2000 nodes (not printed)" when e or its
/// canonical form is that large: no one reads it, and ordering the terms of a tower of powers' third
/// derivative for printing took minutes (fuzz bug 23).
std::string message_text(const GiNaC::ex& e);

}  // namespace hamel
