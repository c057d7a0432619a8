#!/usr/bin/env bash
# Builds an MSI with wixl from a staged install tree (cmake --install --prefix STAGE).
#   build-msi.sh --stage DIR --main FILE --version X.Y.Z --upgrade-code GUID --icon FILE.ico --output FILE.msi
# --main is the program file in STAGE/bin the Start-menu shortcut starts.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
while (($#)); do
  case "$1" in
    --stage) stage=$2 ;;
    --main) main=$2 ;;
    --version) version=$2 ;;
    --upgrade-code) upgrade_code=$2 ;;
    --icon) icon=$2 ;;
    --output) output=$2 ;;
    *) echo "build-msi: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
: "${stage:?--stage missing}" "${main:?--main missing}" "${version:?--version missing}"
: "${upgrade_code:?--upgrade-code missing}" "${icon:?--icon missing}" "${output:?--output missing}"
[[ -f "$stage/bin/$main" ]] || { echo "build-msi: $stage/bin/$main not found" >&2; exit 1; }
for tool in wixl wixl-heat; do
  command -v "$tool" >/dev/null || { echo "build-msi: $tool not found (apt-get install wixl)" >&2; exit 1; }
done

stage=$(cd "$stage" && pwd)
work="$output.d"
rm -rf "$work"
mkdir -p "$work"
# Every staged file but the main program (declared in kubeglass.wxs) becomes a component: those in
# bin/ under BINDIR (group StagedPrograms), the rest under INSTALLDIR (group StagedFiles).
heat() {
  wixl-heat -p "$1" --directory-ref "$2" --component-group "$3" --var "$4" --win64
}
(cd "$stage" && find bin -type f ! -path "bin/$main" | sort) |
  heat bin/ BINDIR StagedPrograms var.BinDir > "$work/programs.wxs"
(cd "$stage" && find . -type f ! -path './bin/*' | sed 's|^\./||' | sort) |
  heat "" INSTALLDIR StagedFiles var.SourceDir > "$work/files.wxs"
# wixl resolves sources relative to its working directory and rejects absolute paths.
icon=$(cd "$(dirname "$icon")" && pwd)/$(basename "$icon")
output=$(cd "$(dirname "$output")" && pwd)/$(basename "$output")
work=$(cd "$work" && pwd)
cd /
wixl --arch x64 -o "$output" \
  -D Version="$version" -D SourceDir="${stage#/}" -D BinDir="${stage#/}/bin" -D MainExe="$main" -D Icon="${icon#/}" \
  -D UpgradeCode="$upgrade_code" -D Win64=yes \
  "$here/kubeglass.wxs" "$work/programs.wxs" "$work/files.wxs"
# wixl knows no <Environment>: the system PATH entry for BINDIR (kubeglass-watch on the command
# line) is added to the Environment table afterwards with msibuild, and the two standard actions
# that apply it are scheduled at their usual places. "=-*PATH" = set on install, remove on
# uninstall, system variable; "[~];" appends to the existing value.
command -v msibuild >/dev/null || { echo "build-msi: msibuild not found (apt-get install msitools)" >&2; exit 1; }
printf 'Environment\tName\tValue\tComponent_\ns72\tl255\tL255\ts72\nEnvironment\tEnvironment\n%s\t%s\t%s\t%s\n' \
  SystemPathBinDir '=-*PATH' '[~];[BINDIR]' MainProgram > "$work/Environment.idt"
msibuild "$output" -i "$work/Environment.idt"
scheduled=$(msiinfo export "$output" InstallExecuteSequence | cut -f1)
for action in RemoveEnvironmentStrings:3300 WriteEnvironmentStrings:5200; do
  grep -qx "${action%%:*}" <<<"$scheduled" ||
    msibuild "$output" -q "INSERT INTO InstallExecuteSequence (Action, Sequence) VALUES ('${action%%:*}', ${action##*:})"
done
rm -rf "$work"
echo "build-msi: wrote $output"
