target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/algebraic_form.cpp
  ${CMAKE_CURRENT_LIST_DIR}/angle_reflection.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gauge_momenta.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gauge_search.cpp
  ${CMAKE_CURRENT_LIST_DIR}/groebner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/group_action.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reexpress.cpp
  ${CMAKE_CURRENT_LIST_DIR}/symmetry.cpp
)
# Topic subfolders (hybrid, contact, discrete, …) list their own files.
foreach(topic hybrid contact discrete)
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/${topic}/sources.cmake)
    include(${CMAKE_CURRENT_LIST_DIR}/${topic}/sources.cmake)
  endif()
endforeach()
