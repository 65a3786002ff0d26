#!/usr/bin/env python3
"""Checks what Linux can check of the OS floor: iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1.

    python3 Tests/AppleStandIns/check-os-floor.py [ROOT]

On Linux the compiler ignores Apple availability, so a use of an API newer than the floor
compiles here and fails only on an Apple platform. This script (run by typecheck.sh) fails
instead when:

1. Package.swift's `platforms:` is not the floor;
2. anything under Sources/ imports Synchronization, or names a standard-library or
   Observation API this script knows to be newer than the floor (`NEWER_NAMES`, a short list,
   not a complete one);
3. a stand-in declaration (Tests/AppleStandIns) says in its `@available` that an Apple
   platform gained it after the floor, without also being declared
   `@available(*, unavailable, message: "newer than the OS floor")`, so that the type check
   (typecheck.sh) rejects a use of it;
4. a file of the tests or the benchmarks imports Synchronization without declaring
   `@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)` (on the suite or the
   type that uses it), or an example (Snippets/, Playgrounds/) imports it at all: the package's
   own tests and examples build for the floor too.

Exits 1 naming each problem.
"""
import pathlib
import re
import sys

FLOOR = {"iOS": 17, "macOS": 14, "tvOS": 17, "watchOS": 10, "visionOS": 1}
MANIFEST_PLATFORMS = (
    "platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)]")
MARKER = '@available(*, unavailable, message: "newer than the OS floor")'
# Names whose Apple availability is newer than the floor (iOS 18 / macOS 15 or later).
NEWER_NAMES = {
    r"\bimport\s+Synchronization\b": "Synchronization (iOS 18, macOS 15)",
    r"\bSynchronization\.": "Synchronization (iOS 18, macOS 15)",
    r"\bAtomic<": "Synchronization's Atomic (iOS 18, macOS 15); use AtomicWord",
    r"\bMutex<|\bMutex\(": "Synchronization's Mutex (iOS 18, macOS 15); use Lock",
    r"\bObservations\s*[<({]": "Observation's Observations (iOS 26, macOS 26)",
    r"\bInlineArray\b": "InlineArray (iOS 26, macOS 26)",
    r"\bTask\.immediate\b": "Task.immediate (iOS 26, macOS 26)",
}


def code_lines(path):
    """The lines of a Swift file with `//` comments (doc comments too) removed."""
    for number, line in enumerate(path.read_text().splitlines(), 1):
        yield number, re.sub(r"//.*", "", line)


def check(root):
    problems = []
    manifest = (root / "Package.swift").read_text()
    if MANIFEST_PLATFORMS not in manifest:
        problems.append(f"Package.swift: the platforms are not the floor ({MANIFEST_PLATFORMS})")

    for path in sorted((root / "Sources").rglob("*.swift")):
        for number, line in code_lines(path):
            for pattern, what in NEWER_NAMES.items():
                if re.search(pattern, line):
                    problems.append(f"{path.relative_to(root)}:{number}: {what} is above the floor")

    available = re.compile(r"@available\(([^)]*)\)")
    for path in sorted((root / "Tests" / "AppleStandIns").rglob("*.swift")):
        lines = path.read_text().splitlines()
        for index, line in enumerate(lines):
            for match in available.finditer(line):
                newer = [
                    f"{platform} {major}"
                    for platform, major in re.findall(r"\b(iOS|macOS|tvOS|watchOS|visionOS) (\d+)",
                                                      match.group(1))
                    if int(major) > FLOOR[platform]
                ]
                if not newer:
                    continue
                # The marker goes among the attributes just before or after this one.
                nearby = "\n".join(lines[max(0, index - 3):index + 4])
                if MARKER not in nearby:
                    problems.append(
                        f"{path.relative_to(root)}:{index + 1}: {', '.join(newer)} is above the "
                        f"floor; declare it {MARKER} too")

    guarded = "@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)"
    imports = re.compile(r"^\s*import\s+Synchronization\b", re.M)
    for folder in ["Tests", "Benchmarks", "Snippets", "Playgrounds"]:
        for path in sorted((root / folder).rglob("*.swift")):
            if "AppleStandIns" in path.parts:
                continue
            text = path.read_text()
            if not imports.search(text):
                continue
            if folder in ("Snippets", "Playgrounds"):
                problems.append(f"{path.relative_to(root)}: an example imports Synchronization")
            elif guarded not in text:
                problems.append(
                    f"{path.relative_to(root)}: imports Synchronization; declare what uses it "
                    f"{guarded}")
    return problems


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    problems = check(root)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        return 1
    print("the manifest, Sources, the stand-ins, the tests and the examples keep to the OS "
          "floor (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
