# The `msi` target: stages the install tree and builds an MSI from it with wixl (msitools), from
# the plain WiX source kubeglass.wxs. Included from packaging/CMakeLists.txt. On Windows the release
# workflow builds the shipped MSI with CPack WIX instead (see packaging/README.md).
find_program(KUBEGLASS_TOOL_wixl wixl)
find_program(KUBEGLASS_TOOL_wixl-heat wixl-heat)
set(KUBEGLASS_MSI ${CMAKE_BINARY_DIR}/Kubeglass-${PROJECT_VERSION}-x86_64.msi)
set(KUBEGLASS_BUILD_MSI ${CMAKE_CURRENT_SOURCE_DIR}/msi/build-msi.sh)
if(NOT KUBEGLASS_TOOL_wixl OR NOT KUBEGLASS_TOOL_wixl-heat)
    set(KUBEGLASS_MSI_AVAILABLE OFF)
    kubeglass_unavailable_target(msi "wixl not found; install: apt-get install wixl msitools")
elseif(NOT TARGET kubeglass)
    set(KUBEGLASS_MSI_AVAILABLE ON)
    kubeglass_unavailable_target(msi "the kubeglass program is not part of this build yet")
else()
    set(KUBEGLASS_MSI_AVAILABLE ON)
    set(_stage ${CMAKE_CURRENT_BINARY_DIR}/msi-stage)
    add_custom_target(msi
        COMMAND ${CMAKE_COMMAND} -E rm -rf ${_stage}
        COMMAND ${CMAKE_COMMAND} --install ${CMAKE_BINARY_DIR} --prefix ${_stage} --config $<CONFIG>
                --strip
        COMMAND ${KUBEGLASS_BUILD_MSI} --stage ${_stage} --main $<TARGET_FILE_NAME:kubeglass>
            --version ${PROJECT_VERSION} --upgrade-code ${KUBEGLASS_UPGRADE_CODE}
            --icon ${PROJECT_SOURCE_DIR}/resources/kubeglass.ico --output ${KUBEGLASS_MSI}
        COMMENT "Writing ${KUBEGLASS_MSI}"
        VERBATIM)
    add_dependencies(msi ${KUBEGLASS_PROGRAMS})
endif()
