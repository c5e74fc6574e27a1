target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/energy_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/integrator_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/invariance_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lagrange_dalembert_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lie_group_test.cpp
)
