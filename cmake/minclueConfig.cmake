# find_package(minclue): targets minclue::minclue_shared and minclue::minclue_static
# (header minclue.h).
include(CMakeFindDependencyMacro)
find_dependency(ZLIB)
find_dependency(Threads)
include(${CMAKE_CURRENT_LIST_DIR}/minclueTargets.cmake)
