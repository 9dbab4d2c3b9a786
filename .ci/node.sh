#!/usr/bin/env bash
# Prints the folder of a Node binary of exactly the given version (e.g. 22.23.3). The binary comes
# from the npm registry's node-linux-<arch> package (the only registry CI reaches that ships Node)
# and is kept in .ci-cache/ (gitignored), so a second run does not download it again.
set -euo pipefail
version="$1"
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "no node-linux package for $(uname -m)" >&2; exit 1 ;;
esac
dir="$(cd "$(dirname "$0")/.." && pwd)/.ci-cache/node-$version-linux-$arch"
if [[ ! -x "$dir/bin/node" ]]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  npm pack "node-linux-$arch@$version" --pack-destination "$tmp" --silent >/dev/null
  mkdir -p "$tmp/unpacked"
  tar -xzf "$tmp/node-linux-$arch-$version.tgz" -C "$tmp/unpacked" --strip-components=1 package/bin/node package/LICENSE
  mkdir -p "$(dirname "$dir")" && rm -rf "$dir" && mv "$tmp/unpacked" "$dir"
fi
[[ "$("$dir/bin/node" --version)" == "v$version" ]] || { echo "$dir/bin/node is not Node $version" >&2; exit 1; }
echo "$dir/bin"
