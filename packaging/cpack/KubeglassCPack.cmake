# CPack configuration: DEB on Linux (target `deb`), WIX on Windows (the release workflow runs
# `cpack -G WIX`). Included from packaging/CMakeLists.txt.
set(KUBEGLASS_UPGRADE_CODE "0C113849-56CB-4551-8D5B-1AD3A71D3849") # Never change: links all MSI versions.
set(KUBEGLASS_LICENSE_FILE ${PROJECT_SOURCE_DIR}/LICENSE)

set(CPACK_PACKAGE_NAME kubeglass)
set(CPACK_PACKAGE_VENDOR "The Kubeglass developers")
set(CPACK_PACKAGE_CONTACT "The Kubeglass developers <kubeglass@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_INSTALL_DIRECTORY Kubeglass)
set(CPACK_RESOURCE_FILE_LICENSE ${KUBEGLASS_LICENSE_FILE})
set(CPACK_PACKAGE_EXECUTABLES kubeglass Kubeglass)
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR})
set(CPACK_STRIP_FILES ON)

# .deb: dependencies come from the binaries through dpkg-shlibdeps (package dpkg-dev).
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The summary line comes from CPACK_PACKAGE_DESCRIPTION_SUMMARY; CPack indents these lines.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Kubeglass lists and watches Kubernetes resources and updates its tables the
moment the cluster changes. The package contains the desktop application,
the kubeglass-watch command-line watcher and the kubeglass-sim simulated
API server.")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "ca-certificates")

# WIX (Windows runner): per-machine, Start-menu shortcut, icon, license, major upgrades.
set(CPACK_WIX_UPGRADE_GUID ${KUBEGLASS_UPGRADE_CODE})
set(CPACK_WIX_PRODUCT_ICON ${PROJECT_SOURCE_DIR}/resources/kubeglass.ico)
set(CPACK_WIX_PROGRAM_MENU_FOLDER Kubeglass)
set(CPACK_WIX_INSTALL_SCOPE perMachine)
set(CPACK_WIX_PROPERTY_ARPURLINFOABOUT "${PROJECT_HOMEPAGE_URL}")

# The MinGW cross build deploys its own way (msi/MingwDeploy.cmake): it has no windeployqt.
if(WIN32 AND NOT CMAKE_CROSSCOMPILING AND KUBEGLASS_PROGRAMS)
    # windeployqt copies the Qt DLLs and plugins next to the programs in the install tree;
    # InstallRequiredSystemLibraries adds the MSVC runtime.
    find_program(KUBEGLASS_WINDEPLOYQT windeployqt HINTS ${QT6_INSTALL_PREFIX}/${QT6_INSTALL_BINS} REQUIRED)
    set(_deployed "")
    foreach(program IN LISTS KUBEGLASS_PROGRAMS)
        string(APPEND _deployed " \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/${program}.exe\"")
    endforeach()
    install(CODE "execute_process(COMMAND \"${KUBEGLASS_WINDEPLOYQT}\" --release --no-translations
                  --no-compiler-runtime ${_deployed} COMMAND_ERROR_IS_FATAL ANY)")
    install(FILES ${KUBEGLASS_LICENSE_FILE} DESTINATION . RENAME LICENSE.txt)
    include(InstallRequiredSystemLibraries)
endif()

include(CPack)

find_program(KUBEGLASS_TOOL_dpkg-shlibdeps dpkg-shlibdeps)
find_program(KUBEGLASS_TOOL_dpkg-deb dpkg-deb)
if(WIN32)
    kubeglass_unavailable_target(deb "a Windows build makes the MSI (target msi), not a .deb")
elseif(NOT KUBEGLASS_PROGRAMS)
    kubeglass_unavailable_target(deb "the Kubeglass programs are not part of this build yet")
elseif(NOT KUBEGLASS_TOOL_dpkg-shlibdeps OR NOT KUBEGLASS_TOOL_dpkg-deb)
    kubeglass_unavailable_target(deb "dpkg-shlibdeps not found; install: apt-get install dpkg-dev")
else()
    add_custom_target(deb
        COMMAND ${CMAKE_CPACK_COMMAND} -G DEB -C $<CONFIG> --config ${CMAKE_BINARY_DIR}/CPackConfig.cmake
        WORKING_DIRECTORY ${CMAKE_BINARY_DIR}
        COMMENT "Writing the .deb into ${CMAKE_BINARY_DIR}"
        VERBATIM)
    add_dependencies(deb ${KUBEGLASS_PROGRAMS})
endif()
