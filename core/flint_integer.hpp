// core/flint_integer.hpp — a GiNaC integer into FLINT's fmpz (for the .cpp files that use FLINT or
// Arb; FLINT's headers are private to the library).
#pragma once

#include <flint/fmpz.h>
#include <ginac/ginac.h>

#include <sstream>

namespace hamel {

inline void to_flint(const GiNaC::numeric& n, fmpz_t z) {
  if (n.is_integer() && GiNaC::abs(n) < GiNaC::numeric(1L << 62)) {  // the common case, without a string
    fmpz_set_si(z, n.to_long());
    return;
  }
  std::ostringstream os;
  os << n;  // an integer prints as its decimal digits
  fmpz_set_str(z, os.str().c_str(), 10);
}

}  // namespace hamel
