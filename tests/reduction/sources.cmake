target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/gauge_momenta_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gauge_search_test.cpp
)
