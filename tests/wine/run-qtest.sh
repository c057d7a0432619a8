#!/usr/bin/env bash
# CMAKE_CROSSCOMPILING_EMULATOR of the Windows build: runs one .exe under Wine in the prefix of
# the current ctest run (see wine-session.sh), with the toolchain's Qt and MinGW DLLs on WINEPATH.
#   run-qtest.sh MINGW_PREFIX WINEPREFIX [--qtest-log FILE] PROGRAM.exe [ARGS...]
# A Windows program started by Wine with pipes for stdout has no console window, and Qt then
# sends Qt Test's report and qDebug() output to OutputDebugString instead of stdout. So a Qt Test
# program writes its report to FILE (-o FILE,txt), which is printed afterwards, and log messages
# are forced to stderr (QT_FORCE_STDERR_LOGGING).
set -uo pipefail
mingw_prefix=$1
export WINEPREFIX=$2
shift 2
log=""
if [[ ${1:-} == --qtest-log ]]; then
  log=$2
  shift 2
fi
# A test started by hand before any ctest run gets the prefix made on first use.
mkdir -p "$WINEPREFIX"
export WINEDEBUG=-all QT_FORCE_STDERR_LOGGING=1
# Only Wine's own dialogs would want a display; the tests run offscreen.
export DISPLAY=
# Wine starts its desktop process (explorer.exe) for the first program that makes a window, and
# that process inherits the program's stdout and stderr and outlives the run; ctest waits for
# its pipe to close, so the test would hang until its timeout. The program writes to a file
# instead, which is printed when it has ended.
output=$(mktemp)
trap 'rm -f "$output"' EXIT
if [[ -z $log ]]; then
  "$mingw_prefix/wine-run.sh" "$@" </dev/null >"$output" 2>&1
  status=$?
  cat "$output"
  exit "$status"
fi
mkdir -p "$(dirname "$log")"
rm -f "$log"
# Wine maps the Unix root to Z:, the drive of the working directory, so the Unix path works.
# Under Wine a test process sometimes never finishes exiting once its tests are done: after a
# dropped HTTP connection was reopened (tst_podlogstream's reconnect test, 3 runs of 9 on a loaded
# machine, none without the drop) it is left with one thread inside ExitProcess, waiting on the
# wineserver, and winedbg can no longer attach. When the Qt Test log is complete and the process
# is still there exit_grace seconds later, it is killed and the result is read from the log.
exit_grace=10
"$mingw_prefix/wine-run.sh" "$@" -o "$log,txt" </dev/null >"$output" 2>&1 &
pid=$!
finished_at=""
stuck=""
while kill -0 "$pid" 2>/dev/null; do
  if [[ -z $finished_at ]] && grep -qs '^\*\*\*\*\*\*\*\*\* Finished testing of ' "$log"; then
    finished_at=$SECONDS
  elif [[ -n $finished_at ]] && ((SECONDS - finished_at >= exit_grace)); then
    stuck=1
    kill -KILL "$pid" 2>/dev/null
    break
  fi
  sleep 0.2
done
wait "$pid" 2>/dev/null # bash would report the kill
status=$?
cat "$output"
if [[ -n $stuck ]]; then
  echo "run-qtest.sh: $(basename "$1") finished its tests but had not exited ${exit_grace} s later" \
    "under Wine; killed, result taken from its log" >&2
  failed=$(tr -d '\r' <"$log" | sed -n 's/^Totals: [0-9]* passed, \([0-9]*\) failed.*/\1/p')
  status=1
  [[ $failed == 0 ]] && status=0
fi
[[ -f $log ]] && tr -d '\r' <"$log"
exit "$status"
