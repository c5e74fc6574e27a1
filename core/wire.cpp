// core/wire.cpp
//
// Prefix notation, one token after the other separated by spaces:
//   L i              the i-th leaf of the table
//   Q p q            the rational p/q;  C re im  a complex number of two such numbers
//   N k bytes        any other number as GiNaC's archive of it, k bytes long (floats keep every digit)
//   + k a1 … ak      a sum;  * k a1 … ak  a product;  ^ b e  a power
//   F s k a1 … ak    the function of serial s;  D s m i1 … im k a1 … ak  its derivative in slots i
#include "core/wire.hpp"

#include <sstream>
#include <stdexcept>

namespace hamel {

using GiNaC::ex;
using GiNaC::is_a;
using GiNaC::ex_to;

void WireLeaves::add(const ex& e) {
  if (is_a<GiNaC::numeric>(e)) return;
  if (e.nops() == 0) {
    if (position_.emplace(e, static_cast<long>(leaves_.size())).second) leaves_.push_back(e);
    return;
  }
  for (std::size_t i = 0; i < e.nops(); ++i) add(e.op(i));
}

std::optional<std::size_t> WireLeaves::index(const ex& leaf) const {
  const auto it = position_.find(leaf);
  if (it == position_.end()) return std::nullopt;
  return static_cast<std::size_t>(ex_to<GiNaC::numeric>(it->second).to_long());
}

namespace {

void write_rational(std::ostream& os, const GiNaC::numeric& r) { os << " Q " << r.numer() << ' ' << r.denom(); }

bool write_number(std::ostream& os, const GiNaC::numeric& n) {
  if (n.is_rational()) {
    write_rational(os, n);
  } else if (n.is_crational()) {
    os << " C";
    write_rational(os, n.real());
    write_rational(os, n.imag());
  } else {
    GiNaC::archive ar(n, "n");
    std::ostringstream bytes;
    bytes << ar;
    os << " N " << bytes.str().size() << ' ' << bytes.str();
  }
  return true;
}

bool write(std::ostream& os, const ex& e, const WireLeaves& leaves) {
  if (is_a<GiNaC::numeric>(e)) return write_number(os, ex_to<GiNaC::numeric>(e));
  if (e.nops() == 0) {
    const auto i = leaves.index(e);
    if (!i) return false;
    os << " L " << *i;
    return true;
  }
  const auto operands = [&] {
    os << ' ' << e.nops();
    for (std::size_t i = 0; i < e.nops(); ++i)
      if (!write(os, e.op(i), leaves)) return false;
    return true;
  };
  if (is_a<GiNaC::add>(e) || is_a<GiNaC::mul>(e)) {
    os << (is_a<GiNaC::add>(e) ? " +" : " *");
    return operands();
  }
  if (is_a<GiNaC::power>(e)) {
    os << " ^";
    return write(os, e.op(0), leaves) && write(os, e.op(1), leaves);
  }
  if (is_a<GiNaC::fderivative>(e)) {
    const GiNaC::paramset& slots = ex_to<GiNaC::fderivative>(e).derivatives();
    os << " D " << ex_to<GiNaC::function>(e).get_serial() << ' ' << slots.size();
    for (unsigned s : slots) os << ' ' << s;
    return operands();
  }
  if (is_a<GiNaC::function>(e)) {
    os << " F " << ex_to<GiNaC::function>(e).get_serial();
    return operands();
  }
  return false;
}

struct Reader {
  std::istringstream is;
  const WireLeaves& leaves;

  [[noreturn]] static void malformed() { throw std::runtime_error("from_wire: malformed expression text"); }

  template <class T>
  T next() {
    T x{};
    if (!(is >> x)) malformed();
    return x;
  }

  GiNaC::numeric fraction() {  // p q, after the tag Q
    const GiNaC::numeric p(next<std::string>().c_str()), q(next<std::string>().c_str());
    if (!p.is_integer() || !q.is_integer() || q.is_zero()) malformed();
    return p / q;
  }

  GiNaC::numeric rational() {
    if (next<std::string>() != "Q") malformed();
    return fraction();
  }

  GiNaC::exvector operands() {
    const auto k = next<std::size_t>();
    GiNaC::exvector v;
    for (std::size_t i = 0; i < k; ++i) v.push_back(expression());
    return v;
  }

  ex archived_number() {
    const auto k = next<std::size_t>();
    is.get();  // the space before the bytes
    std::string bytes(k, '\0');
    if (!is.read(bytes.data(), static_cast<std::streamsize>(k))) malformed();
    std::istringstream in(bytes);
    GiNaC::archive ar;
    in >> ar;
    return ar.unarchive_ex(GiNaC::lst{}, "n");
  }

  ex expression() {
    const std::string tag = next<std::string>();
    if (tag == "L") {
      const auto i = next<std::size_t>();
      if (i >= leaves.size()) malformed();
      return leaves.at(i);
    }
    if (tag == "Q") return fraction();
    if (tag == "C") {
      const GiNaC::numeric re = rational(), im = rational();
      return re + GiNaC::I * im;
    }
    if (tag == "N") return archived_number();
    if (tag == "+") return GiNaC::add(operands());
    if (tag == "*") return GiNaC::mul(operands());
    if (tag == "^") {
      const ex b = expression();
      return GiNaC::pow(b, expression());
    }
    if (tag == "F") {
      const auto serial = next<unsigned>();
      return GiNaC::function(serial, operands());
    }
    if (tag == "D") {
      const auto serial = next<unsigned>();
      GiNaC::paramset slots;
      for (auto m = next<std::size_t>(); m > 0; --m) slots.insert(next<unsigned>());
      return GiNaC::fderivative(serial, slots, operands());
    }
    malformed();
  }
};

}  // namespace

std::optional<std::string> to_wire(const ex& e, const WireLeaves& leaves) {
  std::ostringstream os;
  if (!write(os, e, leaves)) return std::nullopt;
  return os.str();
}

ex from_wire(const std::string& text, const WireLeaves& leaves) {
  Reader r{std::istringstream(text), leaves};
  const ex e = r.expression();
  if (std::string rest; r.is >> rest) Reader::malformed();
  return e;
}

}  // namespace hamel
