// reduction/groebner.cpp — the bridge to libsingular. The generators go to a child process as plain
// terms (text); the child builds Singular's ring and ideal, runs std and writes the basis back as
// terms too, which this process builds into GiNaC expressions. Singular is only ever initialised in the
// child (its start-up writes to stdout), which serves every problem of this process (core/isolated.hpp,
// IsolatedServer).
#include "reduction/groebner.hpp"

#include <Singular/libsingular.h>
// the representation of Q(p1, …, pm)'s numbers (a numerator and a denominator polynomial), read only
#define TRANSEXT_PRIVATES
#include <polys/ext_fields/transext.h>

#include <dlfcn.h>
#include <gmp.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "core/error.hpp"
#include "core/isolated.hpp"

namespace hamel {

namespace {

using GiNaC::ex;
using GiNaC::is_a;
using GiNaC::ex_to;

// A term c · Π v_i^{e_i} · Π p_j^{f_j}, c = num/den.
struct Term {
  std::string num, den;
  std::vector<int> vars, consts;
};
using Terms = std::vector<Term>;

// ---------------------------------------------------------------------------------------------
// GiNaC → terms (this process).

struct Indexer {
  std::map<ex, int, GiNaC::ex_is_less> var, cst;
};

void add_factor(const ex& f, const Indexer& ix, Term& t, GiNaC::numeric& c) {
  if (is_a<GiNaC::numeric>(f)) {
    c *= ex_to<GiNaC::numeric>(f);
    return;
  }
  ex base = f;
  int e = 1;
  if (is_a<GiNaC::power>(f) && is_a<GiNaC::numeric>(f.op(1)) && ex_to<GiNaC::numeric>(f.op(1)).is_pos_integer()) {
    base = f.op(0);
    e = ex_to<GiNaC::numeric>(f.op(1)).to_int();
  }
  if (const auto it = ix.var.find(base); it != ix.var.end()) {
    t.vars[it->second] += e;
  } else if (const auto jt = ix.cst.find(base); jt != ix.cst.end()) {
    t.consts[jt->second] += e;
  } else {
    throw InvalidArgument(detail::message("groebner_basis", "a generator is not a polynomial in the variables",
                                          "a monomial in the declared symbols", detail::str(f)));
  }
}

Terms to_terms(const ex& poly, const Indexer& ix) {
  const ex p = poly.expand();
  Terms out;
  const std::size_t n = is_a<GiNaC::add>(p) ? p.nops() : (p.is_zero() ? 0 : 1);
  for (std::size_t i = 0; i < n; ++i) {
    const ex term = is_a<GiNaC::add>(p) ? p.op(i) : p;
    Term t{"", "", std::vector<int>(ix.var.size(), 0), std::vector<int>(ix.cst.size(), 0)};
    GiNaC::numeric c = 1;
    if (is_a<GiNaC::mul>(term)) {
      for (std::size_t k = 0; k < term.nops(); ++k) add_factor(term.op(k), ix, t, c);
    } else {
      add_factor(term, ix, t, c);
    }
    if (!c.is_rational())
      throw InvalidArgument(detail::message("groebner_basis", "a coefficient is not rational", "a rational number",
                                            detail::str(c)));
    t.num = detail::str(c.numer());
    t.den = detail::str(c.denom());
    out.push_back(std::move(t));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Singular (the child).

std::string& singular_error() {
  static std::string message;
  return message;
}

void record_error(const char* s) { singular_error() += s; }

char** names(const char* stem, int n) {
  char** out = static_cast<char**>(omAlloc0(static_cast<std::size_t>(n) * sizeof(char*)));
  for (int i = 0; i < n; ++i) out[i] = omStrDup((stem + std::to_string(i + 1)).c_str());
  return out;
}

// Q(p1, …, pk), or Q when k = 0.
coeffs coefficient_field(int k) {
  if (k == 0) return nInitChar(n_Q, nullptr);
  ring pr = rDefault(0, k, names("p", k));
  pr->ShortOut = 0;
  TransExtInfo info;
  info.r = pr;
  return nInitChar(n_transExt, &info);
}

ring make_ring(const std::vector<int>& blocks, int n_consts, bool last_block_lex) {
  int n = 0;
  for (int b : blocks) n += b;
  const std::size_t nb = blocks.size();
  auto* ord = static_cast<rRingOrder_t*>(omAlloc0((nb + 2) * sizeof(rRingOrder_t)));
  auto* b0 = static_cast<int*>(omAlloc0((nb + 2) * sizeof(int)));
  auto* b1 = static_cast<int*>(omAlloc0((nb + 2) * sizeof(int)));
  int start = 1;
  for (std::size_t k = 0; k < nb; ++k) {
    ord[k] = last_block_lex && k + 1 == nb ? ringorder_lp : ringorder_dp;
    b0[k] = start;
    b1[k] = start + blocks[k] - 1;
    start += blocks[k];
  }
  ord[nb] = ringorder_C;
  ring r = rDefault(coefficient_field(n_consts), n, names("v", n), static_cast<int>(nb + 1), ord, b0, b1);
  r->ShortOut = 0;
  return r;
}

number rational(const Term& t, const coeffs cf) {
  mpz_t z;
  mpz_init_set_str(z, t.num.c_str(), 10);
  number a = n_InitMPZ(z, cf);
  mpz_set_str(z, t.den.c_str(), 10);
  number b = n_InitMPZ(z, cf);
  mpz_clear(z);
  number q = n_Div(a, b, cf);
  n_Delete(&a, cf);
  n_Delete(&b, cf);
  for (std::size_t j = 0; j < t.consts.size(); ++j) {
    if (t.consts[j] == 0) continue;
    number pj = n_Param(static_cast<int>(j + 1), cf), pw = nullptr;
    n_Power(pj, t.consts[j], &pw, cf);
    number next = n_Mult(q, pw, cf);
    n_Delete(&pj, cf);
    n_Delete(&pw, cf);
    n_Delete(&q, cf);
    q = next;
  }
  return q;
}

poly to_poly(const Terms& terms, const ring r) {
  poly acc = nullptr;
  for (const Term& t : terms) {
    poly m = p_NSet(rational(t, r->cf), r);
    for (std::size_t i = 0; i < t.vars.size(); ++i) p_SetExp(m, static_cast<int>(i + 1), t.vars[i], r);
    p_Setm(m, r);
    acc = p_Add_q(acc, m, r);
  }
  return acc;
}

bool free_of_first(poly p, int n_eliminated, const ring r) {
  for (int v = 1; v <= n_eliminated; ++v)
    if (p_GetExp(p, v, r) != 0) return false;  // the leading term decides in an elimination order
  return true;
}

// The basis goes back as terms, not as Singular's text, so that this process builds each term
// directly: GiNaC's parser took a third of a Veselova system's derivation on its 640 kB of bases.
// A term is one line: its element's index; its monomial as the count of nonzero exponents and the
// (variable, exponent) pairs; then its coefficient's numerator and denominator over Q(p1, …, pm), each
// as a count of terms and per term "num den" and the constants' exponents written as the monomial's
// (a denominator of 0 terms is 1).
void write_rational(number n, const coeffs cf, std::string& out) {
  number num = n_GetNumerator(n, cf), den = n_GetDenom(n, cf);
  mpz_t z;
  mpz_init(z);
  for (number* x : {&num, &den}) {
    n_MPZ(z, *x, cf);
    std::string text(mpz_sizeinbase(z, 10) + 2, '\0');  // digits, a sign and the terminating zero
    mpz_get_str(text.data(), 10, z);
    out += ' ';
    out += text.c_str();
    n_Delete(x, cf);
  }
  mpz_clear(z);
}

void write_exponents(poly m, int n, const ring r, std::string& out) {
  int nonzero = 0;
  for (int v = 1; v <= n; ++v) nonzero += p_GetExp(m, v, r) != 0;
  out += ' ' + std::to_string(nonzero);
  for (int v = 1; v <= n; ++v)
    if (const long e = p_GetExp(m, v, r); e != 0) out += ' ' + std::to_string(v - 1) + ' ' + std::to_string(e);
}

// A polynomial over Q in the constants (a fraction's numerator or denominator): its term count, then
// each term's number and exponents.
void write_constant_poly(poly q, const ring R, std::string& out) {
  int n = 0;
  for (poly t = q; t != nullptr; t = pNext(t)) ++n;
  out += ' ' + std::to_string(n);
  for (poly t = q; t != nullptr; t = pNext(t)) {
    write_rational(pGetCoeff(t), R->cf, out);
    write_exponents(t, rVar(R), R, out);
  }
}

void write_terms(poly g, std::size_t k, const ring r, std::string& out) {
  for (poly t = g; t != nullptr; t = pNext(t)) {
    out += std::to_string(k);
    write_exponents(t, rVar(r), r, out);
    number c = pGetCoeff(t);
    if (nCoeff_is_transExt(r->cf)) {  // numerator and denominator with their gcd cancelled, as Singular prints them
      for (number part : {n_GetNumerator(c, r->cf), n_GetDenom(c, r->cf)}) {
        write_constant_poly(NUM(reinterpret_cast<fraction>(part)), r->cf->extRing, out);
        n_Delete(&part, r->cf);
      }
    } else {
      out += " 1";
      write_rational(c, r->cf, out);
      out += " 0 0";
    }
    out += '\n';
  }
}

// The problem as text, for the child: "blocks b_1 … b_k", "constants n", "eliminated n", "lex n" (the
// last block in lp when 1), then one line per term "generator num den e_1 … e_n f_1 … f_m".
struct SingularProblem {
  std::vector<Terms> gens;
  std::vector<int> blocks;
  int n_consts = 0;
  int n_eliminated = 0;
  int last_block_lex = 0;
};

std::string to_text(const SingularProblem& p) {
  std::ostringstream os;
  os << "blocks";
  for (int b : p.blocks) os << ' ' << b;
  os << "\nconstants " << p.n_consts << "\neliminated " << p.n_eliminated << "\nlex " << p.last_block_lex
     << "\ngenerators " << p.gens.size() << '\n';
  for (std::size_t g = 0; g < p.gens.size(); ++g)
    for (const Term& t : p.gens[g]) {
      os << g << ' ' << t.num << ' ' << t.den;
      for (int e : t.vars) os << ' ' << e;
      for (int f : t.consts) os << ' ' << f;
      os << '\n';
    }
  return os.str();
}

SingularProblem from_text(const std::string& text) {
  std::istringstream is(text);
  SingularProblem p;
  std::string word, line;
  std::getline(is, line);
  std::istringstream blocks(line);
  blocks >> word;
  int n_vars = 0;
  for (int b; blocks >> b;) p.blocks.push_back(b), n_vars += b;
  std::size_t n_gens = 0;
  is >> word >> p.n_consts >> word >> p.n_eliminated >> word >> p.last_block_lex >> word >> n_gens;
  p.gens.resize(n_gens);
  for (std::size_t g; is >> g;) {
    Term t{"", "", std::vector<int>(static_cast<std::size_t>(n_vars)), std::vector<int>(static_cast<std::size_t>(p.n_consts))};
    is >> t.num >> t.den;
    for (int& e : t.vars) is >> e;
    for (int& f : t.consts) is >> f;
    if (!is || g >= n_gens) throw std::runtime_error("a malformed Gröbner problem");
    p.gens[g].push_back(std::move(t));
  }
  return p;
}

// Singular's directories, for a process that is no Singular executable: the library's own. Unset,
// Singular looks for its executable along PATH to find them, and fails, and, since a failed look-up is
// not remembered, looks again for the optional modules p_Procs_* at every ring it makes (rComplete):
// 40 000 failed access() calls in the flagship's 44 problems, 10–20 ms. A user's own settings stand.
void singular_directories() {
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&siInit), &info) == 0 || info.dli_fname == nullptr) return;
  std::string dir = info.dli_fname;
  const std::size_t slash = dir.rfind('/');
  if (slash == std::string::npos || slash == 0) return;
  dir.resize(slash);
  ::setenv("SINGULAR_BIN_DIR", dir.c_str(), 0);
  ::setenv("SINGULAR_PROCS_DIR", dir.c_str(), 0);
}

// In the child: Singular is initialised once (its start-up writes to stdout, and costs about 6 ms).
void initialise_singular() {
  static const bool initialised =
      (singular_directories(), siInit(const_cast<char*>("libsingular-Singular")), WerrorS_callback = record_error, true);
  (void)initialised;
}

// Each problem gets its ring, freed with its ideals afterwards.
std::string singular_basis(const SingularProblem& p) {
  initialise_singular();
  errorreported = 0;
  singular_error().clear();
  ring r = make_ring(p.blocks, p.n_consts, p.last_block_lex == 1);
  rChangeCurrRing(r);
  ideal I = idInit(static_cast<int>(p.gens.size()), 1);
  for (std::size_t i = 0; i < p.gens.size(); ++i) I->m[i] = to_poly(p.gens[i], r);
  si_opt_1 |= Sy_bit(OPT_REDSB) | Sy_bit(OPT_REDTAIL);
  ideal G = kStd(I, nullptr, testHomog, nullptr);
  const auto release = [&] {  // the child lives on: every problem frees what it made
    if (G != nullptr) id_Delete(&G, r);
    id_Delete(&I, r);
    rChangeCurrRing(nullptr);
    rDelete(r);
  };
  if (errorreported || G == nullptr) {
    release();
    throw std::runtime_error("Singular: " + singular_error());
  }
  std::string out;
  std::size_t kept = 0;
  for (int i = 0; i < IDELEMS(G); ++i) {
    if (G->m[i] == nullptr || !free_of_first(G->m[i], p.n_eliminated, r)) continue;
    write_terms(G->m[i], kept++, r, out);
  }
  release();
  return out;
}

// The child process that runs Singular, kept for the life of this process; it starts Singular before
// its first request.
IsolatedServer& singular_server() {
  static IsolatedServer server([](const std::string& request) { return singular_basis(from_text(request)); },
                               initialise_singular);
  return server;
}

// ---------------------------------------------------------------------------------------------
// Terms → GiNaC (this process).

// The terms write_terms wrote, read back (the basis elements in Singular's order).
class TermReader {
 public:
  explicit TermReader(const std::string& text) : at_(text.c_str()), end_(text.c_str() + text.size()) {}

