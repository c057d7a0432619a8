#!/usr/bin/env bash
# The .deb installs with apt-get into a copy of the minimal Debian root (its dependencies, computed
# by dpkg-shlibdeps, come from Debian) and kubeglass-watch --help runs there.
#   run-deb-in-debroot.sh ROOT DEB
set -euo pipefail
root=$1 deb=$2
source "$(dirname "$0")/debroot-lib.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }
[[ -f "$deb" ]] || fail "$deb not found"

# A copy, so the cached root stays free of Qt for the AppImage tests.
copy="$root.deb-test"
rm -rf "$copy"
debroot_cleanup_paths+=("$copy")
cp -a -x "$root" "$copy"
debroot_enter "$copy"
cp /etc/resolv.conf "$copy/etc/resolv.conf"
cp "$deb" "$copy/tmp/"
log="$copy/tmp/apt.log"
{
  debroot_run "$copy" DEBIAN_FRONTEND=noninteractive -- apt-get update -q &&
    debroot_run "$copy" DEBIAN_FRONTEND=noninteractive -- apt-get install -y -q "/tmp/$(basename "$deb")"
} >"$log" 2>&1 || fail "apt-get install failed: $(tail -n 30 "$log")"
debroot_run "$copy" -- kubeglass-watch --help >/dev/null || fail "kubeglass-watch --help failed after install"
for file in /usr/share/applications/kubeglass.desktop /usr/share/icons/hicolor/256x256/apps/kubeglass.png \
  /usr/share/metainfo/io.github.kubeglass.kubeglass.metainfo.xml /usr/bin/kubeglass /usr/bin/kubeglass-sim; do
  [[ -e "$copy$file" ]] || fail "$file not installed"
done
echo "PASS: $(basename "$deb") installs with apt-get and kubeglass-watch runs"
