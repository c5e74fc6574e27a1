target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/discrete_claims.cpp
  ${CMAKE_CURRENT_LIST_DIR}/discrete_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/discrete_module.cpp
)
