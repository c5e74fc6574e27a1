// core/wire.cpp
//
// Prefix notation, one token after the other separated by spaces:
//   L i              the i-th leaf of the table
//   Q p q            the rational p/q;  R b p q  the float of b bits whose exact value is p/q
//   C re im          a complex number of two such numbers
//   + k a1 … ak      a sum;  * k a1 … ak  a product;  ^ b e  a power
//   F s k a1 … ak    the function of serial s;  D s m i1 … im k a1 … ak  its derivative in slots i
// A verdict: "zero undecided method", its detail as "k bytes", the number of point coordinates and
// each (coordinate, value), then the value.
#include "core/wire.hpp"

#include <cln/cln.h>

#include <sstream>
#include <stdexcept>

namespace hamel {

using GiNaC::ex;
using GiNaC::is_a;
using GiNaC::ex_to;

// walk_once's walk (first_visit), a product's factors read off its stored pairs (core/stored_terms.hpp): op(i) builds
// each x^k anew, whose leaves are those of x (k is a number), in the same order.
void WireLeaves::add(const ex& e) {
  if (is_number(e)) return;
  if (e.nops() == 0) {
    if (position_.emplace(e, static_cast<long>(leaves_.size())).second) leaves_.push_back(e);
    return;
  }
  if (!first_visit(e, walked_)) return;
  if (is_product(e)) {
    for_each_power(e, [&](const ex& base, const ex&) { add(base); });
    return;
  }
  any_operand(e, [&](const ex& x) {
    add(x);
    return false;  // on to every operand
  });
}

std::optional<std::size_t> WireLeaves::index(const ex& leaf) const {
  const auto it = position_.find(leaf);
  if (it == position_.end()) return std::nullopt;
  return static_cast<std::size_t>(ex_to<GiNaC::numeric>(it->second).to_long());
}

namespace {

// A real number: exact (Q p q), or a float as its exact binary value and its precision in bits
// (R bits p q), so that the parent holds the very float the worker computed.
void write_real(std::ostream& os, const GiNaC::numeric& r) {
  if (r.is_rational()) {
    os << " Q " << r.numer() << ' ' << r.denom();
    return;
  }
  const cln::cl_F f = cln::the<cln::cl_F>(r.to_cl_N());
  const GiNaC::numeric exact(cln::rational(f));
  os << " R " << cln::float_digits(f) << ' ' << exact.numer() << ' ' << exact.denom();
}

bool write_number(std::ostream& os, const GiNaC::numeric& n) {
  if (n.is_real()) {
    write_real(os, n);
  } else {
    os << " C";
    write_real(os, n.real());
    write_real(os, n.imag());
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

void write_bytes(std::ostream& os, const std::string& bytes) { os << ' ' << bytes.size() << ' ' << bytes; }

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

  GiNaC::numeric real() {  // Q p q, or R bits p q
    const std::string tag = next<std::string>();
    if (tag == "Q") return fraction();
    if (tag != "R") malformed();
    return float_of(next<unsigned long>());
  }

  GiNaC::numeric float_of(unsigned long bits) {  // p q, after R bits
    if (bits == 0 || bits > (1ul << 24)) malformed();
    const GiNaC::numeric exact = fraction();
    return GiNaC::numeric(cln::cl_float(cln::the<cln::cl_RA>(exact.to_cl_N()), cln::float_format_t(bits)));
  }

  GiNaC::exvector operands() {
    const auto k = next<std::size_t>();
    GiNaC::exvector v;
    for (std::size_t i = 0; i < k; ++i) v.push_back(expression());
    return v;
  }

  std::string bytes() {  // "k bytes"
    const auto k = next<std::size_t>();
    is.get();  // the space before the bytes
    std::string out(k, '\0');
    if (!is.read(out.data(), static_cast<std::streamsize>(k))) malformed();
    return out;
  }

  ex expression() {
    const std::string tag = next<std::string>();
    if (tag == "L") {
      const auto i = next<std::size_t>();
      if (i >= leaves.size()) malformed();
      return leaves.at(i);
    }
    if (tag == "Q") return fraction();
    if (tag == "R") return float_of(next<unsigned long>());
    if (tag == "C") {
      const GiNaC::numeric re = real(), im = real();
      return re + GiNaC::I * im;
    }
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

std::optional<std::string> to_wire(const ZeroVerdict& v, const WireLeaves& leaves) {
  std::ostringstream os;
  os << v.zero << ' ' << v.undecided << ' ' << static_cast<int>(v.method);
  write_bytes(os, v.detail);
  os << ' ' << v.point.size();
  for (const auto& [coordinate, value] : v.point)
    if (!write(os, coordinate, leaves) || !write(os, value, leaves)) return std::nullopt;
  if (!write(os, v.value, leaves)) return std::nullopt;
  return os.str();
}

ZeroVerdict verdict_from_wire(const std::string& text, const WireLeaves& leaves) {
  Reader r{std::istringstream(text), leaves};
  ZeroVerdict v;
  v.zero = r.next<int>() != 0;
  v.undecided = r.next<int>() != 0;
  const int method = r.next<int>();
  if (method < 0 || method > static_cast<int>(Decision::BallArithmetic)) Reader::malformed();
  v.method = static_cast<Decision>(method);
  v.detail = r.bytes();
  for (auto k = r.next<std::size_t>(); k > 0; --k) {
    const ex coordinate = r.expression();
    v.point[coordinate] = r.expression();
  }
  v.value = r.expression();
  if (std::string rest; r.is >> rest) Reader::malformed();
  return v;
}

}  // namespace hamel
