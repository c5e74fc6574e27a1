target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/discrete_commands_test.cpp
)
