#!/usr/bin/env bash
# Inside the fresh CI root: runs the README's demo command under Xvfb, waits for its window,
# checks that it is still up 10 s later, and writes a screenshot of the screen.
#   demo-screenshot.sh REPO OUTPUT.png
set -euo pipefail
repo=$1 out=$2
applog=$(dirname "$out")/demo-app.log
Xvfb :42 -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
export DISPLAY=:42
cd "$repo"
./scripts/demo.sh >"$applog" 2>&1 &
demo=$!
trap 'kill $demo $xvfb 2>/dev/null || true' EXIT

fail() { echo "FAIL: $*" >&2; tail -30 "$applog" >&2; exit 1; }
# The tree is read whole before matching: it spans several writes, and a grep -q leaving at the
# match would fail the pipeline under pipefail (SIGPIPE to xwininfo) although the window is there.
window_re='"[^"]*Kubeglass": \("kubeglass"'
has_window() { local tree; tree=$(xwininfo -root -tree 2>/dev/null) || return 1; [[ $tree =~ $window_re ]]; }
# The demo command installs (nothing, after the tests) and builds (up to date) before it opens.
for ((i = 0; i < 1200; i++)); do
    has_window && break
    kill -0 $demo 2>/dev/null || fail "the demo command ended before its window opened"
    sleep 0.5
done
has_window || fail "no Kubeglass window after 10 minutes"
echo "demo: window open after $((i / 2)) s"
sleep 10
kill -0 $demo 2>/dev/null || fail "the demo exited within 10 s of opening its window"
import -window root "png:$out"
echo "demo: still up after 10 s; screenshot $out"
