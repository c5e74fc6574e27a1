target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/chart_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/distribution_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/form_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/frame_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/invariant_frame_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lifts_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/metric_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/multivector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/printing_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vector_field_test.cpp
)
