target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/hybrid_cli_test.cpp
)
