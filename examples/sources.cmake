hamel_example(chaplygin_frame)
hamel_example(readme_example)
hamel_example(chaplygin_sphere)
# The system files must derive without error: the fixtures derived.<system> (below) assert it.
if(HAMEL_BUILD_TESTS)
  add_test(NAME check.nonholonomic_particle COMMAND hamel_cli check examples/nonholonomic_particle.yaml
           examples/nonholonomic_particle.claims.yaml WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  # a reduced space of dimension 2: {v, omega} on D*/SE(2) by hand, and a slip flagged false
  add_test(NAME check.chaplygin_sleigh COMMAND hamel_cli check examples/chaplygin_sleigh.yaml
           examples/chaplygin_sleigh.claims.yaml WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(check.chaplygin_sleigh PROPERTIES PASS_REGULAR_EXPRESSION "6 claims: 5 true, 1 false")
  # a textbook system outside the papers: its bracket and reduced bracket by hand (SymPy), in the short
  # form that needs a factor cancelled on the circle only (docs/geometry.md), and the form without it false
  add_test(NAME check.roller_racer COMMAND hamel_cli check examples/roller_racer.yaml
           examples/roller_racer.claims.yaml WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(check.roller_racer PROPERTIES PASS_REGULAR_EXPRESSION "6 claims: 5 true, 1 false")
  # two constraints and a hitch angle theta1 - theta0 as shape variable: its brackets in the variables
  # (sin(theta0 - theta1) = -sin(hitch), docs/brackets.md step 7), and the hitch's sign error false
  add_test(NAME check.trailer COMMAND hamel_cli check examples/trailer.yaml examples/trailer.claims.yaml
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(check.trailer PROPERTIES PASS_REGULAR_EXPRESSION "6 claims: 5 true, 1 false")
  # a holonomic textbook system: the Hamiltonian by hand, and its small-angle slip false
  add_test(NAME check.double_pendulum COMMAND hamel_cli check examples/double_pendulum.yaml
           examples/double_pendulum.claims.yaml WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(check.double_pendulum PROPERTIES PASS_REGULAR_EXPRESSION "5 claims: 4 true, 1 false")
  # no frame given: Hamel's SE(2)-invariant frame, and H_c derived by hand in it (issue 16 §2)
  add_test(NAME check.snakeboard COMMAND hamel_cli check examples/snakeboard.yaml examples/snakeboard.claims.yaml
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(check.snakeboard PROPERTIES PASS_REGULAR_EXPRESSION "7 claims: 6 true, 1 false")
  # 004 Corollary 5.8(ii) on the Routh sphere: false on D* as printed, true on D*/G, and a field that is
  # not tangent (the tangency costs seconds of canonical forms: not under the sanitizers, which CI runs
  # within its 30 minutes)
  if(NOT HAMEL_SANITIZE)
    add_test(NAME check.routh_sphere_corollary_5_8 COMMAND hamel_cli check examples/routh_sphere.yaml
             examples/routh_sphere_corollary_5_8.claims.yaml WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(check.routh_sphere_corollary_5_8 PROPERTIES PASS_REGULAR_EXPRESSION
                         "TRUE  \\[X_nh, X_C\\] is tangent to the group orbits.*3 as expected \\(2 errata confirmed false\\)")
  endif()
  # '-' is standard input (issue 20 §4)
  add_test(NAME cli.stdin COMMAND sh -c "$<TARGET_FILE:hamel_cli> derive - --brief < examples/nonholonomic_particle.yaml"
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.stdin PROPERTIES PASS_REGULAR_EXPRESSION "no failures: every verdict is as expected")
  # hamel simulate on D* (issue 19 §2): the run completes and keeps H_c to the integrator's tolerance
  foreach(system nonholonomic_particle rolling_disk trailer)
    add_test(NAME simulate.${system} COMMAND hamel_cli simulate examples/${system}.yaml WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(simulate.${system} PROPERTIES PASS_REGULAR_EXPRESSION "H_c \\(constrained energy, 004 \\(2.7\\)\\): f\\(t0\\) = [0-9.e-]+, drift [0-9.e-]+, relative ([0-9.]+e-1[0-9]|0)\n")
  endforeach()
endif()
# Contact (Herglotz) systems (docs/contact.md): every system file derives with all checks passing; each
# claims file flags exactly the errata of contact.md; the simulations run.
hamel_example(contact_billiard)
if(HAMEL_BUILD_TESTS)
  foreach(system contact_billiard contact_billiard_polar contact_ellipse contact_ellipse_polar contact_cylinder
                 contact_sphere contact_distribution contact_herglotz)
    add_test(NAME derive.${system} COMMAND hamel_cli derive examples/${system}.yaml --brief WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(derive.${system} PROPERTIES PASS_REGULAR_EXPRESSION " 0 no\n" FAIL_REGULAR_EXPRESSION "\\[no \\]")
  endforeach()
  # in stance the rolling constraints act on x and phi: their momenta are not dissipated (two facts, not failures)
  add_test(NAME derive.contact_cylinder_touchdown COMMAND hamel_cli derive examples/contact_cylinder_touchdown.yaml --brief
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(derive.contact_cylinder_touchdown PROPERTIES PASS_REGULAR_EXPRESSION
                       "33 checks: 31 yes, 2 no\nno failures: every verdict is as expected \\(2 of the no are facts")
  foreach(pair "contact_billiard;17 claims: 15 true, 2 false" "contact_billiard_polar;7 claims: 6 true, 1 false"
               "contact_ellipse;3 claims: 3 true, 0 false" "contact_ellipse_polar;4 claims: 3 true, 1 false"
               "contact_cylinder;25 claims: 15 true, 10 false" "contact_cylinder_touchdown;15 claims: 11 true, 4 false"
               "contact_sphere;20 claims: 17 true, 3 false" "contact_distribution;4 claims: 4 true, 0 false")
    list(GET pair 0 system)
    list(GET pair 1 summary)
    add_test(NAME check.${system} COMMAND hamel_cli check examples/${system}.yaml examples/${system}.claims.yaml
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(check.${system} PROPERTIES PASS_REGULAR_EXPRESSION "${summary}")
  endforeach()
  foreach(system contact_billiard contact_billiard_polar contact_ellipse contact_cylinder contact_cylinder_touchdown
                 contact_sphere contact_distribution)
    add_test(NAME simulate.${system} COMMAND hamel_cli simulate examples/${system}.yaml --brief WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  endforeach()
endif()
# Hybrid systems (issue 6, docs/hybrid.md): the example program, the system files derive, the claims
# files flag the errata (so `check` exits 1: the summary line is what the test asserts), and the
# simulation of Example 3 has the 14 impacts of A11.
hamel_example(hybrid_billiard)
if(HAMEL_BUILD_TESTS)
  foreach(system hybrid_rolling_disk hybrid_wong hybrid_billiard hybrid_disk_moving_wall)
    add_test(NAME derive.${system} COMMAND hamel_cli derive examples/${system}.yaml --brief
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  endforeach()
  foreach(pair "hybrid_rolling_disk:33 claims: 24 true, 9 false" "hybrid_wong:10 claims: 10 true, 0 false"
               "hybrid_billiard:21 claims: 18 true, 3 false" "hybrid_disk_moving_wall:13 claims: 8 true, 5 false")
    string(REPLACE ":" ";" parts "${pair}")
    list(GET parts 0 system)
    list(GET parts 1 summary)
    add_test(NAME check.${system} COMMAND hamel_cli check examples/${system}.yaml examples/${system}.claims.yaml
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(check.${system} PROPERTIES PASS_REGULAR_EXPRESSION "${summary}")
  endforeach()
  add_test(NAME simulate.hybrid_billiard COMMAND hamel_cli simulate examples/hybrid_billiard.yaml --brief
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(simulate.hybrid_billiard PROPERTIES PASS_REGULAR_EXPRESSION "14 impacts")
endif()
# Discrete nonholonomic mechanics (issue 8, docs/discrete.md): the example program; every system file
# derives with all checks passing (the nonholonomic particle of erratum 4 fails exactly (53)); the claims
# files hold, erratum 4 is flagged; the simulations agree reduced-then-reconstructed vs unreduced.
hamel_example(discrete_p2)
if(HAMEL_BUILD_TESTS)
  foreach(system discrete_p2 discrete_rolling_disk discrete_horizontal_symmetry discrete_chaplygin_sleigh
                 discrete_nonholonomic_oscillator)
    add_test(NAME derive.${system} COMMAND hamel_cli derive examples/${system}.yaml --brief WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(derive.${system} PROPERTIES PASS_REGULAR_EXPRESSION " 0 no\n" FAIL_REGULAR_EXPRESSION "\\[no \\]")
  endforeach()
  add_test(NAME derive.discrete_nonholonomic_particle COMMAND hamel_cli derive examples/discrete_nonholonomic_particle.yaml --brief
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(derive.discrete_nonholonomic_particle PROPERTIES PASS_REGULAR_EXPRESSION "9 checks: 8 yes, 1 no")
  foreach(pair "discrete_p2:9 claims: 9 true, 0 false" "discrete_rolling_disk:5 claims: 5 true, 0 false"
               "discrete_horizontal_symmetry:2 claims: 2 true, 0 false" "discrete_nonholonomic_particle:1 claims: 0 true, 1 false")
    string(REPLACE ":" ";" parts "${pair}")
    list(GET parts 0 system)
    list(GET parts 1 summary)
    add_test(NAME check.${system} COMMAND hamel_cli check examples/${system}.yaml examples/${system}.claims.yaml
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(check.${system} PROPERTIES PASS_REGULAR_EXPRESSION "${summary}")
  endforeach()
  foreach(system discrete_p2 discrete_rolling_disk discrete_horizontal_symmetry discrete_chaplygin_sleigh)
    add_test(NAME simulate.${system} COMMAND hamel_cli simulate examples/${system}.yaml --brief WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(simulate.${system} PROPERTIES PASS_REGULAR_EXPRESSION "\\(agree\\)")
  endforeach()
endif()
hamel_example(derive_in_code)
# Every example (every examples/*.yaml but the claims files, so that new systems are covered) is derived
# once into build/derived/<system>/run1 (text, JSON, LaTeX with plots): the fixture `derived.<system>`,
# which fails unless `hamel derive` exits with 0. The tests below read it instead of deriving again.
# Determinism (issue 15): a second run writes the same text, JSON and LaTeX byte for byte
# (docs/geometry.md, "Printing"); a second process finds the JIT's compiled code in the cache
# (docs/numerics.md). Every LaTeX report compiles with pdflatex, with no overfull \hbox
# (tests/scripts/latex-report); the JSON is checked in tests/python.
if(HAMEL_BUILD_TESTS)
  set(HAMEL_DERIVED ${CMAKE_BINARY_DIR}/derived)
  file(GLOB hamel_system_files CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/examples/*.yaml)
  list(FILTER hamel_system_files EXCLUDE REGEX "\\.claims\\.yaml$")
  foreach(path ${hamel_system_files})
    get_filename_component(system ${path} NAME_WE)
    add_test(NAME derived.${system}
             COMMAND ${PROJECT_SOURCE_DIR}/tests/determinism/derive_once.sh $<TARGET_FILE:hamel_cli>
                     examples/${system}.yaml ${HAMEL_DERIVED} run1
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(derived.${system} PROPERTIES FIXTURES_SETUP derived.${system})
    # Under the sanitizers a second derivation runs the code of the first again, and pdflatex runs no
    # code of Hamel's: both are left to the release tree, which keeps CI within its 30 minutes.
    if(HAMEL_SANITIZE)
      continue()
    endif()
    add_test(NAME determinism.${system}
             COMMAND ${PROJECT_SOURCE_DIR}/tests/determinism/derive_twice.sh $<TARGET_FILE:hamel_cli>
                     examples/${system}.yaml ${HAMEL_DERIVED}
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    add_test(NAME latex.${system} COMMAND ${PROJECT_SOURCE_DIR}/tests/scripts/latex-report $<TARGET_FILE:hamel_cli>
             examples/${system}.yaml ${HAMEL_DERIVED}/${system}/run1 WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(determinism.${system} latex.${system} PROPERTIES FIXTURES_REQUIRED derived.${system})
  endforeach()
  # A bench system whose computed frame came out as X or −X from run to run (GiNaC's factor() signs
  # its factors by hash order; geometry/invariant_frame.cpp coordinate_factors): derived in two processes.
  if(NOT HAMEL_SANITIZE)
    add_test(NAME derived.bench.snakeboard_rotation_only
             COMMAND ${PROJECT_SOURCE_DIR}/tests/determinism/derive_once.sh $<TARGET_FILE:hamel_cli>
                     bench/systems/snakeboard_rotation_only.yaml ${HAMEL_DERIVED}/bench run1
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    add_test(NAME determinism.bench.snakeboard_rotation_only
             COMMAND ${PROJECT_SOURCE_DIR}/tests/determinism/derive_twice.sh $<TARGET_FILE:hamel_cli>
                     bench/systems/snakeboard_rotation_only.yaml ${HAMEL_DERIVED}/bench
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(derived.bench.snakeboard_rotation_only PROPERTIES FIXTURES_SETUP derived.bench.snakeboard_rotation_only)
    set_tests_properties(determinism.bench.snakeboard_rotation_only PROPERTIES FIXTURES_REQUIRED derived.bench.snakeboard_rotation_only)
  endif()
  # The text report is read by SymPy with ^ as power (fractions, powers, diff of abstract functions).
  find_program(HAMEL_PYTHON3 python3)
  if(HAMEL_PYTHON3)
    set(hamel_read_by_sympy chaplygin_sphere solid_of_revolution discrete_p2 hybrid_billiard contact_sphere)
    set(hamel_reports "")
    set(hamel_fixtures "")
    foreach(system ${hamel_read_by_sympy})
      list(APPEND hamel_reports ${HAMEL_DERIVED}/${system}/run1/out.txt)
      list(APPEND hamel_fixtures derived.${system})
    endforeach()
    add_test(NAME printing.sympy_reads_text
             COMMAND ${HAMEL_PYTHON3} ${PROJECT_SOURCE_DIR}/tests/determinism/sympy_reads_text.py $<TARGET_FILE:hamel_cli>
                     ${hamel_reports}
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(printing.sympy_reads_text PROPERTIES FIXTURES_REQUIRED "${hamel_fixtures}")
  endif()
  add_test(NAME determinism.jit_cache_hit_in_second_process
           COMMAND ${PROJECT_SOURCE_DIR}/tests/determinism/jit_cache_twice.sh $<TARGET_FILE:hamel_cli>
                   examples/ellipsoid.yaml ${CMAKE_BINARY_DIR}/determinism
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
endif()
