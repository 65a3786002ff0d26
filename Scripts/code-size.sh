#!/usr/bin/env bash
# What each further state type costs an app in machine code: a consumer package, depending on
# this one by path, built in release with one and with two state types of each kind; the growth
# of the consumer's own object code (text and read-only data) is the cost of the second type.
#
#   bash Scripts/code-size.sh            # prints a Markdown table
#
# Kinds: a `@Diff(\.a)` property (subscribed, written in place and whole, read), the same with
# the whole value, `@Observable` (tracked, written), a `CurrentValueRelay` (subscribed, sent).
# Each state type is a struct of four fields (Int, String, Double, Bool), as in the issue.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/Consumer"
cat >"$work/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
  name: "Consumer",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(path: "$root")],
  targets: [.target(name: "Consumer", dependencies: [.product(name: "DiffValue", package: "$(basename "$root")")])]
)
EOF

# One state type of a kind, numbered $2.
state_type() {
  local kind=$1 n=$2
  echo "public struct State$n: Equatable, Sendable { public var a = 0; public var b = \"\"; public var c = 0.0; public var d = false; public init() {} }"
  case $kind in
    diff | diffWhole)
      local selection='(\.a)'
      [ "$kind" = diffWhole ] && selection=''
      cat <<EOF
public final class Model$n { @Diff$selection public var state = State$n(); public init() {} }
@inline(never) public func use$n() -> AnyCancellable {
  let model = Model$n()
  let subscription = model.\$state.sink { _ in }
  model.state.a += 1
  model.state = State$n()
  _ = model.state.b
  return subscription
}
EOF
      ;;
    observable)
      cat <<EOF
@Observable public final class Model$n { public var state = State$n(); public init() {} }
@inline(never) public func use$n() {
  let model = Model$n()
  withObservationTracking { _ = model.state.a } onChange: {}
  model.state.a += 1
  model.state = State$n()
}
EOF
      ;;
    relay)
      cat <<EOF
@inline(never) public func use$n() -> AnyCancellable {
  let relay = CurrentValueRelay(State$n())
  let subscription = relay.sink { _ in }
  relay.send(State$n())
  return subscription
}
EOF
      ;;
  esac
}

# The consumer's object code, in bytes: text and read-only data of its object files.
object_size() {
  find "$work/.build/release/Consumer.build" -name '*.o' -print0 \
    | xargs -0 size -A \
    | awk '$1 ~ /^\.(text|rodata|eh_frame|data\.rel\.ro)/ { total += $2 } END { print total }'
}

printf '| kind | 1 type | 2 types | each further type |\n|---|---|---|---|\n'
for kind in diff diffWhole observable relay; do
  sizes=()
  for count in 1 2; do
    {
      echo "import DiffValue"
      echo "import Observation"
      for n in $(seq 1 "$count"); do state_type "$kind" "$n"; done
    } >"$work/Sources/Consumer/Consumer.swift"
    (cd "$work" && swift build -c release >/dev/null 2>&1) || {
      echo "the consumer did not build ($kind, $count types)" >&2
      (cd "$work" && swift build -c release 2>&1 | tail -20) >&2
      exit 1
    }
    sizes+=("$(object_size)")
  done
  printf '| %s | %s B | %s B | %.1f KB |\n' "$kind" "${sizes[0]}" "${sizes[1]}" \
    "$(echo "(${sizes[1]} - ${sizes[0]}) / 1024" | bc -l)"
done
