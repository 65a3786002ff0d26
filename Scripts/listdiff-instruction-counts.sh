#!/usr/bin/env bash
# Counts the instructions ListDiffKit executes on fixed inputs, with callgrind: repeatable on a
# loaded machine, unlike wall-clock time, so a before/after comparison of a hot path can be
# trusted to a fraction of a percent.
#
#   Scripts/listdiff-instruction-counts.sh              # the working tree
#   Scripts/listdiff-instruction-counts.sh 861ad61      # another revision's ListDiffKit
#   Scripts/listdiff-instruction-counts.sh HEAD sectioned checker   # some scenarios only
#
# ListDiffKit is compiled as its own optimized module (as `swift build -c release` does), the
# driver Scripts/ListDiffInstructionCounts.swift against it; the driver runs each diff once to
# warm up and once inside `measured`, which alone is counted. Hashing is made deterministic.
# Caveat: callgrind counts each byte of a `rep stosb` memset as one instruction.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
revision="${1:-}"
shift || true
scenarios=("$@")
if [ ${#scenarios[@]} -eq 0 ]; then
  scenarios=(dk5000 dk100kUUID dk1MUUID shuffled shuffled100kUUID updated oneid replaceAll dupsShuffled
    sectioned sectionedSingle checker batchUpdate)
fi
lock=()
if [ -n "${SWIFT_LOCK-/tmp/swift.lock}" ] && command -v flock > /dev/null; then
  lock=(flock "${SWIFT_LOCK:-/tmp/swift.lock}")
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -n "$revision" ]; then
  git -C "$root" archive "$revision" Sources/ListDiffKit | tar -x -C "$work"
  sources="$work/Sources/ListDiffKit"
else
  sources="$root/Sources/ListDiffKit"
fi

cd "$work"
"${lock[@]}" swiftc -swift-version 6 -O -wmo -parse-as-library -package-name DiffValue -emit-module -emit-library \
  -static -module-name ListDiffKit "$sources"/*.swift -o libListDiffKit.a
"${lock[@]}" swiftc -swift-version 6 -O -I . -L . -lListDiffKit \
  "$root/Scripts/ListDiffInstructionCounts.swift" -o driver
for scenario in "${scenarios[@]}"; do
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="cg.$scenario" \
    --toggle-collect='*8measured*' ./driver "$scenario" > /dev/null 2> /dev/null
  printf '%-18s %s\n' "$scenario" "$(awk '/^totals:/ { print $2 }' "cg.$scenario")"
done
