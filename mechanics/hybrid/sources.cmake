target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/forced_system.cpp
  ${CMAKE_CURRENT_LIST_DIR}/on_surface.cpp
  ${CMAKE_CURRENT_LIST_DIR}/simple_hybrid_system.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hybrid_checks.cpp
  ${CMAKE_CURRENT_LIST_DIR}/coordinate_change.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hybrid_automaton.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hybrid_simulation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/impact_rule.cpp
)
