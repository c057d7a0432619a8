#!/usr/bin/env bash
# The AppImage is a type 2 AppImage: ELF with "AI\x02" at offset 8, the specification's sections,
# the squashfs image at the offset the ELF headers give, and the runtime's options answer.
#   check-appimage-format.sh APPIMAGE RUNTIME VERSION UPDATE_INFO
set -euo pipefail
appimage=$1 runtime=$2 version=$3 update_info=$4
fail() { echo "FAIL: $*" >&2; exit 1; }

[[ "$(head -c 4 "$appimage" | od -An -tx1 | tr -d ' ')" == 7f454c46 ]] || fail "no ELF magic"
[[ "$(od -An -tx1 -j 8 -N 3 "$appimage" | tr -d ' ')" == 414902 ]] || fail "no AI\\x02 magic at offset 8"

sections=$(readelf -S --wide "$appimage")
for section in .upd_info .sha256_sig .sig_key; do
  grep -q " $section " <<<"$sections" || fail "section $section missing"
done

# The image starts where the ELF ends; computed here from readelf, independently of the runtime.
shoff=$(readelf -h "$appimage" | awk -F: '/Start of section headers/ { print $2 + 0 }')
shentsize=$(readelf -h "$appimage" | awk -F: '/Size of section headers/ { print $2 + 0 }')
shnum=$(readelf -h "$appimage" | awk -F: '/Number of section headers/ { print $2 + 0 }')
expected=$((shoff + shentsize * shnum))
offset=$("$appimage" --appimage-offset)
[[ "$offset" == "$expected" ]] || fail "--appimage-offset says $offset, ELF headers say $expected"
[[ "$offset" == "$(stat -c %s "$runtime")" ]] || fail "offset $offset is not the runtime's size"
[[ "$(tail -c +$((offset + 1)) "$appimage" | head -c 4)" == hsqs ]] || fail "no squashfs magic at $offset"

[[ "$("$appimage" --appimage-updateinformation)" == "$update_info" ]] || fail "update information differs"
"$appimage" --appimage-version | grep -F "$version" >/dev/null || fail "--appimage-version lacks $version"
"$appimage" --appimage-help | grep -- --appimage-extract-and-run >/dev/null || fail "--appimage-help incomplete"
if "$appimage" --appimage-no-such-option 2>/dev/null; then fail "an unknown --appimage- option succeeded"; fi
echo "PASS: $appimage is a type 2 AppImage, image at $offset"
