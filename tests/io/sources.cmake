target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/expression_reader_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/report_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/system_file_test.cpp
)
