#!/usr/bin/env bash
# Runs one test and keeps a copy of everything it prints, for the credential scan.
#   run-logged.sh LOG_FILE COMMAND [ARGS...]
set -uo pipefail
log=$1
shift
mkdir -p "$(dirname "$log")"
"$@" 2>&1 | tee "$log"
exit "${PIPESTATUS[0]}"