  bool more() {
    while (at_ < end_ && std::isspace(static_cast<unsigned char>(*at_))) ++at_;
    return at_ < end_;
  }
  long integer() {
    char* next = nullptr;
    const long v = std::strtol(at_, &next, 10);
    if (next == at_) throw std::runtime_error("a malformed Gröbner basis from the Singular process");
    at_ = next;
    return v;
  }
  GiNaC::numeric big_integer() {
    more();
    const char* start = at_;
    while (at_ < end_ && (std::isdigit(static_cast<unsigned char>(*at_)) || *at_ == '-')) ++at_;
    if (at_ == start) throw std::runtime_error("a malformed Gröbner basis from the Singular process");
    if (at_ - start < 18) return GiNaC::numeric(std::strtol(start, nullptr, 10));
    return GiNaC::numeric(std::string(start, at_).c_str());
  }
  ex monomial(const std::vector<ex>& symbols) {
    GiNaC::exvector powers;
    for (long n = integer(); n > 0; --n) {
      const long i = integer(), e = integer();
      if (i < 0 || static_cast<std::size_t>(i) >= symbols.size()) throw std::runtime_error("a malformed Gröbner basis from the Singular process");
      powers.push_back(GiNaC::pow(symbols[static_cast<std::size_t>(i)], e));
    }
    return GiNaC::mul(powers);
  }
  // A polynomial in the constants; `empty` where it has no terms (1 for a denominator).
  ex constant_poly(const std::vector<ex>& consts, const ex& empty) {
    const long n = integer();
    if (n == 0) return empty;
    GiNaC::exvector terms;
    for (long k = 0; k < n; ++k) {
      const GiNaC::numeric num = big_integer(), den = big_integer();
      terms.push_back(num / den * monomial(consts));
    }
    return GiNaC::add(terms);
  }

