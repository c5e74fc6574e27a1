target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/hamel_equations.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nonholonomic_system.cpp
)
