#!/usr/bin/env bash
# Installs what is missing, builds Kubeglass and runs the whole test suite (CTest; on Linux it
# includes the realcluster tests against a real kube-apiserver 1.20.2 and etcd, which CTest starts
# and stops, docs/realcluster.md), builds it
# again with AddressSanitizer + UndefinedBehaviorSanitizer and runs the suite under them, then
# cross-builds it for Windows (MinGW-w64, the Qt prefix in ../shared/toolchains or, without it,
# one built once from Debian's sources), runs that suite under Wine and installs, runs, upgrades
# and removes the MSI under Wine.
# Each step's duration goes to stderr (and to $KUBEGLASS_TIMINGS when set).
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
    local name=$1 started=$SECONDS
    shift
    "$@"
    printf '%-34s %5d s\n' "$name" $((SECONDS - started)) | tee -a "${KUBEGLASS_TIMINGS:-/dev/null}" >&2
}

step "install" scripts/install-deps.sh
step "release: configure and build" bash -c 'cmake --preset release && cmake --build --preset release'
step "release: suite" env QT_QPA_PLATFORM=offscreen ctest --preset release
step "asan: configure and build" bash -c 'cmake --preset asan && cmake --build --preset asan'
step "asan: suite" ctest --preset asan
# Without the prebuilt toolchain beside the clone, the windows preset takes the one this builds
# (about 20 minutes on 2 cores the first time, cached after that).
if [[ -z ${KUBEGLASS_MINGW_PREFIX:-}${KUBEGLASS_MINGW_TOOLCHAIN_ARCHIVE:-} &&
  ! -f ../shared/toolchains/qt6-mingw-w64-x86_64.tar.xz ]]; then
  step "windows: toolchain" scripts/mingw-toolchain/build-qt6-mingw.sh
fi
step "windows: configure, build, MSI" bash -c \
    'cmake --preset windows && cmake --build --preset windows && cmake --build --preset windows --target msi'
step "windows: suite under Wine" ctest --preset windows
step "windows: MSI under Wine" ctest --test-dir build/windows -L windows-packaging --output-on-failure
