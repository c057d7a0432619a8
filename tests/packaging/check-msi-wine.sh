#!/usr/bin/env bash
# The MSI of the Windows build, end to end under Wine in a prefix of its own:
#  1. every file in it is a Windows x86-64 PE (or data), no Linux binary;
#  2. msiexec /i /qn installs it per machine into Program Files\Kubeglass, with one ARP entry
#     (version, publisher), the Start-menu shortcut and bin\ on the system PATH;
#  3. the installed kubeglass-watch.exe, found through PATH, syncs every pod of the installed
#     kubeglass-sim.exe, and the installed kubeglass.exe --version exits 0;
#  4. an MSI of a higher version upgrades it: its files replace the old ones, one ARP entry remains;
#  5. msiexec /x removes it: no file, no ARP entry, no PATH entry left.
#   check-msi-wine.sh --msi FILE --build-msi SCRIPT --stage DIR --main EXE --version X.Y.Z
#                     --upgrade-code GUID --icon ICO --objdump OBJDUMP --work DIR
set -euo pipefail
while (($#)); do
  case "$1" in
    --msi) msi=$2 ;; --build-msi) build_msi=$2 ;; --stage) stage=$2 ;; --main) main=$2 ;;
    --version) version=$2 ;; --upgrade-code) upgrade_code=$2 ;; --icon) icon=$2 ;;
    --objdump) objdump=$2 ;; --work) work=$2 ;;
    *) echo "check-msi-wine: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

rm -rf "$work"
mkdir -p "$work"
export WINEPREFIX=$work/prefix WINEDEBUG=-all DISPLAY=
wine=$(command -v wine64 || echo /usr/lib/wine/wine64)
cleanup() { wineserver -k 2>/dev/null || true; }
trap cleanup EXIT
win() { "$wine" "$@"; }
winpath() { winepath -w "$1" 2>/dev/null; }

step "no Linux binary in $(basename "$msi")"
msiextract -C "$work/extracted" "$msi" >/dev/null
files=0
while IFS= read -r -d '' file; do
  files=$((files + 1))
  [[ "$(head -c 4 "$file" | od -An -tx1 | tr -d ' ')" != 7f454c46 ]] || fail "ELF file in the MSI: $file"
  case "${file,,}" in
    *.exe|*.dll)
      [[ "$("$objdump" -f "$file")" == *'file format pei-x86-64'* ]] || fail "not a Windows x86-64 PE: $file" ;;
  esac
done < <(find "$work/extracted" -type f -print0)
((files > 0)) || fail "no files extracted"
echo "$files files, every .exe and .dll a PE32+ x86-64 image"

step "fresh Wine prefix"
WINEDLLOVERRIDES="mscoree,mshtml=" win wineboot --init
wineserver -w
programs="$WINEPREFIX/drive_c/Program Files/Kubeglass"
arp_entries() {
  win reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall' /s 2>/dev/null | tr -d '\r' |
    awk '/^HKEY/ { key = $0 } /DisplayName/ && /Kubeglass/ { print key }' | sort -u
}
arp_value() { # KEY NAME
  win reg query "$1" /v "$2" 2>/dev/null | tr -d '\r' | awk -v n="$2" '$1 == n { $1 = ""; $2 = ""; sub(/^ +/, ""); print }'
}
system_path() {
  win reg query 'HKLM\System\CurrentControlSet\Control\Session Manager\Environment' /v PATH 2>&1 | tr -d '\r'
}

step "install $(basename "$msi")"
win msiexec /i "$(winpath "$msi")" /qn || fail "msiexec /i exited $?"
for exe in kubeglass.exe kubeglass-watch.exe kubeglass-sim.exe Qt6Core.dll platforms/qwindows.dll \
           tls/qschannelbackend.dll qt.conf libstdc++-6.dll; do
  [[ -f "$programs/bin/$exe" ]] || fail "not installed: bin/$exe"
