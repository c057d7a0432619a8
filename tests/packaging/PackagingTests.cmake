# Packaging tests (shell scripts in this folder, run by CTest). Included from packaging/CMakeLists.txt.
#
# Default suite (label "pkglight", ~30 s, only when the packaging tools are installed): the AppImage
# of the packaging test program (format, extraction, running with and without FUSE) and the wixl MSI
# tables. Label "packaging" (excluded from the default test command): everything that needs the
# Kubeglass programs' packages or a debootstrap root (network access to Debian's mirror, root).
set(_tests ${PROJECT_SOURCE_DIR}/tests/packaging)
set(KUBEGLASS_DEBROOT ${CMAKE_BINARY_DIR}/debroot CACHE PATH
    "Minimal Debian root for the packaging tests, made once by debootstrap")

function(kubeglass_add_packaging_test name)
    cmake_parse_arguments(ARG "" "TIMEOUT;LABEL" "COMMAND;SETUP;REQUIRES;LOCK" ${ARGN})
    add_test(NAME ${name} COMMAND ${ARG_COMMAND})
    set_tests_properties(${name} PROPERTIES LABELS ${ARG_LABEL} TIMEOUT ${ARG_TIMEOUT})
    if(ARG_SETUP)
        set_tests_properties(${name} PROPERTIES FIXTURES_SETUP "${ARG_SETUP}")
    endif()
    if(ARG_REQUIRES)
        set_tests_properties(${name} PROPERTIES FIXTURES_REQUIRED "${ARG_REQUIRES}")
    endif()
    if(ARG_LOCK)
        set_tests_properties(${name} PROPERTIES RESOURCE_LOCK "${ARG_LOCK}")
    endif()
endfunction()

# Checks a built AppImage: format, extraction (against its AppDir).
function(kubeglass_add_appimage_checks prefix label fixture appimage appdir)
    kubeglass_add_packaging_test(${prefix}_format LABEL ${label} TIMEOUT 60 REQUIRES ${fixture}
        COMMAND ${_tests}/check-appimage-format.sh ${appimage} $<TARGET_FILE:appimage-runtime>
                ${PROJECT_VERSION} ${KUBEGLASS_APPIMAGE_UPDATE_INFO})
    kubeglass_add_packaging_test(${prefix}_extract LABEL ${label} TIMEOUT 120 REQUIRES ${fixture}
        COMMAND ${_tests}/check-appimage-extract.sh ${appimage} ${appdir})
endfunction()

if(NOT KUBEGLASS_APPIMAGE_AVAILABLE)
    message(STATUS "Packaging tests: AppImage tests not registered (${_appimage_missing})")
else()
    kubeglass_add_packaging_test(packaging_testapp_appimage_build LABEL pkglight TIMEOUT 600
        SETUP pkg_testapp_appimage
        COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target appimage-testapp)
    kubeglass_add_appimage_checks(packaging_testapp_appimage pkglight pkg_testapp_appimage
        ${KUBEGLASS_TEST_APPIMAGE} ${CMAKE_CURRENT_BINARY_DIR}/appimage-testapp.AppDir)
    kubeglass_add_packaging_test(packaging_testapp_appimage_run LABEL pkglight TIMEOUT 120
        REQUIRES pkg_testapp_appimage
        COMMAND ${_tests}/check-appimage-run.sh ${KUBEGLASS_TEST_APPIMAGE} kubeglass-pkgtest)

    kubeglass_add_packaging_test(packaging_debroot_setup LABEL packaging TIMEOUT 1800 SETUP debroot LOCK debroot
        COMMAND ${_tests}/make-debroot.sh ${KUBEGLASS_DEBROOT})
    kubeglass_add_packaging_test(packaging_testapp_appimage_in_debroot LABEL packaging TIMEOUT 300
        REQUIRES "debroot;pkg_testapp_appimage" LOCK debroot
        COMMAND ${_tests}/run-testapp-appimage-in-debroot.sh ${KUBEGLASS_DEBROOT} ${KUBEGLASS_TEST_APPIMAGE})

    if(TARGET kubeglass AND TARGET kubeglass-watch AND TARGET kubeglass-sim)
        kubeglass_add_packaging_test(packaging_appimage_build LABEL packaging TIMEOUT 900 SETUP pkg_appimage
            COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target appimage)
        kubeglass_add_appimage_checks(packaging_appimage packaging pkg_appimage
            ${KUBEGLASS_APPIMAGE} ${CMAKE_CURRENT_BINARY_DIR}/appimage.AppDir)
        kubeglass_add_packaging_test(packaging_appimage_in_debroot LABEL packaging TIMEOUT 600
            REQUIRES "debroot;pkg_appimage" LOCK debroot
            COMMAND ${_tests}/run-appimage-in-debroot.sh ${KUBEGLASS_DEBROOT} ${KUBEGLASS_APPIMAGE}
                    ${CMAKE_BINARY_DIR}/kubeglass-in-debroot.png)
    endif()
endif()

if(KUBEGLASS_TOOL_dpkg-shlibdeps AND TARGET kubeglass AND TARGET kubeglass-watch AND TARGET kubeglass-sim)
    kubeglass_add_packaging_test(packaging_deb_build LABEL packaging TIMEOUT 900 SETUP pkg_deb
        COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target deb)
    kubeglass_add_packaging_test(packaging_deb_in_debroot LABEL packaging TIMEOUT 1200
        REQUIRES "debroot;pkg_deb" LOCK debroot
        COMMAND ${_tests}/run-deb-in-debroot.sh ${KUBEGLASS_DEBROOT}
                ${CMAKE_BINARY_DIR}/${CPACK_PACKAGE_NAME}_${PROJECT_VERSION}_amd64.deb)
endif()

if(KUBEGLASS_MSI_AVAILABLE AND KUBEGLASS_TOOL_msiinfo)
    if(TARGET kubeglass)
        set(_msi_main $<TARGET_FILE_NAME:kubeglass>)
        set(_msi_extra "")
        set(_msi_requires "")
    else()
        # Until the Kubeglass programs exist, the packaging test program stands in for them.
        set(_msi_main kubeglass-pkgtest)
        set(_msi_extra $<TARGET_FILE:kubeglass-pkgtest>)
        set(_msi_requires pkg_testapp_appimage) # Builds the test program.
    endif()
    kubeglass_add_packaging_test(packaging_msi_tables LABEL pkglight TIMEOUT 300 REQUIRES "${_msi_requires}"
        COMMAND ${_tests}/check-msi.sh ${CMAKE_BINARY_DIR} ${KUBEGLASS_BUILD_MSI} ${_msi_main}
                ${PROJECT_VERSION} ${KUBEGLASS_UPGRADE_CODE} ${PROJECT_SOURCE_DIR}/resources/kubeglass.ico
                ${_msi_extra})
endif()
