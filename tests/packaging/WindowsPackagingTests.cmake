# The Windows build's package test (label windows-packaging, outside `ctest --preset windows` like
# every packaging test): builds the MSI, then installs, runs, upgrades and removes it in a fresh
# Wine prefix. Included from packaging/CMakeLists.txt in a Windows build.
if(KUBEGLASS_MSI_AVAILABLE AND TARGET kubeglass AND CMAKE_CROSSCOMPILING)
    add_test(NAME windows_msi_build COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target msi)
    set_tests_properties(windows_msi_build PROPERTIES
        LABELS windows-packaging TIMEOUT 900 FIXTURES_SETUP windows_msi)
    list(GET CMAKE_CROSSCOMPILING_EMULATOR 1 _mingw_prefix)
    add_test(NAME windows_msi_install_upgrade_uninstall
             COMMAND bash ${PROJECT_SOURCE_DIR}/tests/packaging/check-msi-wine.sh
                     --msi ${KUBEGLASS_MSI} --build-msi ${KUBEGLASS_BUILD_MSI}
                     --stage ${CMAKE_CURRENT_BINARY_DIR}/msi-stage --main $<TARGET_FILE_NAME:kubeglass>
                     --version ${PROJECT_VERSION} --upgrade-code ${KUBEGLASS_UPGRADE_CODE}
                     --icon ${PROJECT_SOURCE_DIR}/resources/kubeglass.ico
                     --objdump ${CMAKE_OBJDUMP}
                     --work ${CMAKE_BINARY_DIR}/wine-msi-test)
    set_tests_properties(windows_msi_install_upgrade_uninstall PROPERTIES
        LABELS windows-packaging TIMEOUT 900 FIXTURES_REQUIRED windows_msi)
endif()
