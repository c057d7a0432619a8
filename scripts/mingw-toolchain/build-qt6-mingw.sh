#!/usr/bin/env bash
# Builds the Windows x86_64 cross toolchain prefix qt6-mingw/ (Qt 6.4.2 qtbase, simdjson,
# yaml-cpp for MinGW-w64) from Debian's source packages, the way the prebuilt
# ../shared/toolchains/qt6-mingw-w64-x86_64.tar.xz was made (its README.md: same configure
# options, same layout with toolchain-mingw64.cmake and wine-run.sh). Used when no prebuilt copy
# is beside the clone; about 20 minutes on 2 cores (1,215 s measured), nearly all of it qtbase.
#   build-qt6-mingw.sh                 build unless cached; print the prefix
#   build-qt6-mingw.sh --cached-only   print the cached prefix, or exit 1 when there is none
# The result is kept in ${XDG_CACHE_HOME:-~/.cache}/kubeglass/mingw-toolchain/<versions>/, one
# folder per set of source versions, so later runs take no time. An interrupted build resumes.
# Needs the Debian packages install-deps.sh installs (no root: the sources come through a private
# apt configuration). Progress goes to stderr, each step's full output to a log in the work folder.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

source_version() {
  dpkg-query -W -f='${source:Version}' "$1" 2>/dev/null ||
    { echo "build-qt6-mingw: $1 is not installed; run scripts/install-deps.sh" >&2; exit 1; }
}
# The target Qt must be the host Qt's version (its moc, rcc and uic build the target); simdjson
# and yaml-cpp are taken at the versions the Linux build uses.
qt_version=$(source_version qt6-base-dev)
simdjson_version=$(source_version libsimdjson-dev)
yaml_cpp_version=$(source_version libyaml-cpp-dev)
# Raise when the recipe changes what it produces, so that cached prefixes are rebuilt.
recipe_revision=1
key="qt6-base_${qt_version}-simdjson_${simdjson_version}-yaml-cpp_${yaml_cpp_version}-r${recipe_revision}"
cache=${XDG_CACHE_HOME:-$HOME/.cache}/kubeglass/mingw-toolchain/$key
prefix=$cache/qt6-mingw
work=$cache/work
# Written last: a prefix without it is unfinished.
complete=$cache/.complete

if [[ ${1:-} == --cached-only ]]; then
  [[ -f $complete ]] || exit 1
else
  mkdir -p "$cache"
  # One build at a time per cache folder; a run that waited for another finds the prefix done.
  exec {lock}>"$cache/lock"
  flock "$lock"
fi
if [[ -f $complete ]]; then
  echo "$prefix"
  exit 0
fi
mkdir -p "$work/logs"
triple=x86_64-w64-mingw32
jobs=${KUBEGLASS_TOOLCHAIN_JOBS:-$(nproc)}

# step NAME COMMAND...: runs COMMAND once (a stamp marks it done), its output into logs/NAME.log.
step() {
  local name=$1 started=$SECONDS log=$work/logs/$1.log status
  shift
  if [[ -f $work/$name.done ]]; then
    echo "build-qt6-mingw: $name: done before" >&2
    return
  fi
  echo "build-qt6-mingw: $name (log: $log)" >&2
  # Not as an if/|| condition: bash would ignore set -e inside the step then.
  set +e
  (
    set -e
    "$@"
  ) >"$log" 2>&1
  status=$?
  set -e
  if ((status != 0)); then
    tail -n 40 "$log" >&2
    echo "build-qt6-mingw: $name failed after $((SECONDS - started)) s; full log: $log" >&2
    exit 1
  fi
  touch "$work/$name.done"
  echo "build-qt6-mingw: $name: $((SECONDS - started)) s" >&2
}

# A private apt configuration (own lists, no root needed) with a deb-src line for this release,
# on the mirror of the machine's own sources for it: the system's sources and lists stay as they
# are. The sources are checked as apt checks packages: the signed Release file names the Sources
# index, which names the hashes of each .dsc and tarball.
fetch_sources() {
  local codename apt mirror keyring=""
  codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
  apt=$work/apt
  rm -rf "$apt" "$work/src"
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/sources.list.d" "$work/src"
  local private=(-o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o APT::Sandbox::User=root)
  # What `apt-get update` would fetch for the machine's sources, one-line or deb822 alike.
  mirror=$(apt-get "${private[@]}" update --print-uris |
    sed -n "s|^'\(.*\)/dists/$codename/\(In\)\?Release'.*|\1|p" | head -n 1)
  if [[ -z $mirror ]]; then
    echo "the machine's apt sources have no '$codename' suite to take the mirror from" >&2
    return 1
  fi
  [[ -f /usr/share/keyrings/debian-archive-keyring.gpg ]] &&
    keyring=" [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]"
  echo "deb-src$keyring $mirror $codename main" >"$apt/sources.list"
  cat "$apt/sources.list"
  local options=("${private[@]}" -o "Dir::Etc::SourceList=$apt/sources.list"
    -o "Dir::Etc::SourceParts=$apt/sources.list.d")
  apt-get "${options[@]}" update
  (
    cd "$work/src"
    apt-get "${options[@]}" source --download-only \
      "qt6-base=$qt_version" "simdjson=$simdjson_version" "yaml-cpp=$yaml_cpp_version"
    # dpkg-source applies Debian's patches.
    dpkg-source -x qt6-base_*.dsc qtbase
    dpkg-source -x simdjson_*.dsc simdjson
    dpkg-source -x yaml-cpp_*.dsc yaml-cpp
  )
}

