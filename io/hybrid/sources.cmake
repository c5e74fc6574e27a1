# The hybrid module lives in io/modules/hybrid/ (next to the other modules).
target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/../modules/hybrid/hybrid_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../modules/hybrid/hybrid_module.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../modules/hybrid/hybrid_claims.cpp
)
