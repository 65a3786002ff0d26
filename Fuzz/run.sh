#!/usr/bin/env bash
# Builds ListDiffKit's libFuzzer harness and runs it for a number of seconds (default 30).
# Exits non-zero if the fuzzer finds a crash; the crashing input is saved in Fuzz/.build/.
#
#   bash Fuzz/run.sh        # 30 seconds
#   bash Fuzz/run.sh 300    # five minutes
set -euo pipefail

seconds="${1:-30}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/Fuzz/.build"
corpus="$root/Fuzz/corpus"
mkdir -p "$build" "$corpus"

swiftc -swift-version 6 -parse-as-library -package-name DiffValue -sanitize=fuzzer,address -O -g \
  -module-name ListDiffFuzz \
  "$root"/Sources/ListDiffKit/*.swift "$root"/Fuzz/*.swift \
  -o "$build/ListDiffFuzzer"

cd "$build"
SWIFT_BACKTRACE=enable=no ./ListDiffFuzzer \
  -max_total_time="$seconds" -max_len=512 -timeout=10 -print_final_stats=1 \
  -artifact_prefix="$build/" "$corpus"
