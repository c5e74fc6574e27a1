target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/alternating.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/distribution.cpp
  ${CMAKE_CURRENT_LIST_DIR}/form.cpp
  ${CMAKE_CURRENT_LIST_DIR}/frame.cpp
  ${CMAKE_CURRENT_LIST_DIR}/invariant_frame.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lifts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linear_algebra.cpp
  ${CMAKE_CURRENT_LIST_DIR}/metric.cpp
  ${CMAKE_CURRENT_LIST_DIR}/multivector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/printing.cpp
  ${CMAKE_CURRENT_LIST_DIR}/slot_charts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vector_field.cpp
)
