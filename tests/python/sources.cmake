# The derivation JSON checked end to end for every example system (tests/python/check_derivation_json.py):
# schema, Python loader, and each expression's value as SymPy reads it against Hamel's own reading.
# Skipped, with a message, where python3, SymPy or jsonschema are missing (scripts/install-deps
# installs them).
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_FOUND)
  message(STATUS "tests/python: no python3, the derivation-JSON tests are skipped")
  return()
endif()
execute_process(COMMAND ${Python3_EXECUTABLE} -c "import sympy, jsonschema" RESULT_VARIABLE hamel_python_missing
                OUTPUT_QUIET ERROR_QUIET)
if(hamel_python_missing)
  message(STATUS "tests/python: python3 lacks sympy or jsonschema, the derivation-JSON tests are skipped")
  return()
endif()

# Hamel's own numbers for the JSON's expressions: a test program, not part of the toolkit.
add_executable(hamel_json_values ${CMAKE_CURRENT_LIST_DIR}/json_values.cpp)
target_link_libraries(hamel_json_values PRIVATE hamel::hamel)
hamel_warnings(hamel_json_values)

set(hamel_json_check ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_derivation_json.py
    --hamel $<TARGET_FILE:hamel_cli> --values $<TARGET_FILE:hamel_json_values>)
file(GLOB hamel_json_systems RELATIVE ${PROJECT_SOURCE_DIR} CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/examples/*.yaml)
list(FILTER hamel_json_systems EXCLUDE REGEX "\\.claims\\.yaml$")
foreach(system ${hamel_json_systems})
  get_filename_component(name ${system} NAME_WE)
  # the JSON of the fixture derived.<name> (examples/sources.cmake), not a derivation of its own; every
  # name its expressions use is in its symbol table (a hybrid file's f(t) was not)
  add_test(NAME json.${name} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_derivation_json.py
           --values $<TARGET_FILE:hamel_json_values> --strict-symbols --document ${CMAKE_BINARY_DIR}/derived/${name}/run1/out.json
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(json.${name} PROPERTIES FIXTURES_REQUIRED derived.${name})
endforeach()
# Hand-written values for what the examples may not print today: names SymPy would take for constants,
# both derivative notations, complex values, texts longer than the reader's limit.
add_test(NAME json.syntax_cases COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_derivation_json.py
         --values $<TARGET_FILE:hamel_json_values> --document tests/python/syntax_cases.json --max-skipped 2
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
# The test can fail: a value off by 1e-6 and an entry without its key are caught.
add_test(NAME json.catches_errors COMMAND ${hamel_json_check} --expect-failures examples/nonholonomic_particle.yaml
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
# The loader's reading of names SymPy would take for constants, of ^, diff and D[i](f)(x).
add_test(NAME json.loader COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/test_hamel_json.py
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
