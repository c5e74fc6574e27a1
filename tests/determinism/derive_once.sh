#!/bin/sh
# tests/determinism/derive_once.sh HAMEL SYSTEM.yaml WORKDIR RUN — derives SYSTEM once into
# WORKDIR/<name>/RUN/: the text report (out.txt), the JSON (out.json), the LaTeX report with its plots
# (report.tex). The first run is the ctest fixture the determinism, LaTeX, JSON and SymPy tests read,
# so that each example is derived twice in all, not once per test. Fails unless hamel exits with 0.
set -u
hamel=$1 system=$2 run=$4
mkdir -p "$3" && work=$(cd "$3" && pwd) || exit 2
dir="$work/$(basename "$system" .yaml)/$run"
rm -rf "$dir" && mkdir -p "$dir" || exit 2
"$hamel" derive "$system" --json "$dir/out.json" --latex "$dir/report.tex" --plots "$dir" >"$dir/out.txt" 2>"$dir/err.txt"
status=$?
echo "$status" >"$dir/status"
[ "$status" -eq 0 ] || { echo "hamel derive $system exited with $status:"; tail -5 "$dir/err.txt"; }
exit "$status"
