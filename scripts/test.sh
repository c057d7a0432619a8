#!/usr/bin/env bash
# Installs what is missing, builds Kubeglass and runs the whole test suite (CTest), then builds
# it again with AddressSanitizer + UndefinedBehaviorSanitizer and runs the suite under them.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release
cmake --build --preset release
QT_QPA_PLATFORM=offscreen ctest --preset release
cmake --preset asan
cmake --build --preset asan
ctest --preset asan
