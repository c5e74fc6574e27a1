target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/chaplygin.cpp
  ${CMAKE_CURRENT_LIST_DIR}/discrete_connection.cpp
  ${CMAKE_CURRENT_LIST_DIR}/discrete_momentum.cpp
  ${CMAKE_CURRENT_LIST_DIR}/horizontal_symmetry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nonholonomic_connection.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reduced_integrator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reduced_system.cpp
)
