target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/compiled_function_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/csv_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/events_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/jit_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ode_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plot_plane_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plot_test.cpp
)
