#!/usr/bin/env bash
# Stages the install tree, builds the MSI with wixl from packaging/msi/kubeglass.wxs and checks its
# tables with msiinfo: every staged file, the Start-menu shortcut to the main program, the icon,
# the fixed UpgradeCode with major-upgrade rows, the version and the per-machine scope.
#   check-msi.sh BUILD_DIR BUILD_MSI_SCRIPT MAIN VERSION UPGRADE_CODE ICON [EXTRA_PROGRAM]
# EXTRA_PROGRAM is copied into the stage's bin/ (the packaging test program, when the Kubeglass
# programs are not part of the build).
set -euo pipefail
build=$1 build_msi=$2 main=$3 version=$4 upgrade_code=$5 icon=$6 extra=${7:-}
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/stage" >/dev/null
[[ -n "$extra" ]] && install -D -m 0755 "$extra" "$work/stage/bin/$(basename "$extra")"
"$build_msi" --stage "$work/stage" --main "$main" --version "$version" --upgrade-code "$upgrade_code" \
  --icon "$icon" --output "$work/kubeglass.msi" >/dev/null
msi=$work/kubeglass.msi
cd "$work" # msiinfo export writes binary columns (the Icon table) as files into the current folder.
table() { msiinfo export "$msi" "$1" | tr -d '\r' | tail -n +4; }

# File table: the long name is after '|' when wixl adds a short name.
staged=$(cd "$work/stage" && find . -type f -printf '%f\n' | sort)
packed=$(table File | cut -f3 | sed 's/.*|//' | sort)
[[ "$staged" == "$packed" ]] || fail "File table differs from the staged tree: $(diff <(echo "$staged") <(echo "$packed"))"
table File | awk -F'\t' -v m="$main" '$1 == "MainExe" && $3 ~ m' | grep . >/dev/null || fail "main program not MainExe"

table Shortcut | awk -F'\t' '$2 == "ProgramMenuDir" && $3 == "Kubeglass" && $5 == "[#MainExe]" && $9 == "kubeglass.ico"' |
  grep -q . || fail "no Start-menu shortcut to the main program with the icon: $(table Shortcut)"
table Directory | awk -F'\t' '$1 == "ProgramMenuDir" && $2 == "ProgramMenuFolder"' | grep . >/dev/null ||
  fail "shortcut folder not in the Start menu"
table Icon | cut -f1 | grep -x kubeglass.ico >/dev/null || fail "icon missing"

property() { table Property | awk -F'\t' -v p="$1" '$1 == p { print $2 }'; }
[[ "$(property UpgradeCode)" == "{$upgrade_code}" ]] || fail "UpgradeCode is $(property UpgradeCode)"
[[ "$(property ProductVersion)" == "$version" ]] || fail "ProductVersion is $(property ProductVersion)"
[[ "$(property ALLUSERS)" == 1 ]] || fail "not a per-machine install"
[[ "$(property ARPPRODUCTICON)" == kubeglass.ico ]] || fail "no Add/Remove Programs icon"
# Major upgrade: older versions of the same UpgradeCode are found (and removed), newer ones block.
table Upgrade | awk -F'\t' -v c="{$upgrade_code}" -v v="$version" '$1 == c && $3 == v && $7 == "WIX_UPGRADE_DETECTED"' |
  grep -q . || fail "no upgrade row for older versions: $(table Upgrade)"
table Upgrade | awk -F'\t' -v c="{$upgrade_code}" '$1 == c && $7 == "WIX_DOWNGRADE_DETECTED"' | grep . >/dev/null ||
  fail "no downgrade protection"
table InstallExecuteSequence | cut -f1 | grep -x RemoveExistingProducts >/dev/null || fail "RemoveExistingProducts not scheduled"
echo "PASS: MSI tables ($(wc -l <<<"$packed") files, shortcut, UpgradeCode, version $version)"
