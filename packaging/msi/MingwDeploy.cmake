# Install rules of the MinGW cross build: what windeployqt would copy next to the programs, which
# the toolchain lacks (it is part of qttools). Everything goes into bin/, the layout Qt expects of a
# deployed Windows program: the Qt DLLs the programs link, the MinGW runtime DLLs, the plugins Qt
# loads (the platform, Schannel TLS, the native style, the image formats, icon engines if any) in
# their folders, and qt.conf, which points Qt at that folder instead of the build machine's prefix.
# Included from packaging/CMakeLists.txt when cross-compiling for Windows.
set(_qt_bin ${QT6_INSTALL_PREFIX}/${QT6_INSTALL_BINS})
set(_qt_plugins ${QT6_INSTALL_PREFIX}/${QT6_INSTALL_PLUGINS})

set(_dlls "")
foreach(module IN ITEMS Core Gui Widgets Network)
    list(APPEND _dlls ${_qt_bin}/Qt6${module}.dll)
endforeach()
foreach(runtime IN ITEMS libstdc++-6 libgcc_s_seh-1 libwinpthread-1)
    list(APPEND _dlls ${_qt_bin}/${runtime}.dll)
endforeach()
install(FILES ${_dlls} DESTINATION bin)

foreach(plugin IN ITEMS platforms/qwindows tls/qschannelbackend styles/qwindowsvistastyle
                        imageformats/qgif imageformats/qico imageformats/qjpeg)
    get_filename_component(_folder ${plugin} DIRECTORY)
    install(FILES ${_qt_plugins}/${plugin}.dll DESTINATION bin/${_folder})
endforeach()
file(GLOB _iconengines ${_qt_plugins}/iconengines/*.dll)
if(_iconengines)
    install(FILES ${_iconengines} DESTINATION bin/iconengines)
endif()

set(_qt_conf ${CMAKE_CURRENT_BINARY_DIR}/qt.conf)
file(WRITE ${_qt_conf} "[Paths]\nPrefix = .\nPlugins = .\n")
install(FILES ${_qt_conf} DESTINATION bin)
