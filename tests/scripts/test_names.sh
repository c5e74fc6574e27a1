#!/bin/sh
# tests/scripts/test_names.sh HAMEL_TESTS — every doctest case must reach ctest. doctest_discover_tests
# cuts a name at ';' (CMake's list separator), and the cut name, given as the case's filter, matches no
# case: ctest then reports a pass for a case that never ran (34 did so, one of them failing).
bad=$("$1" --list-test-cases | grep ';')
if [ -n "$bad" ]; then
  echo "test case names with ';', which ctest never runs (write ',' instead):"
  echo "$bad"
  exit 1
fi
echo "every test case name reaches ctest"
