target_sources(hamel PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/bytecode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/compiled_function.cpp
  ${CMAKE_CURRENT_LIST_DIR}/csv.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dense_stepper.cpp
  ${CMAKE_CURRENT_LIST_DIR}/event_locator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/events.cpp
  ${CMAKE_CURRENT_LIST_DIR}/jit.cpp
  ${CMAKE_CURRENT_LIST_DIR}/monitored.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plot.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plot_plane.cpp
  ${CMAKE_CURRENT_LIST_DIR}/process.cpp
)
# dlopen for the native back end of compile() (part of libc from glibc 2.34 on; harmless before).
target_link_libraries(hamel PUBLIC ${CMAKE_DL_LIBS})
