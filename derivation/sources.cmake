target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/claims.cpp
  ${CMAKE_CURRENT_LIST_DIR}/claims/contact.cpp
  ${CMAKE_CURRENT_LIST_DIR}/claims/hybrid.cpp
  ${CMAKE_CURRENT_LIST_DIR}/claims/model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/claims/nonholonomic.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contact.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contact_system.cpp
  ${CMAKE_CURRENT_LIST_DIR}/discrete.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gauge_search.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hybrid.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hybrid_system.cpp
  ${CMAKE_CURRENT_LIST_DIR}/model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nonholonomic.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nonholonomic_input.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nonholonomic_system.cpp
  ${CMAKE_CURRENT_LIST_DIR}/steps.cpp
)
