target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/hamel_equations_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nonholonomic_system_test.cpp
)
