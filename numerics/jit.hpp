// numerics/jit.hpp — a Program printed as C, compiled by the system C compiler and loaded with dlopen.
//
// Shared objects are cached by a hash of their source (and of the compiler and flags), so a program
// compiled once is loaded in microseconds by later runs: the source is canonical (lowering takes
// terms in core/term_order.hpp's order), so the same expressions give the same key in every process.
// Two processes building the same entry is safe: each writes its own temporary files and renames the
// result into place (rename is atomic).  The cache is bounded: after each new entry the least
// recently used ones (by modification time, which a cache hit refreshes) are removed beyond
// JitSettings::max_entries libraries or max_bytes bytes.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "numerics/bytecode.hpp"

namespace hamel::detail {

/// The signature of every generated function: out[i] = output i at `in` (they may overlap).
using NativeKernel = void (*)(const double* in, double* out);

/// A loaded kernel; copies share the library, which is closed with the last copy.
struct NativeFunction {
  std::shared_ptr<void> library;
  NativeKernel kernel = nullptr;
  std::string path;     ///< the shared object
  bool cached = false;  ///< found in the cache rather than compiled now
  double compile_seconds = 0;
};

/// Why the native back end could not be used (no compiler, compilation failed, cache unusable).
class JitUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct JitSettings {
  std::string compiler;   ///< empty: $HAMEL_CC, else cc, gcc or clang on PATH
  std::string cache_dir;  ///< empty: default_cache_dir()
  std::size_t max_entries = 400;          ///< libraries kept in the cache (each with its .c)
  std::uintmax_t max_bytes = 64u << 20;  ///< bytes of libraries and sources kept in the cache
};

/// Removes the least recently used entries of the cache `dir` (a library `<key>.so` and its source
/// `<key>.c`, oldest modification time first) until at most `max_entries` libraries and `max_bytes`
/// bytes remain, never `keep` (a library path); also temporary files of builds that died an hour
/// ago or more.  Returns how many entries were removed.
std::size_t prune_cache(const std::string& dir, std::size_t max_entries, std::uintmax_t max_bytes,
                        const std::string& keep = "");

/// The C translation unit for `p`, defining `void hamel_eval(const double*, double*)`.
std::string c_source(const Program& p);

/// $HAMEL_JIT_CACHE, else $XDG_CACHE_HOME/hamel/jit, else /tmp/hamel-jit-<uid>.
std::string default_cache_dir();

/// The compiler that `load_native` would use (full path); empty if none is found.
std::string find_c_compiler(const std::string& requested);

/// Compiles (or finds in the cache) and loads `p`. @throws JitUnavailable with a one-line reason.
NativeFunction load_native(const Program& p, const JitSettings& settings);

}  // namespace hamel::detail
