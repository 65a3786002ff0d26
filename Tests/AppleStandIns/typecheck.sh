#!/usr/bin/env bash
# Type-checks DiffValue's Apple-only code on Linux against the stand-in frameworks beside this
# script, as it is built on an Apple platform, where Combine can always be imported:
#
#   1. Relay, with `canImport(Combine)` true (its `Cancellable`, `AnyCancellable` and
#      `Scheduler` are Combine's, its bridges to and from Combine are compiled), bodies and all;
#   2. the bridges run, against the stand-in Combine, which behaves as Combine does for what
#      they use (BridgeChecks/main.swift);
#   3. DiffValue and DiffValueTesting against UIKit, then AppKit, each on its own as on a real
#      platform, with Combine and SwiftUI beside it (`#if canImport(UIKit)`, `AppKit`,
#      `SwiftUI`, `Combine`), and the examples in Snippets/ written for either;
#   4. every example of the documentation (Snippets/, and the test README.md shows) in a file
#      that imports SwiftUI, and in one that imports Combine, together with DiffValue;
#   5. that on these platforms `import DiffValue` re-exports every name of Relay's that
#      Combine lacks (Sources/DiffValue/Exports.swift lists them);
#   6. the OS floor (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1), as far as Linux can:
#      check-os-floor.py checks the manifest and that Sources neither import Synchronization
#      nor name an API it knows to be newer; a stand-in declaration newer than the floor is
#      also declared unavailable ("newer than the OS floor"), so that using it fails here (a
#      use is compiled below to show that it does). That rejects a use guarded by
#      `if #available` too: stricter than the SDK, never laxer.
#   7. the facts about the SDKs the package relies on (isolation, Sendable-ness, designated
#      initializers, `async` forms, settable properties, constants): check-standin-facts.py
#      checks each row of standin-facts.tsv, with its Apple documentation page, against the
#      stand-ins, and that each check fails once its fact is reverted (--self-test);
#   8. the Apple test target, Tests/DiffValueAppleTests (real table and collection views
#      replaying the list scenarios, Combine, SwiftUI hosting), against UIKit, then AppKit, with
#      the list scenarios it replays (Tests/ListScenarios) and DiffValue built for testing, as
#      `swift test` builds it on a Mac; its Combine bridge checks also run here (step 2).
#
#   bash Tests/AppleStandIns/typecheck.sh
#
# Swift 6 mode, warnings are errors; `-emit-sil` runs the type checker and the diagnostic
# passes (definite initialization, isolation regions) without generating code. The stand-ins
# follow the iOS 18 / macOS 15 SDKs as Apple documents them; a build against the real SDKs is
# still the final word. On Linux the compiler ignores Apple availability (`@available(iOS 18,
# *)` restricts nothing here), hence step 6. (Swift 6.3's custom availability domains,
# `-define-disabled-availability-domain`, would say it more precisely, but they are an
# experimental feature, and a use of a declaration in a disabled domain crashed the 6.3.1
# compiler when tried.)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$root"

swift_files() { find "$@" -name '*.swift' | sort; }
# expect_compiled SIL WHAT SYMBOL...: the Apple code must really have been compiled, not
# skipped by its `#if`: each symbol is in the SIL.
expect_compiled() {
  local sil="$1" what="$2"
  shift 2
  for symbol in "$@"; do
    if ! grep -q "$symbol" "$sil"; then
      echo "error: $symbol was not compiled in $what" >&2
      exit 1
    fi
  done
}
# The C atomics Relay imports go with every compile that loads Relay.
cache=(-module-cache-path "$work/cache" -I Sources/RelayAtomics/include)
common=(-swift-version 6 -parse-as-library -package-name DiffValue "${cache[@]}")
standins=Tests/AppleStandIns

python3 "$standins/check-os-floor.py" "$root"
python3 "$standins/check-standin-facts.py" "$root"
python3 "$standins/check-standin-facts.py" --self-test "$root" > /dev/null

# Combine, as a library the bridge checks link. Apple's interface is Swift 5 mode: so is this.
# shellcheck disable=SC2046
swiftc -swift-version 5 -parse-as-library "${cache[@]}" -warnings-as-errors -emit-library \
  -static -module-name Combine -emit-module -emit-module-path "$work/Combine.swiftmodule" \
  -o "$work/libCombine.a" $(swift_files "$standins/Combine")

# Relay with Combine, bodies and all; ListDiffKit (which imports nothing) as an interface.
# shellcheck disable=SC2046
swiftc "${common[@]}" -warnings-as-errors -emit-library -static -module-name Relay \
  -emit-module -emit-module-path "$work/Relay.swiftmodule" -o "$work/libRelay.a" -I "$work" \
  $(swift_files Sources/Relay) &
