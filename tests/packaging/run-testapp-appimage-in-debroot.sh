#!/usr/bin/env bash
# In a minimal Debian root without Qt, the test program's AppImage starts, loads the bundled
# OpenSSL through Qt's TLS plugin and opens a window on an X server (xcb platform plugin).
#   run-testapp-appimage-in-debroot.sh ROOT APPIMAGE
set -euo pipefail
root=$1 appimage=$2
source "$(dirname "$0")/debroot-lib.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }

debroot_assert_no_qt "$root"
debroot_enter "$root"
mkdir -p "$root/opt/pkgtest"
debroot_cleanup_paths+=("$root/opt/pkgtest")
cp "$appimage" "$root/opt/pkgtest/pkgtest.AppImage"
mode=$(debroot_appimage_env)
debroot_start_xvfb "$root"

debroot_run "$root" "$mode" -- /opt/pkgtest/pkgtest.AppImage --help | grep Usage >/dev/null || fail "--help"
debroot_run "$root" "$mode" -- /opt/pkgtest/pkgtest.AppImage --tls | grep 'ssl-supported: yes' >/dev/null || fail "TLS"
out=$(debroot_run "$root" "$mode" DISPLAY="$DEBROOT_DISPLAY" -- /opt/pkgtest/pkgtest.AppImage --window)
grep -q 'platform: xcb' <<<"$out" || fail "no xcb window: $out"
echo "PASS: test program AppImage runs in $root ($mode)"
