// numerics/jit.cpp
#include "numerics/jit.hpp"

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "numerics/process.hpp"

namespace hamel::detail {

namespace {

// Changing the generated code or the flags changes every key, so stale entries are never loaded.
constexpr const char* format_version = "hamel-jit-1";
const std::vector<std::string>& compile_flags() {
  // No -ffast-math: results must match the interpreter to rounding.  -fno-math-errno lets sqrt be
  // inlined and does not change any value.
  static const std::vector<std::string> f = {"-O2", "-fno-math-errno", "-shared", "-fPIC"};
  return f;
}

std::string exact(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);  // hexadecimal: the exact binary value
  return buf;
}

std::string c_expression(const Instruction& i) {
  const std::string a = "r" + std::to_string(i.a), b = "r" + std::to_string(i.b);
  switch (i.op) {
    case Op::Add: return a + " + " + b;
    case Op::Sub: return a + " - " + b;
    case Op::Mul: return a + " * " + b;
    case Op::Div: return a + " / " + b;
    case Op::Neg: return "-" + a;
    case Op::Pow:
    case Op::Atan2: return std::string(op_name(i.op)) + "(" + a + ", " + b + ")";
    default: return std::string(op_name(i.op)) + "(" + a + ")";
  }
}

// Two unrelated 64-bit hashes: the first names the cache entry, the second is stored inside the
// shared object and checked after loading, so a collision of the first is caught.
std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

std::uint64_t mix_hash(const std::string& s) {
  std::uint64_t h = 0x9e3779b97f4a7c15ull;
  for (unsigned char c : s) h = ((h << 5) | (h >> 59)) ^ c, h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 31;
  h *= 0x94d049bb133111ebull;
  return h ^ (h >> 29);
}

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

bool make_directories(const std::string& path) {
  for (std::size_t pos = 1; pos <= path.size(); ++pos) {
    if (pos != path.size() && path[pos] != '/') continue;
    const std::string prefix = path.substr(0, pos);
    if (::mkdir(prefix.c_str(), 0700) != 0 && errno != EEXIST) return false;
  }
  return true;
}

// A cache that others can write to could hand us their code to run: insist on a private directory.
void require_private_directory(const std::string& dir) {
  if (!make_directories(dir)) throw JitUnavailable("cannot create the cache directory " + dir);
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw JitUnavailable("the cache " + dir + " is not a directory");
  if (st.st_uid != ::geteuid() || (st.st_mode & (S_IWGRP | S_IWOTH)))
    throw JitUnavailable("the cache directory " + dir + " is not private (owner or permissions)");
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return static_cast<bool>(out.flush());
}

std::string unique_suffix() {
  static std::atomic<unsigned> counter{0};
  return std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

// Loads a shared object and checks that it is the one we generated; empty on any mismatch.
NativeFunction open_library(const std::string& path, const std::string& key, std::string& error) {
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* e = ::dlerror();
    error = e ? e : "dlopen failed";
    return {};
  }
  std::shared_ptr<void> library(handle, [](void* h) { ::dlclose(h); });
  const auto* stored = static_cast<const char*>(::dlsym(handle, "hamel_key"));
  void* kernel = ::dlsym(handle, "hamel_eval");
  if (!stored || !kernel || key != stored) {
    error = "the cached library " + path + " does not match its source";
    return {};
  }
  NativeFunction f;
  f.library = std::move(library);
  f.kernel = reinterpret_cast<NativeKernel>(kernel);
  f.path = path;
  return f;
}

// Compiles `source` into `target` through temporary files; the rename publishes it atomically.
double compile_to(const std::string& compiler, const std::string& source, const std::string& dir,
                  const std::string& name, const std::string& target) {
  const std::string tmp = dir + "/" + name + ".tmp-" + unique_suffix();
  const std::string c_file = tmp + ".c", so_file = tmp + ".so", log = tmp + ".log";
  if (!write_file(c_file, source)) throw JitUnavailable("cannot write " + c_file);
  std::vector<std::string> argv = {compiler};
  argv.insert(argv.end(), compile_flags().begin(), compile_flags().end());
  argv.insert(argv.end(), {"-o", so_file, c_file, "-lm"});
  const auto t0 = std::chrono::steady_clock::now();
  const int status = run_process(argv, log);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (status != 0) {
    std::string why = summary_line(log);
    std::remove(c_file.c_str());
    std::remove(so_file.c_str());
    std::remove(log.c_str());
    throw JitUnavailable(compiler + " failed (status " + std::to_string(status) + ")" +
                         (why.empty() ? "" : ": " + why));
  }
  std::remove(log.c_str());
  // Keep the source beside the library for whoever wants to read the generated code.
  std::rename(c_file.c_str(), (dir + "/" + name + ".c").c_str());
  if (std::rename(so_file.c_str(), target.c_str()) != 0) {
    std::remove(so_file.c_str());
    throw JitUnavailable("cannot move the compiled library to " + target);
  }
  return seconds;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

struct CacheEntry {
  std::string key;      // the file name without ".so"
  std::pair<std::time_t, long> used;  // modification time of the library (a hit refreshes it)
  std::uintmax_t bytes;  // library and source
};

std::uintmax_t file_size(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? static_cast<std::uintmax_t>(st.st_size) : 0;
}

// The libraries of the cache, most recently used first; temporary files of builds that died long
// ago are removed on the way (a live build renames its files within seconds).
std::vector<CacheEntry> cache_entries(const std::string& dir) {
  std::vector<CacheEntry> entries;
  DIR* d = ::opendir(dir.c_str());
  if (!d) return entries;
  const std::time_t stale = std::time(nullptr) - 3600;
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name, path = dir + "/" + name;
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    if (name.find(".tmp-") != std::string::npos) {
      if (st.st_mtime < stale) std::remove(path.c_str());
    } else if (ends_with(name, ".so")) {
      const std::string key = name.substr(0, name.size() - 3);
      entries.push_back({key, {st.st_mtim.tv_sec, st.st_mtim.tv_nsec},
                         static_cast<std::uintmax_t>(st.st_size) + file_size(dir + "/" + key + ".c")});
    }
  }
  ::closedir(d);
  // Newest first; ties by name, so that two processes pruning at once agree on what goes.
  std::sort(entries.begin(), entries.end(), [](const CacheEntry& a, const CacheEntry& b) {
    return a.used != b.used ? a.used > b.used : a.key < b.key;
  });
  return entries;
}

// A cache hit counts as a use: least recently used means oldest modification time.
void touch(const std::string& path) { ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0); }

}  // namespace

