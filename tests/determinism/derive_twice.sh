#!/bin/sh
# tests/determinism/derive_twice.sh HAMEL SYSTEM.yaml WORKDIR — derives SYSTEM a second time, in its own
# process, and fails unless the text, JSON and LaTeX outputs are byte for byte those of the first run
# (the fixture written by derive_once.sh; docs/geometry.md, "Printing"). GiNaC orders terms by hashes
# that move with the load address, so a difference here means something still prints or computes in
# GiNaC's order. The JSON names the plots by absolute path: the run folder is masked (the LaTeX report
# names them relative to its folder).
set -u
hamel=$1 system=$2 work=$(cd "$3" && pwd) || exit 2
name=$(basename "$system" .yaml)
here=$(dirname "$0")
"$here/derive_once.sh" "$hamel" "$system" "$work" run2 >/dev/null
mask() { sed "s|$work/$name/$1|RUN|g" "$work/$name/$1/$2"; }
failed=0
for f in status out.txt out.json report.tex; do
  mask run1 "$f" >"$work/$name/run1.$f" && mask run2 "$f" >"$work/$name/run2.$f" || failed=1
  if ! cmp -s "$work/$name/run1.$f" "$work/$name/run2.$f"; then
    echo "$name: $f differs between two runs:"
    diff "$work/$name/run1.$f" "$work/$name/run2.$f" | head -20
    failed=1
  fi
done
[ $failed -eq 0 ] && echo "$name: two runs identical (exit status $(cat "$work/$name/run1/status"))"
exit $failed
