#!/usr/bin/env bash
# Builds the DocC documentation of every module that has a catalog
# (Sources/<Module>/<Module>.docc), offline, with the toolchain's docc, and fails on any
# warning.
#
#   Scripts/build-docs.sh            # archives in .build/docs/archives/<Module>.doccarchive
#   DOCS_OUTPUT=/tmp/docs Scripts/build-docs.sh
#
# The symbol graphs come from `swift build` (-emit-symbol-graph), in a scratch path of their
# own so that the flags do not invalidate the ordinary build. They are kept between runs: a
# module that is up to date is not compiled again, and its graphs from the last compile are
# still current. Each module's catalog gets only that module's graphs (<Module>.symbols.json and
# its extensions of other modules, <Module>@<Other>.symbols.json).
#
# The build goes through `flock $SWIFT_LOCK` (default /tmp/swift.lock) when flock exists; set
# SWIFT_LOCK= to build without it.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scratch="${DOCS_SCRATCH:-$root/.build/docs}"
graphs="$scratch/symbol-graphs"
output="${DOCS_OUTPUT:-$scratch/archives}"
docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
lock=()
if [ -n "${SWIFT_LOCK-/tmp/swift.lock}" ] && command -v flock > /dev/null; then
  lock=(flock "${SWIFT_LOCK:-/tmp/swift.lock}")
fi

shopt -s nullglob
catalogs=(Sources/*/*.docc)
if [ ${#catalogs[@]} -eq 0 ]; then
  echo "build-docs: no catalog under Sources/*/*.docc" >&2
  exit 1
fi

mkdir -p "$graphs" "$output"
for catalog in "${catalogs[@]}"; do
  module="$(basename "$(dirname "$catalog")")"
  echo "== symbol graphs: $module"
  "${lock[@]}" swift build --scratch-path "$scratch" --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
done

status=0
for catalog in "${catalogs[@]}"; do
  module="$(basename "$(dirname "$catalog")")"
  echo "== docc: $module"
  filtered="$scratch/graphs-of/$module"
  rm -rf "$filtered"
  mkdir -p "$filtered"
  for graph in "$graphs/$module.symbols.json" "$graphs/$module@"*.symbols.json; do
    cp "$graph" "$filtered/"
  done
  if [ ! -f "$filtered/$module.symbols.json" ]; then
    echo "build-docs: no symbol graph for $module" >&2
    status=1
    continue
  fi
  rm -rf "$output/$module.doccarchive"
  "$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$filtered" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "$module" \
    --output-path "$output/$module.doccarchive" \
    --warnings-as-errors || status=1
done
exit $status
