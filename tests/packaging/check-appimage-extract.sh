#!/usr/bin/env bash
# --appimage-extract reproduces the AppDir exactly (files, symlinks, modes) and a pattern limits it.
#   check-appimage-extract.sh APPIMAGE APPDIR
set -euo pipefail
appimage=$1 appdir=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cd "$work"
"$appimage" --appimage-extract >/dev/null
diff -r --no-dereference squashfs-root "$appdir" || fail "extracted tree differs from the AppDir"
modes() { (cd "$1" && find . -printf '%p %y %m\n' | sort); }
diff <(modes squashfs-root) <(modes "$appdir") || fail "extracted modes differ from the AppDir"

rm -rf squashfs-root
"$appimage" --appimage-extract 'usr/bin/*' >/dev/null
[[ -f squashfs-root/usr/bin/qt.conf ]] || fail "pattern extraction missed usr/bin"
unexpected=$(cd squashfs-root && find . -type f ! -path './usr/bin/*')
[[ -z "$unexpected" ]] || fail "pattern extraction wrote files outside usr/bin: $unexpected"
echo "PASS: --appimage-extract reproduces $appdir"