std::size_t prune_cache(const std::string& dir, std::size_t max_entries, std::uintmax_t max_bytes,
                        const std::string& keep) {
  std::size_t kept = 0, removed = 0;
  std::uintmax_t bytes = 0;
  for (const CacheEntry& e : cache_entries(dir)) {
    const std::string so = dir + "/" + e.key + ".so";
    if (so == keep || (kept < max_entries && bytes + e.bytes <= max_bytes)) {
      ++kept;
      bytes += e.bytes;
      continue;
    }
    // A process that loaded the library keeps its mapping: removing the file is safe.
    std::remove(so.c_str());
    std::remove((dir + "/" + e.key + ".c").c_str());
    ++removed;
  }
  return removed;
}

std::string c_source(const Program& p) {
  std::ostringstream os;
  os << "/* generated by hamel::compile (" << format_version << ") */\n#include <math.h>\n\n"
     << "void hamel_eval(const double* in, double* out) {\n";
  // Every input is read before any output is written, so `in` and `out` may overlap.
  for (std::size_t i = 0; i < p.inputs; ++i) os << "  const double r" << i << " = in[" << i << "];\n";
  for (std::size_t c = 0; c < p.constants.size(); ++c)
    os << "  const double r" << p.inputs + c << " = " << exact(p.constants[c]) << ";\n";
  for (std::size_t k = 0; k < p.code.size(); ++k)
    os << "  const double r" << p.first_result() + k << " = " << c_expression(p.code[k]) << ";\n";
  for (std::size_t o = 0; o < p.outputs.size(); ++o) os << "  out[" << o << "] = r" << p.outputs[o] << ";\n";
  os << "}\n";
  return os.str();
}

std::string default_cache_dir() {
  if (const char* d = std::getenv("HAMEL_JIT_CACHE"); d && *d) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/hamel/jit";
  return "/tmp/hamel-jit-" + std::to_string(::geteuid());
}

std::string find_c_compiler(const std::string& requested) {
  if (!requested.empty()) return find_executable(requested);
  if (const char* env = std::getenv("HAMEL_CC"); env && *env) return find_executable(env);
  for (const char* name : {"cc", "gcc", "clang"})
    if (auto path = find_executable(name); !path.empty()) return path;
  return {};
}

NativeFunction load_native(const Program& p, const JitSettings& settings) {
  const std::string compiler = find_c_compiler(settings.compiler);
  if (compiler.empty())
    throw JitUnavailable(settings.compiler.empty() ? "no C compiler found on PATH (cc, gcc, clang)"
                                                   : "C compiler '" + settings.compiler + "' not found");
  const std::string dir = settings.cache_dir.empty() ? default_cache_dir() : settings.cache_dir;
  require_private_directory(dir);

  const std::string body = c_source(p);
  std::string identity = body + '\0' + compiler;
  for (const auto& f : compile_flags()) identity += '\0' + f;
  const std::string name = hex(fnv1a(identity)), key = hex(mix_hash(identity));
  const std::string source = body + "const char hamel_key[] = \"" + key + "\";\n";
  const std::string target = dir + "/" + name + ".so";

  std::string error;
  if (::access(target.c_str(), R_OK) == 0) {
    NativeFunction f = open_library(target, key, error);
    if (f.kernel) {
      f.cached = true;
      touch(target);
      return f;
    }
  }
  // Not cached, or the entry is unusable (e.g. a collision): build it (again).
  const double seconds = compile_to(compiler, source, dir, name, target);
  prune_cache(dir, settings.max_entries, settings.max_bytes, target);
  NativeFunction f = open_library(target, key, error);
  if (!f.kernel) throw JitUnavailable("cannot load " + target + ": " + error);
  f.compile_seconds = seconds;
  return f;
}

}  // namespace hamel::detail
