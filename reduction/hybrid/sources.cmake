target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/forced_routh.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reduced_simulation.cpp
)
