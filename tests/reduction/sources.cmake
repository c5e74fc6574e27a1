target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/angle_reflection_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gauge_momenta_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gauge_search_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/group_action_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/symmetry_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/in_variables_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reexpress_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/velocity_form_test.cpp
)
# Topic subfolders (hybrid, contact, discrete, …) list their own files.
foreach(topic hybrid contact discrete)
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/${topic}/sources.cmake)
    include(${CMAKE_CURRENT_LIST_DIR}/${topic}/sources.cmake)
  endif()
endforeach()
