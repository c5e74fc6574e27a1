target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/affine_constraints_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hamel_equations_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nonholonomic_system_test.cpp
)
# Topic subfolders (hybrid, contact, discrete, …) list their own files.
foreach(topic hybrid contact discrete)
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/${topic}/sources.cmake)
    include(${CMAKE_CURRENT_LIST_DIR}/${topic}/sources.cmake)
  endif()
endforeach()