install_prefix_files() {
  mkdir -p "$prefix"
  install -m 644 "$here/toolchain-mingw64.cmake" "$prefix/"
  install -m 755 "$here/wine-run.sh" "$prefix/"
}

# configure NAME OPTIONS...: a fresh build folder for src/NAME, installing into the prefix.
configure() {
  local name=$1
  shift
  rm -rf "$work/build-$name" "$work/$name-build.done" "$work/$name-install.done"
  cmake -G Ninja -S "$work/src/$name" -B "$work/build-$name" \
    -DCMAKE_TOOLCHAIN_FILE="$prefix/toolchain-mingw64.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" "$@"
}

# Options as in the README: shared Release libraries, bundled third-party code, Schannel instead
# of OpenSSL, and what a raster-painted widgets app does not need left out. opengl_dynamic and
# dynamicgl go with OpenGL (the qwindows plugin cannot build with them and without OpenGL);
# tabletevent because Debian's +dfsg tarball lacks src/3rdparty/wintab; direct2d1_1 is the
# optional direct2d platform plugin, while direct2d stays on for Qt Gui's DirectWrite engine.
configure_qtbase() {
  configure qtbase \
    -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR=/usr/lib/x86_64-linux-gnu/cmake \
    -DQT_QMAKE_TARGET_MKSPEC=win32-g++ -DBUILD_SHARED_LIBS=ON \
    -DQT_BUILD_EXAMPLES=OFF -DQT_BUILD_TESTS=OFF -DQT_BUILD_BENCHMARKS=OFF \
    -DFEATURE_pkg_config=OFF \
    -DFEATURE_system_zlib=OFF -DFEATURE_system_pcre2=OFF -DFEATURE_system_png=OFF \
    -DFEATURE_system_jpeg=OFF -DFEATURE_system_freetype=OFF -DFEATURE_system_harfbuzz=OFF \
    -DFEATURE_system_doubleconversion=OFF -DFEATURE_system_libb2=OFF \
    -DFEATURE_openssl=OFF -DFEATURE_schannel=ON \
    -DFEATURE_dbus=OFF -DFEATURE_icu=OFF -DFEATURE_sql=OFF -DFEATURE_zstd=OFF \
    -DFEATURE_brotli=OFF -DFEATURE_glib=OFF -DFEATURE_gssapi=OFF -DFEATURE_libproxy=OFF \
    -DFEATURE_vulkan=OFF -DFEATURE_printsupport=OFF -DINPUT_opengl=no -DFEATURE_opengl=OFF \
    -DFEATURE_opengl_dynamic=OFF -DFEATURE_dynamicgl=OFF -DFEATURE_tabletevent=OFF \
    -DFEATURE_direct2d1_1=OFF
}

configure_simdjson() {
  configure simdjson -DBUILD_SHARED_LIBS=OFF \
    -DSIMDJSON_DEVELOPER_MODE=OFF
}

configure_yaml_cpp() {
  configure yaml-cpp -DBUILD_SHARED_LIBS=OFF \
    -DYAML_BUILD_SHARED_LIBS=OFF -DYAML_CPP_BUILD_TESTS=OFF -DYAML_CPP_BUILD_TOOLS=OFF \
    -DYAML_CPP_BUILD_CONTRIB=OFF
}

build() { cmake --build "$work/build-$1" --parallel "$jobs"; }
install_built() { cmake --install "$work/build-$1"; }

# The MinGW runtime DLLs every program needs, stripped DLLs, relocatable .pc files.
finish_prefix() {
  local dll
  for dll in libstdc++-6.dll libgcc_s_seh-1.dll libwinpthread-1.dll; do
    install -m 644 "$("$triple-g++-posix" -print-file-name="$dll")" "$prefix/bin/"
  done
  find "$prefix/bin" "$prefix/plugins" -name '*.dll' -exec "$triple-strip" --strip-unneeded {} +
  sed -i -e "s|^prefix=.*|prefix=\${pcfiledir}/../..|" -e "s|$prefix|\${prefix}|g" \
    "$prefix"/lib/pkgconfig/*.pc
}

started=$SECONDS
echo "build-qt6-mingw: building $key into $prefix (about 20 minutes on 2 cores)" >&2
step sources fetch_sources
step prefix-files install_prefix_files
step qtbase-configure configure_qtbase
step qtbase-build build qtbase
step qtbase-install install_built qtbase
step simdjson-configure configure_simdjson
step simdjson-build build simdjson
step simdjson-install install_built simdjson
step yaml-cpp-configure configure_yaml_cpp
step yaml-cpp-build build yaml-cpp
step yaml-cpp-install install_built yaml-cpp
step finish finish_prefix
touch "$complete"
rm -rf "$work"
echo "build-qt6-mingw: done in $((SECONDS - started)) s" >&2
echo "$prefix"
