#!/bin/sh
# tests/determinism/derive_twice.sh HAMEL SYSTEM.yaml WORKDIR — derives SYSTEM twice, in two processes,
# and fails unless the text, JSON and LaTeX outputs are byte for byte the same (docs/geometry.md,
# "Printing"). GiNaC orders terms by hashes that move with the load address, so a difference here
# means something still prints or computes in GiNaC's order.
set -u
hamel=$1 system=$2 work=$3
name=$(basename "$system" .yaml)
dir="$work/$name"
rm -rf "$dir" && mkdir -p "$dir" || exit 2
for run in 1 2; do
  "$hamel" derive "$system" --json "$dir/out.json" --latex "$dir/out.tex" >"$dir/out.txt" 2>/dev/null
  status=$?
  for f in out.json out.tex out.txt; do
    [ -f "$dir/$f" ] && mv "$dir/$f" "$dir/run$run.$f"
  done
  echo "$status" >"$dir/run$run.status"
done
failed=0
for f in status out.txt out.json out.tex; do
  if ! cmp -s "$dir/run1.$f" "$dir/run2.$f"; then
    echo "$name: $f differs between two runs:"
    diff "$dir/run1.$f" "$dir/run2.$f" | head -20
    failed=1
  fi
done
[ $failed -eq 0 ] && echo "$name: two runs identical (exit status $(cat "$dir/run1.status"))"
exit $failed