# shellcheck disable=SC2046
swiftc "${common[@]}" -emit-module -experimental-skip-non-inlinable-function-bodies \
  -module-name ListDiffKit -emit-module-path "$work/ListDiffKit.swiftmodule" \
  $(swift_files Sources/ListDiffKit) &
# The Objective-C runtime's associated objects (NSObject.observe(_:) keeps its observations so).
swiftc "${common[@]}" -warnings-as-errors -emit-module -module-name ObjectiveC \
  -emit-module-path "$work/ObjectiveC.swiftmodule" "$standins/ObjectiveC/ObjectiveC.swift" &
wait
# The test support the list scenarios use, which imports only ListDiffKit.
# shellcheck disable=SC2046
swiftc "${common[@]}" -warnings-as-errors -emit-module -module-name ListDiffTestSupport \
  -emit-module-path "$work/ListDiffTestSupport.swiftmodule" -I "$work" \
  $(swift_files Tests/ListDiffTestSupport)
echo "Relay type-checks with Combine (its Cancellable, AnyCancellable and Scheduler are Combine's)"

# RelayAtomics' own functions (the Linux lock), which Relay calls, built with the toolchain's clang.
clang="$(dirname "$(command -v swiftc)")/clang"
"$clang" -c -O2 -Werror -I Sources/RelayAtomics/include Sources/RelayAtomics/RelayAtomics.c \
  -o "$work/RelayAtomics.o"
ar rcs "$work/libRelayAtomics.a" "$work/RelayAtomics.o"
swiftc -swift-version 6 "${cache[@]}" -warnings-as-errors -I "$work" -L "$work" -lRelay \
  -lRelayAtomics -lCombine -o "$work/bridge-checks" "$standins/BridgeChecks/main.swift" \
  Tests/DiffValueAppleTests/Support/CombineBridgeChecks.swift
"$work/bridge-checks"