 private:
  const char* at_;
  const char* end_;
};

std::vector<ex> read_basis(const std::string& text, const std::vector<ex>& vars, const std::vector<ex>& consts) {
  std::vector<GiNaC::exvector> elements;
  TermReader in(text);
  while (in.more()) {
    const long k = in.integer();
    if (k < 0 || static_cast<std::size_t>(k) > elements.size()) throw std::runtime_error("a malformed Gröbner basis from the Singular process");
    if (static_cast<std::size_t>(k) == elements.size()) elements.emplace_back();
    const ex m = in.monomial(vars);
    const ex num = in.constant_poly(consts, 0);
    const ex den = in.constant_poly(consts, 1);
    elements[static_cast<std::size_t>(k)].push_back(num / den * m);
  }
  std::vector<ex> out;
  for (const GiNaC::exvector& terms : elements) out.push_back(ex(GiNaC::add(terms)).expand());
  return out;
}

}  // namespace

void start_groebner_early() { singular_server().start_early(); }

GroebnerAnswer groebner_basis(const GroebnerProblem& problem, const GroebnerBudget& budget) {
  Indexer ix;
  std::vector<ex> vars;
  std::vector<int> blocks;
  int n_eliminated = 0;
  for (std::size_t k = 0; k < problem.blocks.size(); ++k) {
    if (problem.blocks[k].empty()) continue;
    for (const ex& v : problem.blocks[k]) {
      if (!ix.var.emplace(v, static_cast<int>(vars.size())).second)
        throw InvalidArgument("groebner_basis: the variable " + detail::str(v) + " is in two blocks");
      vars.push_back(v);
    }
    blocks.push_back(static_cast<int>(problem.blocks[k].size()));
    if (k < problem.eliminated) n_eliminated += blocks.back();
  }
  for (std::size_t j = 0; j < problem.constants.size(); ++j) ix.cst.emplace(problem.constants[j], static_cast<int>(j));
  SingularProblem p;
  // GiNaC keeps a sum's terms in hash order, which changes from run to run (a symbol's hash holds an
  // address): each generator goes to Singular in one fixed order, so that the same problem is the
  // same text in every run
  for (const ex& g : problem.generators) {
    Terms t = to_terms(g, ix);
    std::sort(t.begin(), t.end(), [](const Term& a, const Term& b) {
      return std::tie(a.vars, a.consts, a.num, a.den) < std::tie(b.vars, b.consts, b.num, b.den);
    });
    p.gens.push_back(std::move(t));
  }
  p.blocks = blocks;
  p.n_consts = static_cast<int>(problem.constants.size());
  p.n_eliminated = n_eliminated;
  p.last_block_lex = problem.last_block_lex ? 1 : 0;
  const IsolatedResult run = singular_server().ask(to_text(p), budget.seconds, budget.max_bytes);
  GroebnerAnswer answer;
  answer.seconds = run.cpu_seconds;
  if (!run.finished()) {
    answer.why = "Gröbner basis: " + run.describe();
    answer.over_budget = run.status != IsolatedResult::Status::Failed;
    return answer;
  }
  answer.basis = read_basis(run.output, vars, problem.constants);
  answer.done = true;
  return answer;
}

}  // namespace hamel
