# CMake toolchain file: cross-compile for Windows x86_64 with MinGW-w64 (posix threads)
# against the Qt 6.4.2 / simdjson / yaml-cpp prefix that holds this file (qt6-mingw/).
#
#   cmake -S . -B build-win -G Ninja -DCMAKE_TOOLCHAIN_FILE=<dir>/qt6-mingw/toolchain-mingw64.cmake
#
# The build machine needs: g++-mingw-w64-x86-64-posix (compiler), and a host Qt 6.4.2
# (Debian: qt6-base-dev qt6-base-dev-tools) that supplies moc/rcc/uic. Override the host Qt
# with -DQT_HOST_PATH=... -DQT_HOST_PATH_CMAKE_DIR=... or the same-named environment variables.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(_qt6_mingw_triple x86_64-w64-mingw32)
# Use the posix-threads compilers explicitly: they match the shipped libwinpthread/libstdc++ DLLs
# and provide std::thread/std::mutex (the win32 variant does not).
if(NOT CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER ${_qt6_mingw_triple}-gcc-posix)
endif()
if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER ${_qt6_mingw_triple}-g++-posix)
endif()
if(NOT CMAKE_RC_COMPILER)
  set(CMAKE_RC_COMPILER ${_qt6_mingw_triple}-windres)
endif()

# This folder is the install prefix of all bundled libraries.
get_filename_component(QT6_MINGW_PREFIX "${CMAKE_CURRENT_LIST_DIR}" ABSOLUTE)
set(CMAKE_FIND_ROOT_PATH "${QT6_MINGW_PREFIX}" "/usr/${_qt6_mingw_triple}")
if(NOT "${QT6_MINGW_PREFIX}" IN_LIST CMAKE_PREFIX_PATH)
  list(APPEND CMAKE_PREFIX_PATH "${QT6_MINGW_PREFIX}")
endif()
# Programs come from the host; libraries, headers and CMake packages only from the target roots.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Host Qt (same version, 6.4.2) for moc, rcc, uic.
if(NOT QT_HOST_PATH)
  if(DEFINED ENV{QT_HOST_PATH})
    set(QT_HOST_PATH "$ENV{QT_HOST_PATH}" CACHE PATH "Host Qt 6.4.2 prefix")
  else()
    set(QT_HOST_PATH "/usr" CACHE PATH "Host Qt 6.4.2 prefix")
  endif()
endif()
if(NOT QT_HOST_PATH_CMAKE_DIR)
  if(DEFINED ENV{QT_HOST_PATH_CMAKE_DIR})
    set(QT_HOST_PATH_CMAKE_DIR "$ENV{QT_HOST_PATH_CMAKE_DIR}" CACHE PATH "Host Qt CMake package dir")
  else()
    set(QT_HOST_PATH_CMAKE_DIR "/usr/lib/x86_64-linux-gnu/cmake" CACHE PATH "Host Qt CMake package dir")
  endif()
endif()

# Let ctest / add_test and try_run execute .exe files under Wine (wine-run.sh sets WINEPATH).
if(NOT CMAKE_CROSSCOMPILING_EMULATOR AND EXISTS "${QT6_MINGW_PREFIX}/wine-run.sh")
  set(CMAKE_CROSSCOMPILING_EMULATOR "${QT6_MINGW_PREFIX}/wine-run.sh")
endif()
