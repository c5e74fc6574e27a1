target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/examples.cpp
  ${CMAKE_CURRENT_LIST_DIR}/forced_system_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/simple_hybrid_system_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hybrid_checks_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hybrid_derivation_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hybrid_simulation_test.cpp
)
