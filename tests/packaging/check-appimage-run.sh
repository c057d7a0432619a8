#!/usr/bin/env bash
# The AppImage runs its payload: through --appimage-extract-and-run and APPIMAGE_EXTRACT_AND_RUN=1
# (no FUSE needed), and through the FUSE mount where /dev/fuse is usable. Arguments, the exit
# status and APPIMAGE/APPDIR/ARGV0 reach the program; nothing is left behind.
#   check-appimage-run.sh APPIMAGE PROGRAM
# PROGRAM is a bundled program that understands --help, --tls, --print-env and --exit-code N
# (the packaging test program).
set -euo pipefail
appimage=$1 program=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work/tmp
mkdir -p "$TMPDIR"

check_modes() {
  local label=$1
  shift
  "$@" --help | grep Usage >/dev/null || fail "$label: --help did not reach the program"
  "$@" --tls | grep 'ssl-supported: yes' >/dev/null || fail "$label: bundled OpenSSL/TLS plugin not loaded"
  local env
  env=$("$@" --print-env)
  grep -qx "APPIMAGE=$appimage" <<<"$env" || fail "$label: APPIMAGE not set: $env"
  grep -q '^APPDIR=/' <<<"$env" || fail "$label: APPDIR not set: $env"
  grep -q '^ARGV0=.' <<<"$env" || fail "$label: ARGV0 not set: $env"
  local rc=0
  "$@" --exit-code 7 || rc=$?
  ((rc == 7)) || fail "$label: exit status $rc instead of 7"
  [[ -z "$(ls -A "$TMPDIR")" ]] || fail "$label: left $(ls -A "$TMPDIR") in TMPDIR"
  echo "PASS: $label"
}

check_modes "--appimage-extract-and-run" "$appimage" --appimage-extract-and-run
check_modes "APPIMAGE_EXTRACT_AND_RUN=1" env APPIMAGE_EXTRACT_AND_RUN=1 "$appimage"
check_modes "dispatch by first argument" env APPIMAGE_EXTRACT_AND_RUN=1 "$appimage" "$program"
ln -s "$appimage" "$work/$program"
check_modes "dispatch by invoked name" env APPIMAGE_EXTRACT_AND_RUN=1 "$work/$program"

if [[ -r /dev/fuse && -w /dev/fuse ]] && { ((EUID == 0)) || command -v fusermount3 >/dev/null; }; then
  check_modes "FUSE mount" "$appimage"
  grep -q "$TMPDIR/.mount_" /proc/mounts && fail "FUSE mount left behind"
  echo "PASS: FUSE mount released"
  "$appimage" --appimage-mount >"$work/mountpoint" &
  mounter=$!
  for ((i = 0; i < 100; i++)); do
    [[ -s "$work/mountpoint" ]] && break
    sleep 0.1
  done
  mountpoint=$(cat "$work/mountpoint")
  [[ -x "$mountpoint/AppRun" ]] || fail "--appimage-mount: no AppRun under '$mountpoint'"
  kill -INT "$mounter"
  wait "$mounter" || fail "--appimage-mount did not exit cleanly on SIGINT"
  grep -q "$mountpoint" /proc/mounts && fail "--appimage-mount left $mountpoint mounted"
  [[ ! -e "$mountpoint" ]] || fail "--appimage-mount left $mountpoint behind"
  echo "PASS: --appimage-mount mounts until interrupted"
else
  echo "NOTE: /dev/fuse not usable here; the FUSE start was not exercised"
fi
