target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/abstract_function.cpp
  ${CMAKE_CURRENT_LIST_DIR}/atomic_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ball.cpp
  ${CMAKE_CURRENT_LIST_DIR}/flint_poly.cpp
  ${CMAKE_CURRENT_LIST_DIR}/integer_factor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/isolated.cpp
  ${CMAKE_CURRENT_LIST_DIR}/did_you_mean.cpp
  ${CMAKE_CURRENT_LIST_DIR}/display.cpp
  ${CMAKE_CURRENT_LIST_DIR}/effort.cpp
  ${CMAKE_CURRENT_LIST_DIR}/latex.cpp
  ${CMAKE_CURRENT_LIST_DIR}/modular.cpp
  ${CMAKE_CURRENT_LIST_DIR}/number_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/printing.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rational_function.cpp
  ${CMAKE_CURRENT_LIST_DIR}/symbolic.cpp
  ${CMAKE_CURRENT_LIST_DIR}/term_order.cpp
)
