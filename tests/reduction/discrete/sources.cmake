target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/disk_reduction_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/horizontal_symmetry_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/p2_reduction_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sleigh_reduction_test.cpp
)
