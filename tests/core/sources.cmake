target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/atom_polynomial_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/atomic_file_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/circle_lift_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/decimal_value_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/display_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/isolated_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/latex_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/monomial_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/parallel_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/printing_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rational_function_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sparse_polynomial_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/symbolic_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/zero_catalogue_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/term_order_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/work_clock_test.cpp
)
