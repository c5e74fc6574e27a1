target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/commands_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gauge_examples_test.cpp
)
