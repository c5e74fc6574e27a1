target_sources(hamel_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/affine_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/characteristic_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/check_report_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/commands_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/computed_frame_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/domain_exits_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/eval_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gauge_examples_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/latex_prose_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plots_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/progress_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/quiet_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reduced_simulation_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reduced_variables_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/search_simulation_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/units_test.cpp
)
# Topic subfolders (hybrid, contact, discrete, …) list their own files.
foreach(topic hybrid contact discrete)
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/${topic}/sources.cmake)
    include(${CMAKE_CURRENT_LIST_DIR}/${topic}/sources.cmake)
  endif()
endforeach()