for framework in UIKit AppKit; do
  mkdir -p "$work/$framework"
  # shellcheck disable=SC2046
  swiftc "${common[@]}" -warnings-as-errors -emit-module -module-name "$framework" \
    -emit-module-path "$work/$framework/$framework.swiftmodule" \
    $(swift_files "$standins/$framework")
  # SwiftUI re-exports Combine and Observation; it hosts views in UIKit, or AppKit.
  # shellcheck disable=SC2046
  swiftc "${common[@]}" -warnings-as-errors -emit-module -module-name SwiftUI \
    -emit-module-path "$work/$framework/SwiftUI.swiftmodule" -I "$work" -I "$work/$framework" \
    $(swift_files "$standins/SwiftUI")
  # Built for testing (`-enable-testing`, as `swift test` builds it): the Apple tests reach the
  # views' data-source bridges with `@testable import`.
  # shellcheck disable=SC2046
  swiftc "${common[@]}" -warnings-as-errors -wmo -emit-sil -o "$work/DiffValue-$framework.sil" \
    -emit-module -emit-module-path "$work/$framework/DiffValue.swiftmodule" -enable-testing \
    -module-name DiffValue -I "$work" -I "$work/$framework" $(swift_files Sources/DiffValue)
  # shellcheck disable=SC2046
  swiftc "${common[@]}" -warnings-as-errors -wmo -emit-sil -o "$work/Testing-$framework.sil" \
    -emit-module -emit-module-path "$work/$framework/DiffValueTesting.swiftmodule" \
    -module-name DiffValueTesting -I "$work" -I "$work/$framework" \
    $(swift_files Sources/DiffValueTesting)
  case "$framework" in
    UIKit) expected=(UITableView.performListUpdate UICollectionView.performListUpdate) ;;
    AppKit) expected=(NSTableView.performListUpdate NSTableView.useListRowDataSource
      NSCollectionView.performListUpdate) ;;
  esac
  expect_compiled "$work/DiffValue-$framework.sil" "DiffValue against the $framework stand-in" \
    "${expected[@]}" "View.onReceive" "objc_setAssociatedObject"
  echo "DiffValue type-checks against the $framework, Combine and SwiftUI stand-ins"

  # The Apple test target, with the list scenarios it replays.
  # shellcheck disable=SC2046
  swiftc "${common[@]}" -warnings-as-errors -emit-module -module-name ListScenarios \
    -emit-module-path "$work/$framework/ListScenarios.swiftmodule" -I "$work" -I "$work/$framework" \
    $(swift_files Tests/ListScenarios)
  # shellcheck disable=SC2046
  swiftc "${common[@]}" -warnings-as-errors -wmo -emit-sil -o "$work/AppleTests-$framework.sil" \
    -module-name DiffValueAppleTests -I "$work" -I "$work/$framework" \
    $(swift_files Tests/DiffValueAppleTests)
  case "$framework" in
    UIKit) expected=(ScenarioTableCell ScenarioCollectionCell UIHostingController) ;;
    AppKit) expected=(ScenarioCellView ScenarioCollectionItem NSHostingView) ;;
  esac
  expect_compiled "$work/AppleTests-$framework.sil" \
    "the Apple tests against the $framework stand-in" \
    "${expected[@]}" RealListViewTests CombineBridgeTests SwiftUIHostingTests
  echo "Tests/DiffValueAppleTests type-checks against the $framework, Combine and SwiftUI stand-ins"

  # A declaration newer than the floor is unusable: this use must fail to compile.
  case "$framework" in
    UIKit) newer="UIView().updateProperties()" ;;
    AppKit) newer="" ;;
  esac
  if [ -n "$newer" ]; then
    printf 'import %s\n@MainActor func useNewer() { %s }\n' "$framework" "$newer" \
      > "$work/Newer$framework.swift"
    if swiftc "${common[@]}" -typecheck -I "$work/$framework" "$work/Newer$framework.swift" \
      > "$work/Newer$framework.log" 2>&1; then
      echo "error: $newer, newer than the floor, compiled against the $framework stand-in" >&2
      exit 1
    fi
    if ! grep -q "newer than the OS floor" "$work/Newer$framework.log"; then
      echo "error: $newer failed to compile for another reason than the floor:" >&2
      cat "$work/Newer$framework.log" >&2
      exit 1
    fi
    echo "$newer, newer than the floor, does not compile against the $framework stand-in"
  fi

  # The documentation's examples for this framework, and those for SwiftUI and Combine
  # (whichever the platform), each a script that imports DiffValue as a user's app does.
  for snippet in $(grep -l "canImport(\($framework\|SwiftUI\|Combine\))" Snippets/*.swift || true); do
    name="$(basename "$snippet" .swift)"
    swiftc -swift-version 6 "${cache[@]}" -warnings-as-errors -emit-sil \
      -o "$work/$name-$framework.sil" -module-name "$name" -I "$work" -I "$work/$framework" \
      "$snippet"
    if ! grep -q "^import \($framework\|SwiftUI\|Combine\)\$" "$work/$name-$framework.sil"; then
      echo "error: $snippet was not compiled against the $framework stand-in" >&2
      exit 1
    fi
    echo "$snippet type-checks against the $framework stand-in"
  done
done

# Every example, in a file that also imports SwiftUI, then Combine: the names users write
# unqualified must stay unambiguous there. The examples written for Combine and SwiftUI must
# also find every member they call with only the imports they show (MemberImportVisibility,
# as apps enable it). The test is a library file; snippets are scripts.
examples=(Snippets/*.swift Tests/DiffValueTestingTests/Scenarios/DocumentationExampleTests.swift)
for framework in SwiftUI Combine; do
  for example in "${examples[@]}"; do
    name="$(basename "$example" .swift)"
    mode=()
    case "$example" in Tests/*) mode=(-parse-as-library) ;; esac
    if grep -q "Combine\|SwiftUI" "$example"; then
      mode+=(-enable-upcoming-feature MemberImportVisibility)
    fi
    { echo "import $framework"; cat "$example"; } > "$work/$name.swift"
    swiftc -swift-version 6 "${cache[@]}" -warnings-as-errors -typecheck "${mode[@]}" \
      -module-name "$name" -I "$work" -I "$work/UIKit" "$work/$name.swift" \
      || { echo "error: $example does not compile in a file that imports $framework" >&2; exit 1; }
  done
  echo "every documentation example compiles in a file that imports $framework and DiffValue"
done

# Every public name of Relay's that Combine does not declare is re-exported by DiffValue.
public_names() { python3 "$standins/public-names.py" "$@"; }
combine_names="$(public_names "$standins/Combine")"
for name in $(public_names Sources/Relay); do
  if ! grep -qx "$name" <<< "$combine_names" \
    && ! grep -qE "^ *@_exported import [a-z]+ Relay\.$name\$" Sources/DiffValue/Exports.swift; then
    echo "error: Relay's $name is not re-exported by DiffValue where Combine exists" >&2
    exit 1
  fi
done
echo "DiffValue re-exports every name of Relay's that Combine lacks"
