#!/usr/bin/env bash
# The Wine prefix that one ctest run of the Windows build shares: made once by the fixture test
# wine_prefix_setup (a prefix is ~700 MB and its first wineboot takes 30-60 s, too much per test),
# ended by wine_prefix_cleanup so no wineserver outlives the run.
#   wine-session.sh setup|cleanup WINEPREFIX
set -euo pipefail
action=$1
export WINEPREFIX=$2
export WINEDEBUG=-all
wine=$(command -v wine64 || echo /usr/lib/wine/wine64)
[[ -x $wine ]] || wine=wine
case "$action" in
  setup)
    # A stale wineserver of an interrupted run would keep the old prefix's files open.
    wineserver -k 2>/dev/null || true
    rm -rf "$WINEPREFIX"
    mkdir -p "$WINEPREFIX"
    # No display: wineboot must not try to show its "updating" window, and Mono/Gecko are not needed.
    WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY= "$wine" wineboot --init
    wineserver -w
    # One persistent wineserver (and with it Wine's services) for the whole run: restarting them
    # between tests raced with the first tests' exit, which then hung until their timeout.
    # Their output must not hold ctest's pipe open: ctest waits for it to close.
    wineserver -p </dev/null >/dev/null 2>&1
    DISPLAY= "$wine" cmd /c exit </dev/null >/dev/null 2>&1
    echo "wine-session: prefix ready at $WINEPREFIX"
    ;;
  cleanup)
    wineserver -k 2>/dev/null || true
    wineserver -w 2>/dev/null || true
    ;;
  *) echo "wine-session: unknown action $action" >&2; exit 2 ;;
esac
