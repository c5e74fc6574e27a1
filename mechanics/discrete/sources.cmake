target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/discrete_system.cpp
  ${CMAKE_CURRENT_LIST_DIR}/energy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/integrator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/invariance.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lagrange_dalembert.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lie_group.cpp
  ${CMAKE_CURRENT_LIST_DIR}/newton.cpp
  ${CMAKE_CURRENT_LIST_DIR}/quadrature.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rescaled_zero_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/trivial_bundle.cpp
)
