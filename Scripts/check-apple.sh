#!/usr/bin/env bash
# Checks DiffValue on Apple's platforms: one command on a Mac. The tests need Swift 6.3 (Xcode
# 26.4 or later: they use `weak let`, SE-0481); building the libraries needs Swift 6.0 (Xcode 16),
# the manifest's tools version.
#
#   bash Scripts/check-apple.sh                    # every step below, in order
#   bash Scripts/check-apple.sh ios                # some steps: macos ios tvos watchos visionos
#   IOS_DESTINATION='platform=iOS Simulator,name=iPhone 17' bash Scripts/check-apple.sh ios
#
#   macos     `swift test` on macOS: every test target, DiffValueAppleTests among them (real
#             NSTableView and NSCollectionView, SwiftUI in an NSHostingView, Combine itself);
#   ios       `xcodebuild test` on an iOS simulator of DiffValueAppleTests (real UITableView and
#             UICollectionView in a window, SwiftUI in a UIHostingController, Combine); the other
#             test targets use exit tests, which iOS lacks, so they run on macOS only;
#   tvos, watchos, visionos
#             `xcodebuild build` of the libraries (the DiffValue and DiffValueTesting schemes,
#             which build Relay and ListDiffKit with them) for each one's simulator.
#
# Everything in the Swift 6 language mode the manifest sets (tools version 6.0), warnings as
# errors. GitHub's macOS runners run the same steps (.github/workflows/apple.yml). On Linux
# the Apple-only code is type-checked instead: bash Tests/AppleStandIns/typecheck.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)" != Darwin ]; then
  echo "error: Scripts/check-apple.sh runs on a Mac, with Xcode; this is $(uname -s)." >&2
  echo "On Linux, the Apple-only code is type-checked against stand-ins instead:" >&2
  echo "  bash Tests/AppleStandIns/typecheck.sh" >&2
  exit 2
fi
if ! command -v xcodebuild > /dev/null || ! xcodebuild -version > /dev/null 2>&1; then
  echo "error: xcodebuild is missing, or only the Command Line Tools are selected: install" >&2
  echo "Xcode and select it (sudo xcode-select -s /Applications/Xcode.app)." >&2
  exit 2
fi

steps=("$@")
if [ ${#steps[@]} -eq 0 ]; then steps=(macos ios tvos watchos visionos); fi
for step in "${steps[@]}"; do
  case "$step" in
    macos | ios | tvos | watchos | visionos) ;;
    *)
      echo "error: unknown step '$step'; the steps are macos ios tvos watchos visionos" >&2
      exit 2
      ;;
  esac
done
derived="$PWD/.build/xcode"
# Warnings as errors in every target xcodebuild builds, Swift and C (RelayAtomics).
strict=(SWIFT_TREAT_WARNINGS_AS_ERRORS=YES GCC_TREAT_WARNINGS_AS_ERRORS=YES)

echo "== $(xcodebuild -version | head -1), $(swift --version 2>&1 | head -1)"

# Stops unless the selected Swift is at least $1.$2, for what $3 names.
require_swift() {
  local found
  found="$(swift --version 2>&1 | sed -nE 's/.*Swift version ([0-9]+)\.([0-9]+).*/\1 \2/p' | head -1)"
  read -r major minor <<< "$found"
  if [ -z "$found" ] || [ "$major" -lt "$1" ] || { [ "$major" -eq "$1" ] && [ "$minor" -lt "$2" ]; }; then
    echo "error: $3 need Swift $1.$2 or later; the selected toolchain is Swift ${major:-?}.${minor:-?}" >&2
    echo "(select a newer Xcode: sudo xcode-select -s /Applications/Xcode_<version>.app)" >&2
    exit 2
  fi
}

# The first available iPhone simulator: its destination for xcodebuild.
ios_destination() {
  if [ -n "${IOS_DESTINATION:-}" ]; then
    echo "$IOS_DESTINATION"
    return
  fi
  xcrun simctl list devices available --json | python3 -c '
import json, re, sys
def version(runtime):
    return [int(number) for number in re.findall(r"\d+", runtime)]
for runtime, devices in sorted(
        json.load(sys.stdin)["devices"].items(), key=lambda item: version(item[0]), reverse=True):
    if "iOS" not in runtime:
        continue
    for device in devices:
        if device["name"].startswith("iPhone"):
            print("platform=iOS Simulator,id=" + device["udid"])
            sys.exit(0)
sys.exit("error: no available iPhone simulator (xcrun simctl list devices available)")
'
}

build_libraries() {
  local platform="$1"
  for scheme in DiffValue DiffValueTesting; do
    echo "== xcodebuild build -scheme $scheme for $platform"
    xcodebuild build -quiet -scheme "$scheme" -destination "generic/platform=$platform" \
      -derivedDataPath "$derived" "${strict[@]}"
  done
}

for step in "${steps[@]}"; do
  case "$step" in
    macos)
      require_swift 6 3 "the tests (weak let, SE-0481)"
      echo "== swift test on macOS, warnings as errors (DiffValueAppleTests among the targets)"
      swift build --build-tests -Xswiftc -warnings-as-errors
      swift test --skip-build
      ;;
    ios)
      require_swift 6 3 "the tests (weak let, SE-0481)"
      destination="$(ios_destination)"
      echo "== xcodebuild test of DiffValueAppleTests on the iOS simulator $destination"
      xcodebuild test -quiet -scheme DiffValue-Package -destination "$destination" \
        -only-testing:DiffValueAppleTests -derivedDataPath "$derived" "${strict[@]}"
      ;;
    tvos) build_libraries "tvOS Simulator" ;;
    watchos) build_libraries "watchOS Simulator" ;;
    visionos) build_libraries "visionOS Simulator" ;;
  esac
done
echo "== Apple platforms: ${steps[*]} passed"
