# The Python module's tests (python/CMakeLists.txt includes this where the module is built): pytest
# on the API against hand values and the `hamel` command's own output, and the walkthrough
# docs/python.md run as written.
execute_process(COMMAND ${Python_EXECUTABLE} -c "import pytest" RESULT_VARIABLE hamel_no_pytest OUTPUT_QUIET ERROR_QUIET)
if(hamel_no_pytest)
  message(STATUS "python: ${Python_EXECUTABLE} has no pytest (Debian: python3-pytest), the module's tests are skipped")
  return()
endif()
foreach(test module walkthrough)
  # no cache folder: runs in parallel trees share the source tree
  add_test(NAME python.${test} COMMAND ${Python_EXECUTABLE} -m pytest -q -p no:cacheprovider
           ${CMAKE_CURRENT_LIST_DIR}/test_${test}.py WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(python.${test} PROPERTIES TIMEOUT ${HAMEL_TEST_TIMEOUT}
                       ENVIRONMENT "PYTHONPATH=${PROJECT_BINARY_DIR}/python;HAMEL_CLI=$<TARGET_FILE:hamel_cli>")
endforeach()
