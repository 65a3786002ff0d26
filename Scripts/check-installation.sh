#!/usr/bin/env bash
# Does what README.md's "Installation" tells a reader: a package of its own, beside a clone of
# DiffValue, that depends on it by path (Tests/Consumer/Package.swift, the manifest the README
# shows). Builds it, runs its app and its test, and checks what the app prints.
#
#   bash Scripts/check-installation.sh
#
# The folder is a temporary one, with a link named DiffValue to this clone beside the app, so
# that `.package(path: "../DiffValue")` resolves as it does for the reader.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

ln -s "$root" "$work/DiffValue"
mkdir "$work/App"
cp -R "$root/Tests/Consumer/." "$work/App/"
cd "$work/App"
swift build --build-tests
output="$(swift run --skip-build App)"
expected="$(printf 'Show \nShow Ada')"
if [ "$output" != "$expected" ]; then
  printf 'error: the app printed\n%s\ninstead of\n%s\n' "$output" "$expected" >&2
  exit 1
fi
swift test --skip-build
echo "a package beside this clone depends on DiffValue and DiffValueTesting, builds, runs and tests"
