#!/usr/bin/env bash
# Installs what is missing, builds Kubeglass and starts it on the embedded simulated cluster.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release
cmake --build --preset release
exec build/release/app/kubeglass/kubeglass --demo "$@"
