target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/almost_poisson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/casimir.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gauge.cpp
  ${CMAKE_CURRENT_LIST_DIR}/jacobi.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nonholonomic.cpp
  ${CMAKE_CURRENT_LIST_DIR}/polynomial_casimirs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/variables.cpp
)
