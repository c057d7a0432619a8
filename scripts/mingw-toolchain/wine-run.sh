#!/bin/sh
# Run a Windows .exe built with this toolchain under Wine: Qt, MinGW runtime and library DLLs
# are taken from this prefix's bin/ folder (Qt finds its plugins from Qt6Core.dll's location).
here=$(cd "$(dirname "$0")" && pwd)
# Wine maps the Unix root to drive Z:, so Z:<path with backslashes> names a Unix folder.
winbin="Z:$(printf '%s' "$here/bin" | tr '/' '\\')"
WINEPATH="$winbin${WINEPATH:+;$WINEPATH}"
export WINEPATH
: "${WINEDEBUG:=-all}"; export WINEDEBUG
# Wine (8.x) does not pass Unix variables named QT_* to Windows programs; it passes WINEQT_X
# as QT_X instead. Forward QT_QPA_PLATFORM, QT_PLUGIN_PATH, QT_DEBUG_PLUGINS, ... that way.
for v in $(env | sed -n 's/^\(QT_[A-Za-z0-9_]*\)=.*/\1/p'); do
  eval "[ -n \"\${WINE$v+x}\" ] || { WINE$v=\"\$$v\"; export WINE$v; }"
done
# Debian 12 keeps wine64 in /usr/lib/wine; /usr/bin/wine also runs 64-bit programs.
if [ -z "${WINE:-}" ]; then
  for w in wine64 /usr/lib/wine/wine64 wine; do
    if command -v "$w" >/dev/null 2>&1; then WINE=$w; break; fi
  done
fi
exec "${WINE:-wine}" "$@"
