target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/gauge_momenta.cpp
)
