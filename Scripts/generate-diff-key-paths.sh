#!/usr/bin/env bash
# Writes Sources/DiffValue/Diff+KeyPaths.generated.swift from its generator,
# Scripts/generate-diff-key-paths.swift, formatted with the package's .swift-format; with
# --check, writes nothing and fails, with a diff, when the committed file differs from what the
# generator writes (CI runs it so).
#
#   bash Scripts/generate-diff-key-paths.sh           # regenerate
#   bash Scripts/generate-diff-key-paths.sh --check   # compare
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

generated=Sources/DiffValue/Diff+KeyPaths.generated.swift
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swiftc -swift-version 6 -module-cache-path "$work/cache" -o "$work/generate" \
  Scripts/generate-diff-key-paths.swift
"$work/generate" > "$work/raw.swift"
swift format format --configuration .swift-format --assume-filename "$generated" \
  - < "$work/raw.swift" > "$work/formatted.swift"

if [ "${1-}" = "--check" ]; then
  if ! diff -u "$generated" "$work/formatted.swift"; then
    echo "error: $generated is not what Scripts/generate-diff-key-paths.swift writes;" \
      "run bash Scripts/generate-diff-key-paths.sh" >&2
    exit 1
  fi
  echo "$generated is what its generator writes"
else
  cp "$work/formatted.swift" "$generated"
  echo "wrote $generated"
fi
