#!/usr/bin/env bash
# What each further state type costs an app in machine code: a consumer package, depending on
# this one by path, built in release with one and with two state types of each kind; the growth
# of the consumer's own object code (text, read-only data and unwind tables) is the cost of the
# second type.
#
# The second type is measured twice. With the first type's layout, LLVM merges every function
# the two types specialize identically (they differ only in the metadata they name), so the
# growth counts little beyond what it cannot merge. With its fields in another order, nothing
# merges: that is what an app's own, differently shaped, types cost, and it is the figure to
# quote.
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

# One state type of a kind, numbered $2, with the fields in the order $3 (`same` or `other`).
state_type() {
  local kind=$1 n=$2 layout=${3:-same}
  if [ "$layout" = same ]; then
    echo "public struct State$n: Equatable, Sendable { public var a = 0; public var b = \"\"; public var c = 0.0; public var d = false; public init() {} }"
  else
    echo "public struct State$n: Equatable, Sendable { public var d = false; public var c = 0.0; public var b = \"\"; public var a = 0; public init() {} }"
  fi
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

# Builds the consumer with the given state types ("kind:n:layout" each); prints its object size.
build_consumer() {
  {
    echo "import DiffValue"
    echo "import Observation"
    for spec in "$@"; do
      IFS=: read -r kind n layout <<<"$spec"
      state_type "$kind" "$n" "$layout"
    done
  } >"$work/Sources/Consumer/Consumer.swift"
  (cd "$work" && swift build -c release >/dev/null 2>&1) || {
    echo "the consumer did not build ($*)" >&2
    (cd "$work" && swift build -c release 2>&1 | tail -20) >&2
    exit 1
  }
  object_size
}

kilobytes() { printf '%.1f KB' "$(echo "$1 / 1024" | bc -l)"; }

printf '| kind | 1 type | further type, another layout | further type, the same layout |\n'
printf '|---|---|---|---|\n'
for kind in diff diffWhole observable relay; do
  one=$(build_consumer "$kind:1:same")
  other=$(build_consumer "$kind:1:same" "$kind:2:other")
  same=$(build_consumer "$kind:1:same" "$kind:2:same")
  printf '| %s | %s B | %s | %s |\n' "$kind" "$one" "$(kilobytes $((other - one)))" \
    "$(kilobytes $((same - one)))"
done
