target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/almost_poisson_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/casimir_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gauge_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/jacobi_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nonholonomic_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/polynomial_casimirs_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/variables_test.cpp
)
