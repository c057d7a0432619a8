#!/usr/bin/env bash
# Installs what is missing, builds Kubeglass and runs the whole test suite (CTest), then builds
# it again with AddressSanitizer + UndefinedBehaviorSanitizer and runs the suite under them.
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
