target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/breaking.cpp
  ${CMAKE_CURRENT_LIST_DIR}/claims_report.cpp
  ${CMAKE_CURRENT_LIST_DIR}/json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/labels.cpp
  ${CMAKE_CURRENT_LIST_DIR}/latex.cpp
  ${CMAKE_CURRENT_LIST_DIR}/latex_commands.cpp
  ${CMAKE_CURRENT_LIST_DIR}/latex_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/references.cpp
  ${CMAKE_CURRENT_LIST_DIR}/text.cpp
)
