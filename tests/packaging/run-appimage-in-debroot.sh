#!/usr/bin/env bash
# In a minimal Debian root without Qt, the Kubeglass AppImage dispatches to its programs, runs
# kubeglass-watch against kubeglass-sim (both from the AppImage), and kubeglass opens its window on
# the demo cluster under Xvfb (a screenshot is saved as SCREENSHOT).
#   run-appimage-in-debroot.sh ROOT APPIMAGE SCREENSHOT
set -euo pipefail
root=$1 appimage=$2 screenshot=$3
source "$(dirname "$0")/debroot-lib.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }

debroot_assert_no_qt "$root"
debroot_enter "$root"
app=/opt/kubeglass-test/Kubeglass.AppImage
mkdir -p "$root/opt/kubeglass-test"
debroot_cleanup_paths+=("$root/opt/kubeglass-test" "$root/tmp/kubeglass-test")
cp "$appimage" "$root$app"
mode=$(debroot_appimage_env)

# Dispatch: by first argument and by the name the AppImage is invoked as.
debroot_run "$root" "$mode" -- "$app" kubeglass-watch --help >/dev/null || fail "kubeglass-watch --help"
ln -sf Kubeglass.AppImage "$root/opt/kubeglass-test/kubeglass-sim"
debroot_run "$root" "$mode" -- /opt/kubeglass-test/kubeglass-sim --help >/dev/null || fail "kubeglass-sim --help"

# kubeglass-watch against the simulator.
mkdir -p "$root/tmp/kubeglass-test"
debroot_spawn "$root" "$root/tmp/kubeglass-test/sim.log" "$mode" -- "$app" kubeglass-sim
url=""
for ((i = 0; i < 300; i++)); do
  url=$(sed -n 's/^kubeglass-sim listening on \(http[^ ]*\).*/\1/p' "$root/tmp/kubeglass-test/sim.log")
  [[ -n "$url" ]] && break
  sleep 0.1
done
[[ -n "$url" ]] || fail "kubeglass-sim did not start: $(cat "$root/tmp/kubeglass-test/sim.log")"
snapshot=/tmp/kubeglass-test/snapshot.json
out=$(timeout 120 chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root "$mode" "$app" kubeglass-watch \
  --server "$url" --all-namespaces --exit-after-sync --snapshot "$snapshot" pods) ||
  fail "kubeglass-watch failed: $out"
grep -q '"synced"' <<<"$out" || fail "kubeglass-watch did not sync: $out"
grep -q resourceVersion "$root$snapshot" || fail "kubeglass-watch wrote no snapshot"
echo "PASS: kubeglass-watch synced pods from kubeglass-sim at $url"

# kubeglass on the demo cluster under Xvfb.
command -v xwininfo >/dev/null || fail "xwininfo missing (apt-get install x11-utils)"
debroot_start_xvfb "$root"
debroot_spawn "$root" "$root/tmp/kubeglass-test/gui.log" "$mode" DISPLAY="$DEBROOT_DISPLAY" -- "$app" --demo
gui=$DEBROOT_SPAWNED
window=""
for ((i = 0; i < 600; i++)); do
  window=$(xwininfo -display "$DEBROOT_DISPLAY" -root -tree 2>/dev/null | grep -i '"kubeglass' | grep -v '1x1+' || true)
  [[ -n "$window" ]] && break
  kill -0 "$gui" 2>/dev/null || fail "kubeglass exited: $(cat "$root/tmp/kubeglass-test/gui.log")"
  sleep 0.1
done
[[ -n "$window" ]] || fail "no kubeglass window within 60 s: $(cat "$root/tmp/kubeglass-test/gui.log")"
sleep 3 # Let the demo cluster's first list arrive before the screenshot.
kill -0 "$gui" 2>/dev/null || fail "kubeglass exited after opening its window"
if command -v import >/dev/null; then
  import -display "$DEBROOT_DISPLAY" -window root "$screenshot"
  echo "screenshot: $screenshot"
fi
echo "PASS: kubeglass opened its window in $root: $window"