done
installed=$(find "$programs" -type f | wc -l)
echo "installed $installed files, $(du -sk "$programs" | cut -f1) KiB"
mapfile -t keys < <(arp_entries)
((${#keys[@]} == 1)) || fail "expected one ARP entry, got ${#keys[@]}: ${keys[*]}"
[[ "$(arp_value "${keys[0]}" DisplayVersion)" == "$version" ]] || fail "ARP DisplayVersion is not $version"
[[ "$(arp_value "${keys[0]}" Publisher)" == "The Kubeglass developers" ]] || fail "ARP Publisher wrong"
# One CI run read the PATH without the entry and, moments later for its message, with it; reg's
# errors were not shown. The entry gets a few seconds, and what reg printed is shown in full.
bin_on_path() { path_value=$(system_path); [[ "${path_value,,}" == *'program files\kubeglass\bin'* ]]; }
for _ in $(seq 19); do
  bin_on_path && break
  sleep 0.5
done
bin_on_path || fail "bin not on the system PATH: $path_value"
# Windows puts a per-machine shortcut under ProgramData; Wine 8's msi resolves ProgramMenuFolder
# to the user's Start menu even with ALLUSERS=1 (the MSI's tables are checked on Linux).
menu="Microsoft/Windows/Start Menu/Programs/Kubeglass/Kubeglass.lnk"
[[ -f "$WINEPREFIX/drive_c/ProgramData/$menu" ||
   -f "$WINEPREFIX/drive_c/users/$(id -un)/AppData/Roaming/$menu" ]] || fail "no Start-menu shortcut"

step "installed kubeglass-watch.exe syncs every pod of the installed kubeglass-sim.exe"
pods=25
win "C:\\Program Files\\Kubeglass\\bin\\kubeglass-sim.exe" --pods $pods --namespaces 3 >"$work/sim.out" 2>&1 &
sim_pid=$!
for _ in $(seq 300); do
  grep -q 'listening on' "$work/sim.out" && break
  sleep 0.2
done
url=$(sed -n 's/.*listening on \(http[^ \r]*\).*/\1/p;T;q' "$work/sim.out")
[[ -n "$url" ]] || fail "kubeglass-sim did not start: $(cat "$work/sim.out")"
# From PATH: the bare name must resolve through the system PATH the MSI set.
win cmd /c kubeglass-watch --server "$url" --exit-after-sync -A pods >"$work/watch.out" 2>&1 ||
  fail "kubeglass-watch failed: $(cat "$work/watch.out")"
# Killing the Wine launcher would leave the Windows process running: end it inside Wine.
win taskkill /f /im kubeglass-sim.exe >/dev/null 2>&1 || true
wait "$sim_pid" 2>/dev/null || true
grep -q "\"synced\":$pods" "$work/watch.out" || fail "not every pod synced: $(cat "$work/watch.out")"
echo "synced $pods pods"

step "installed kubeglass.exe --version"
# kubeglass.exe is a GUI program: Qt's QCommandLineParser shows --version in a message box when
# no console is attached, which Wine without a display dismisses at once. What is checked here is
# that the installed program starts with its deployed DLLs and plugins and exits 0.
win cmd /c kubeglass --version </dev/null >/dev/null 2>&1 || fail "kubeglass --version exited $?"
echo "kubeglass --version exited 0"

step "upgrade to a higher version"
IFS=. read -r major minor patch <<<"$version"
next="$major.$minor.$((patch + 1))"
cp -a "$stage" "$work/stage-next"
echo "$next" >"$work/stage-next/bin/upgrade-marker.txt"
# A file both versions have, with different content: the installed copy must be the new one.
echo "; Kubeglass $next" >>"$work/stage-next/bin/qt.conf"
"$build_msi" --stage "$work/stage-next" --main "$main" --version "$next" --upgrade-code "$upgrade_code" \
  --icon "$icon" --output "$work/Kubeglass-$next-x86_64.msi" >/dev/null
win msiexec /i "$(winpath "$work/Kubeglass-$next-x86_64.msi")" /qn || fail "upgrade msiexec /i exited $?"
[[ -f "$programs/bin/upgrade-marker.txt" ]] || fail "the upgrade's new file is missing"
[[ -f "$programs/bin/kubeglass-watch.exe" ]] || fail "the upgrade lost kubeglass-watch.exe"
cmp -s "$programs/bin/qt.conf" "$work/stage-next/bin/qt.conf" || fail "qt.conf was not replaced"
mapfile -t keys < <(arp_entries)
((${#keys[@]} == 1)) || fail "expected one ARP entry after the upgrade, got ${#keys[@]}"
[[ "$(arp_value "${keys[0]}" DisplayVersion)" == "$next" ]] || fail "ARP DisplayVersion is not $next"
echo "upgraded to $next: files replaced, one ARP entry"

step "uninstall"
win msiexec /x "$(winpath "$work/Kubeglass-$next-x86_64.msi")" /qn || fail "msiexec /x exited $?"
left=$(find "$programs" -type f 2>/dev/null | wc -l)
((left == 0)) || fail "$left files left: $(find "$programs" -type f)"
mapfile -t keys < <(arp_entries)
((${#keys[@]} == 0)) || fail "ARP entry left after uninstall"
path_value=$(system_path)
[[ "${path_value,,}" != *kubeglass* ]] || fail "PATH entry left: $path_value"
echo "PASS: MSI installs, runs, upgrades and uninstalls under Wine"
