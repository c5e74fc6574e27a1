target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/claims_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/expression_reader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/point.cpp
  ${CMAKE_CURRENT_LIST_DIR}/system_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/yaml_document.cpp
  ${CMAKE_CURRENT_LIST_DIR}/modules/gauge_search_section.cpp
  ${CMAKE_CURRENT_LIST_DIR}/modules/model_claims.cpp
  ${CMAKE_CURRENT_LIST_DIR}/modules/nonholonomic.cpp
  ${CMAKE_CURRENT_LIST_DIR}/modules/nonholonomic_claims.cpp
  ${CMAKE_CURRENT_LIST_DIR}/modules/nonholonomic_run.cpp
  ${CMAKE_CURRENT_LIST_DIR}/modules/registry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/modules/simulate_section.cpp
)
# Topic subfolders (hybrid, contact, discrete, …) list their own files.
foreach(topic hybrid contact discrete render)
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/${topic}/sources.cmake)
    include(${CMAKE_CURRENT_LIST_DIR}/${topic}/sources.cmake)
  endif()
endforeach()
