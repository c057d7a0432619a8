# Toolchain file of the `windows` preset: cross-compiles for Windows x86_64 with MinGW-w64 against
# the Qt 6.4.2 prefix packed in qt6-mingw-w64-x86_64.tar.xz (see its README.md).
#
# The prefix is found, in this order, at
#   KUBEGLASS_MINGW_PREFIX (cache or environment variable): an unpacked qt6-mingw/ folder;
#   build/<preset>/toolchain/qt6-mingw, unpacked once from KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE
#   (cache or environment variable), by default ../shared/toolchains/ beside the source tree,
#   which is where CI keeps it;
#   when that default archive is absent, the same prefix built from Debian's sources by
#   scripts/mingw-toolchain/build-qt6-mingw.sh (which ./scripts/test.sh runs) and kept in the
#   user's cache folder.
# CMake reads a toolchain file again for every try_compile, in the same process: the environment
# variable set at the end hands the resolved prefix to those runs, which have another binary dir.
get_filename_component(_kubeglass_source_dir "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

if(NOT KUBEGLASS_MINGW_PREFIX AND DEFINED ENV{KUBEGLASS_MINGW_PREFIX})
    set(KUBEGLASS_MINGW_PREFIX "$ENV{KUBEGLASS_MINGW_PREFIX}")
endif()
if(NOT KUBEGLASS_MINGW_PREFIX AND NOT KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE)
    if(DEFINED ENV{KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE})
        set(KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE "$ENV{KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE}")
    else()
        get_filename_component(KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE
            "${_kubeglass_source_dir}/../shared/toolchains/qt6-mingw-w64-x86_64.tar.xz" ABSOLUTE)
        # Only the default archive falls back to the built prefix; one the user named must exist.
        if(NOT EXISTS "${KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE}")
            set(_kubeglass_recipe "${_kubeglass_source_dir}/scripts/mingw-toolchain/build-qt6-mingw.sh")
            execute_process(COMMAND "${_kubeglass_recipe}" --cached-only
                OUTPUT_VARIABLE KUBEGLASS_MINGW_PREFIX OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE _kubeglass_cached)
            if(NOT _kubeglass_cached EQUAL 0)
                message(FATAL_ERROR "No MinGW toolchain: no archive at ${KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE} "
                    "and none built from Debian's sources yet. Build one (about 35 minutes on 2 idle "
                    "cores, once; ./scripts/test.sh does it by itself):\n  ${_kubeglass_recipe}\n"
                    "or pass -DKUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE=<path to qt6-mingw-w64-x86_64.tar.xz> "
                    "or -DKUBEGLASS_MINGW_PREFIX=<unpacked qt6-mingw folder>.")
            endif()
            message(STATUS "MinGW toolchain built from Debian's sources: ${KUBEGLASS_MINGW_PREFIX}")
        endif()
    endif()
endif()
if(NOT KUBEGLASS_MINGW_PREFIX)
    set(KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE "${KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE}" CACHE FILEPATH
        "qt6-mingw-w64-x86_64.tar.xz, unpacked into the build tree when KUBEGLASS_MINGW_PREFIX is empty")
    set(_kubeglass_unpack_dir "${CMAKE_BINARY_DIR}/toolchain")
    set(KUBEGLASS_MINGW_PREFIX "${_kubeglass_unpack_dir}/qt6-mingw")
    # The marker is written last, so an interrupted unpack is redone.
    set(_kubeglass_marker "${_kubeglass_unpack_dir}/.unpacked")
    if(NOT EXISTS "${_kubeglass_marker}")
        if(NOT EXISTS "${KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE}")
            message(FATAL_ERROR "MinGW toolchain archive not found: ${KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE}\n"
                "Pass -DKUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE=<path to qt6-mingw-w64-x86_64.tar.xz> "
                "or -DKUBEGLASS_MINGW_PREFIX=<unpacked qt6-mingw folder>.")
        endif()
        message(STATUS "Unpacking ${KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE} into ${_kubeglass_unpack_dir}")
        file(REMOVE_RECURSE "${_kubeglass_unpack_dir}")
        file(ARCHIVE_EXTRACT INPUT "${KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE}"
             DESTINATION "${_kubeglass_unpack_dir}")
        file(TOUCH "${_kubeglass_marker}")
    endif()
endif()
set(KUBEGLASS_MINGW_PREFIX "${KUBEGLASS_MINGW_PREFIX}" CACHE PATH "Unpacked qt6-mingw toolchain folder")
if(NOT EXISTS "${KUBEGLASS_MINGW_PREFIX}/toolchain-mingw64.cmake")
    message(FATAL_ERROR "${KUBEGLASS_MINGW_PREFIX} holds no toolchain-mingw64.cmake")
endif()
set(ENV{KUBEGLASS_MINGW_PREFIX} "${KUBEGLASS_MINGW_PREFIX}")

# Tests run under Wine through our wrapper, which gives every ctest run one Wine prefix of its own.
set(CMAKE_CROSSCOMPILING_EMULATOR "${_kubeglass_source_dir}/tests/wine/run-qtest.sh"
    "${KUBEGLASS_MINGW_PREFIX}" "${CMAKE_BINARY_DIR}/wine-prefix")
include("${KUBEGLASS_MINGW_PREFIX}/toolchain-mingw64.cmake")
