#!/usr/bin/env bash
# Builds an AppImage from Qt executables: makes the AppDir (programs, the Qt libraries and plugins
# they need, OpenSSL, qt.conf, AppRun, desktop file, icons, AppStream metainfo), packs it with
# mksquashfs and appends the image to our AppImage runtime.
#
#   build-appimage.sh --runtime FILE --output FILE --appdir DIR --resources DIR --qt-plugins DIR
#                     --update-info TEXT --exe FILE [--exe FILE...]
# The first --exe is the program AppRun starts by default.
set -euo pipefail
trap 'echo "build-appimage: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

here="$(cd "$(dirname "$0")" && pwd)"
exes=()
while (($#)); do
  case "$1" in
    --runtime) runtime=$2 ;;
    --output) output=$2 ;;
    --appdir) appdir=$2 ;;
    --resources) resources=$2 ;;
    --qt-plugins) qt_plugins=$2 ;;
    --update-info) update_info=$2 ;;
    --exe) exes+=("$2") ;;
    *) echo "build-appimage: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
: "${runtime:?--runtime missing}" "${output:?--output missing}" "${appdir:?--appdir missing}"
: "${resources:?--resources missing}" "${qt_plugins:?--qt-plugins missing}" "${update_info:?--update-info missing}"
((${#exes[@]})) || { echo "build-appimage: no --exe given" >&2; exit 2; }
for tool in mksquashfs patchelf readelf ldd desktop-file-validate appstreamcli; do
  command -v "$tool" >/dev/null || { echo "build-appimage: $tool not found" >&2; exit 1; }
done

# Plugins Qt loads at run time (platform, GL integration, TLS, image formats, icons, themes,
# network reachability for reconnecting after a network change, input).
plugin_patterns=(
  platforms/libqxcb.so platforms/libqoffscreen.so 'platforms/libqwayland-*.so'
  'xcbglintegrations/*.so' 'wayland-*/*.so'
  tls/libqopensslbackend.so tls/libqcertonlybackend.so
  'imageformats/*.so' 'platformthemes/*.so'
  'networkinformation/*.so'
  platforminputcontexts/libcomposeplatforminputcontextplugin.so
)
# Loaded with dlopen by the TLS plugin, so no DT_NEEDED entry names them.
dlopened_libs=(libssl.so.3 libcrypto.so.3)

mapfile -t excluded < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$here/excludelist")
is_excluded() {
  local name=$1 e
  for e in "${excluded[@]}"; do [[ "$e" == "$name" ]] && return 0; done
  return 1
}

rm -rf "$appdir"
mkdir -p "$appdir/usr/bin" "$appdir/usr/lib" "$appdir/usr/plugins" "$appdir/usr/share/applications" \
  "$appdir/usr/share/metainfo" "$appdir/usr/share/icons/hicolor/scalable/apps"

declare -A bundled=()
queue=()
for exe in "${exes[@]}"; do
  install -m 0755 "$exe" "$appdir/usr/bin/"
  strip --strip-unneeded "$appdir/usr/bin/$(basename "$exe")"
  patchelf --set-rpath '$ORIGIN/../lib' "$appdir/usr/bin/$(basename "$exe")"
  queue+=("$appdir/usr/bin/$(basename "$exe")")
done
shopt -s nullglob
for pattern in "${plugin_patterns[@]}"; do
  for plugin in "$qt_plugins"/$pattern; do
    dir="$appdir/usr/plugins/$(basename "$(dirname "$plugin")")"
    mkdir -p "$dir"
    install -m 0644 "$plugin" "$dir/"
    patchelf --set-rpath '$ORIGIN/../../lib' "$dir/$(basename "$plugin")"
    queue+=("$dir/$(basename "$plugin")")
  done
done
shopt -u nullglob

bundle_lib() {
  local path=$1 name
  name=$(basename "$path")
  [[ -n "${bundled[$name]:-}" ]] && return 0
  bundled[$name]=1
  install -m 0644 "$(readlink -f "$path")" "$appdir/usr/lib/$name"
  patchelf --set-rpath '$ORIGIN' "$appdir/usr/lib/$name"
  queue+=("$appdir/usr/lib/$name")
}

for name in "${dlopened_libs[@]}"; do
  # awk reads to the end: exiting early would kill ldconfig with SIGPIPE, which pipefail
  # turns into a silent failure of the whole script, depending on timing.
  path=$(ldconfig -p | awk -v n="$name" '$1 == n && /x86-64/ && !found { print $NF; found = 1 }')
  [[ -n "$path" ]] || { echo "build-appimage: $name not found on this machine" >&2; exit 1; }
  bundle_lib "$path"
done

# Walk DT_NEEDED edges from every program and plugin; an excluded library is not descended into,
# since the host's copy brings its own dependencies.
while ((${#queue[@]})); do
  file=${queue[0]}
  queue=("${queue[@]:1}")
  declare -A resolved=()
  while read -r name _ path _; do
    [[ "$path" == /* ]] && resolved[$name]=$path
  done < <(ldd "$file" | grep '=>')
  while read -r name; do
    is_excluded "$name" && continue
    [[ -n "${bundled[$name]:-}" ]] && continue
    [[ -n "${resolved[$name]:-}" ]] || { echo "build-appimage: $(basename "$file") needs $name, not found" >&2; exit 1; }
    bundle_lib "${resolved[$name]}"
  done < <(readelf -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
  unset resolved
done

cat > "$appdir/usr/bin/qt.conf" <<'QTCONF'
[Paths]
Prefix = ..
Plugins = plugins
Libraries = lib
QTCONF

main=$(basename "${exes[0]}")
sed "s/@MAIN@/$main/" "$here/AppRun.in" > "$appdir/AppRun"
chmod 0755 "$appdir/AppRun"

install -m 0644 "$resources/kubeglass.desktop" "$appdir/kubeglass.desktop"
install -m 0644 "$resources/kubeglass.desktop" "$appdir/usr/share/applications/kubeglass.desktop"
desktop-file-validate "$appdir/kubeglass.desktop"
for dir in "$resources"/icons/*/; do
  size=$(basename "$dir")
  mkdir -p "$appdir/usr/share/icons/hicolor/${size}x${size}/apps"
  install -m 0644 "$dir/kubeglass.png" "$appdir/usr/share/icons/hicolor/${size}x${size}/apps/"
done
install -m 0644 "$resources/kubeglass.svg" "$appdir/usr/share/icons/hicolor/scalable/apps/"
install -m 0644 "$resources/icons/256/kubeglass.png" "$appdir/kubeglass.png"
ln -s kubeglass.png "$appdir/.DirIcon"
for metainfo in "$resources"/*.metainfo.xml; do
  install -m 0644 "$metainfo" "$appdir/usr/share/metainfo/"
  report=$(appstreamcli validate --no-net --pedantic "$metainfo") || { echo "$report" >&2; exit 1; }
done

image="$output.squashfs"
rm -f "$image"
mksquashfs "$appdir" "$image" -root-owned -noappend -comp zstd -no-progress -quiet
cat "$runtime" "$image" > "$output.tmp"
rm -f "$image"

# Update information lives in the runtime's .upd_info section (AppImage specification).
read -r upd_offset upd_size < <(readelf -S --wide "$runtime" | sed -n 's/^ *\[ *[0-9]*\] *//p' |
  awk '$1 == ".upd_info" { print $4, $5 }')
[[ -n "${upd_offset:-}" ]] || { echo "build-appimage: runtime has no .upd_info section" >&2; exit 1; }
upd_offset=$((16#$upd_offset)) upd_size=$((16#$upd_size))
((${#update_info} < upd_size)) || { echo "build-appimage: update information too long" >&2; exit 1; }
printf '%s' "$update_info" | dd of="$output.tmp" bs=1 seek="$upd_offset" conv=notrunc status=none
chmod 0755 "$output.tmp"
mv "$output.tmp" "$output"
echo "build-appimage: wrote $output ($(du -h "$output" | cut -f1), ${#bundled[@]} bundled libraries)"
