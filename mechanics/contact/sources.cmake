# Contact (Herglotz) systems: mechanics/contact/ and the system-file module io/modules/contact/
# (io/sources.cmake includes only io/<topic>/sources.cmake, so the module is listed here).
target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/contact_lagrangian.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contact_structure.cpp
  ${CMAKE_CURRENT_LIST_DIR}/legendre.cpp
  ${CMAKE_CURRENT_LIST_DIR}/impact.cpp
  ${CMAKE_CURRENT_LIST_DIR}/constrained.cpp
  ${CMAKE_CURRENT_LIST_DIR}/momentum_jump.cpp
  ${CMAKE_CURRENT_LIST_DIR}/generalized_distribution.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contact_simulation.cpp
)
target_sources(hamel PRIVATE
  ${PROJECT_SOURCE_DIR}/io/modules/contact/contact_file.cpp
  ${PROJECT_SOURCE_DIR}/io/modules/contact/contact_claims.cpp
  ${PROJECT_SOURCE_DIR}/io/modules/contact/contact_run.cpp
  ${PROJECT_SOURCE_DIR}/io/modules/contact/contact_module.cpp
)
