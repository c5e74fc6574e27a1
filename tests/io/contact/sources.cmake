target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/contact_file_test.cpp
)
