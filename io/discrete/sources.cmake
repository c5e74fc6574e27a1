# The discrete module lives in io/modules/discrete/ (next to the other modules).
include(${CMAKE_CURRENT_LIST_DIR}/../modules/discrete/sources.cmake)
