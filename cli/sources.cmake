# The command's logic lives in the library so that the tests can run it in-process.
target_sources(hamel PRIVATE ${CMAKE_CURRENT_LIST_DIR}/command_line.cpp ${CMAKE_CURRENT_LIST_DIR}/commands.cpp
                             ${CMAKE_CURRENT_LIST_DIR}/profile.cpp ${CMAKE_CURRENT_LIST_DIR}/progress.cpp)
