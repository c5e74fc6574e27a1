target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/contact_lagrangian_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/legendre_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/impact_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/impact_within_d_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nonsmooth_principle_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/constrained_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/momentum_jump_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/generalized_distribution_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contact_simulation_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contact_derivation_test.cpp
)
