target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/breaking_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/expression_reader_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fuzz_regressions_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/point_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/report_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/system_file_test.cpp
)
# Topic subfolders (hybrid, contact, discrete, …) list their own files.
foreach(topic hybrid contact discrete)
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/${topic}/sources.cmake)
    include(${CMAKE_CURRENT_LIST_DIR}/${topic}/sources.cmake)
  endif()
endforeach()
