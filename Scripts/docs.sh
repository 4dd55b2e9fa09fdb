#!/usr/bin/env bash
# Writes Braid's documentation as a static site that a browser opens from disk: one HTML page
# per symbol and article of every public module, with relative links only.
#
#   Scripts/docs.sh OUT      then open OUT/index.html
#
# Each module is built, its symbol graph extracted, and its DocC catalog converted with DocC's
# analysis on (any warning fails). Scripts/docs-site.py renders the archives' pages as HTML, and
# Scripts/docs-check.py follows every link of the result. The archives and symbol graphs stay
# in .build-docs/archives (for `docc preview`, see CONTRIBUTING.md). Needs the Swift toolchain
# (docc ships with it) and python3.
set -euo pipefail
if [ $# -ne 1 ] || [ "${1:0:1}" = - ]; then
  echo "usage: Scripts/docs.sh OUT (a folder for the site; it is replaced)" >&2
  exit 2
fi
mkdir -p "$1"
out=$(cd "$1" && pwd)
# The site replaces what OUT held, but never a folder that is not a site of this script's.
if [ -n "$(ls -A "$out")" ] && [ ! -f "$out/.braid-docs-site" ]; then
  echo "docs.sh: $out is not empty and is not a site docs.sh wrote: not replacing it" >&2
  exit 1
fi
cd "$(dirname "$0")/.."
work=.build-docs/archives
rm -rf "$work"
mkdir -p "$work"
modules=(Braid BraidTesting BraidTrace BraidExploration BraidTools BraidSQLite BraidSharedStorage BraidLocation BraidLocationLive BraidFetchedResults BraidFetchedResultsLive BraidURLSession)
for module in "${modules[@]}"; do
  swift build --scratch-path .build-docs --target "$module" >/dev/null
done
bin=$(swift build --scratch-path .build-docs --show-bin-path)
archives=()
for module in "${modules[@]}"; do
  mkdir -p "$work/$module"
  swift-symbolgraph-extract -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" \
    -I "$bin/Modules" -Xcc -fmodule-map-file=Sources/CSQLite/module.modulemap \
    -Xcc -fmodule-map-file="$bin/CBraidEventLoop.build/module.modulemap" \
    -minimum-access-level public -output-dir "$work/$module"
  echo "docc: $module"
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$work/$module" \
    --analyze --warnings-as-errors --output-path "$work/$module.doccarchive" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.braid.$module" >/dev/null
  archives+=("$work/$module.doccarchive")
done
find "$out" -mindepth 1 -delete
touch "$out/.braid-docs-site"
python3 Scripts/docs-site.py "$out" "${archives[@]}"
python3 Scripts/docs-check.py "$out"
