#!/bin/sh
# tests/determinism/jit_cache_twice.sh HAMEL SYSTEM.yaml WORKDIR — derives SYSTEM twice, in two processes,
# with a fresh JIT cache, and fails unless the second run compiles nothing: the generated C is the same
# in every process, so every function it needs is a cache hit (docs/numerics.md).
set -u
hamel=$1 system=$2 work=$3
if ! command -v cc >/dev/null 2>&1 && ! command -v gcc >/dev/null 2>&1 && ! command -v clang >/dev/null 2>&1; then
  echo "skipped: no C compiler"
  exit 0
fi
cache="$work/jit-cache-$(basename "$system" .yaml)"
rm -rf "$cache" && mkdir -p "$work" && mkdir -m 700 "$cache" || exit 2
libraries() { (cd "$cache" && ls | grep '\.so$' | sort); }
HAMEL_JIT_CACHE="$cache" "$hamel" derive "$system" --quiet >/dev/null 2>&1
first=$(libraries)
if [ -z "$first" ]; then
  echo "the first run compiled nothing: $system does not exercise the JIT"
  exit 1
fi
HAMEL_JIT_CACHE="$cache" "$hamel" derive "$system" --quiet >/dev/null 2>&1
second=$(libraries)
if [ "$first" != "$second" ]; then
  echo "the second run compiled again; libraries after run 1:"
  echo "$first"
  echo "after run 2:"
  echo "$second"
  exit 1
fi
echo "second run: every compiled function was a cache hit ($(echo "$first" | wc -l) libraries)"
