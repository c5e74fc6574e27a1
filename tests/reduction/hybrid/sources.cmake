target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/forced_routh_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reduced_simulation_test.cpp
)
