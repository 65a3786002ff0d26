#!/usr/bin/env bash
# Type-checks DiffValue's Apple-only code (`#if canImport(UIKit)`, `#if canImport(AppKit)`) on
# Linux, against the stand-in UIKit and AppKit modules beside this script, each on its own as
# on a real platform; then the documentation's examples in Snippets/ written for either. Swift 6 mode, warnings are errors; `-emit-sil` runs the type checker and
# the diagnostic passes (definite initialization, isolation regions) without generating code.
#
#   bash Tests/AppleStandIns/typecheck.sh
#
# The stand-ins follow the iOS 18 / macOS 15 SDKs as Apple documents them; a build against
# the real SDKs is still the final word.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$root"

swift_files() { find "$@" -name '*.swift' | sort; }
common=(-swift-version 6 -parse-as-library -package-name DiffValue -module-cache-path "$work/cache")

# The modules DiffValue imports, as interfaces (their bodies are checked by the package build).
for module in Relay ListDiffKit; do
  # shellcheck disable=SC2046
  swiftc "${common[@]}" -emit-module -experimental-skip-non-inlinable-function-bodies \
    -module-name "$module" -emit-module-path "$work/$module.swiftmodule" \
    $(swift_files "Sources/$module") &
done
wait

for framework in UIKit AppKit; do
  mkdir -p "$work/$framework"
  # shellcheck disable=SC2046
  swiftc "${common[@]}" -warnings-as-errors -emit-module -module-name "$framework" \
    -emit-module-path "$work/$framework/$framework.swiftmodule" \
    $(swift_files "Tests/AppleStandIns/$framework")
  # shellcheck disable=SC2046
  swiftc "${common[@]}" -warnings-as-errors -wmo -emit-sil -o "$work/DiffValue-$framework.sil" \
    -emit-module -emit-module-path "$work/$framework/DiffValue.swiftmodule" \
    -module-name DiffValue -I "$work" -I "$work/$framework" $(swift_files Sources/DiffValue)
  # The Apple code must really have been compiled, not skipped by its `#if`.
  case "$framework" in
    UIKit) expected=(UITableView.performListUpdate UICollectionView.performListUpdate) ;;
    AppKit) expected=(NSTableView.performListUpdate NSCollectionView.performListUpdate) ;;
  esac
  for symbol in "${expected[@]}"; do
    if ! grep -q "$symbol" "$work/DiffValue-$framework.sil"; then
      echo "error: $symbol was not compiled against the $framework stand-in" >&2
      exit 1
    fi
  done
  echo "DiffValue type-checks against the $framework stand-in"

  # The documentation's examples for this framework (Snippets/, shown by README.md and the
  # DocC articles), each a script that imports DiffValue as a user's app does.
  for snippet in $(grep -l "canImport($framework)" Snippets/*.swift 2> /dev/null || true); do
    name="$(basename "$snippet" .swift)"
    swiftc -swift-version 6 -module-cache-path "$work/cache" -warnings-as-errors -emit-sil \
      -o "$work/$name-$framework.sil" -module-name "$name" -I "$work" -I "$work/$framework" \
      "$snippet"
    if ! grep -q "^import $framework\$" "$work/$name-$framework.sil"; then
      echo "error: $snippet was not compiled against the $framework stand-in" >&2
      exit 1
    fi
    echo "$snippet type-checks against the $framework stand-in"
  done
done
