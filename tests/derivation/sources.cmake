target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/nonholonomic_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/at_point_test.cpp
)
target_sources(hamel_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/contact_test.cpp)
target_sources(hamel_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/hybrid_test.cpp)
target_sources(hamel_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/discrete_test.cpp)
target_sources(hamel_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/present_test.cpp)
target_sources(hamel_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/verdict_test.cpp)
target_sources(hamel_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/characteristic_test.cpp)
target_sources(hamel_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/nonholonomic_simulation_test.cpp)
target_sources(hamel_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/gauge_search_test.cpp)
