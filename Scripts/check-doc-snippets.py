#!/usr/bin/env python3
"""Checks that every Swift example in the README and the DocC articles is code that compiles.

    Scripts/check-doc-snippets.py           # fails, with a diff, where a document differs
    Scripts/check-doc-snippets.py --write   # rewrites the documents' examples from the files

Every ```swift block in README.md and in Sources/*/*.docc/*.md follows a marker naming the
files it shows:

    <!-- snippet: QuickStart -->              Snippets/QuickStart.swift
    <!-- snippet: Hooks Changes Modify -->    three snippets, one after the other
    <!-- snippet: Tests/DiffValueTestingTests/DocumentationExampleTests.swift -->

`swift build` compiles every file in Snippets/ (SwiftPM's snippets: one executable each);
tests compile with `swift build --build-tests`; files guarded by `#if canImport(UIKit)` are
type-checked against the stand-in frameworks by Tests/AppleStandIns/typecheck.sh. A block
shows what a file shows: everything but the regions between `// snippet.hide` and
`// snippet.show` (SwiftPM's snippet markers), each shown region without its common
indentation. Several files are joined by a blank line. A block without a marker, a marker
naming a missing file, and a file in Snippets/ that no document shows are errors too.

A document may also show a section of README.md, kept in one place there (the benchmark tables):

    README.md:       <!-- shared: benchmarks --> ... <!-- end shared: benchmarks -->
    an article:      <!-- copy of README.md: benchmarks --> ... <!-- end copy -->

The copy must equal README.md's section; `--write` copies it again.
"""
import argparse
import difflib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^<!-- snippet: (.+?) -->\s*$")
SHARED = re.compile(r"^<!-- shared: (\S+) -->\s*$")
COPY = re.compile(r"^<!-- copy of README.md: (\S+) -->\s*$")


def documents():
    found = [ROOT / "README.md"]
    found += sorted(ROOT.glob("Sources/*/*.docc/**/*.md"))
    return found


def snippet_path(name):
    return ROOT / (name if name.endswith(".swift") else f"Snippets/{name}.swift")


def dedent(lines):
    indents = [len(line) - len(line.lstrip(" ")) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return [line[cut:] for line in lines]


def shown(path):
    """The code a snippet file shows: its regions outside `snippet.hide`, each dedented."""
    segments, current, hidden = [], [], False
    for line in path.read_text().splitlines():
        marker = line.strip()
        if marker in ("// snippet.hide", "// snippet.show"):
            if current:
                segments.append(dedent(current))
            current = []
            hidden = marker == "// snippet.hide"
        elif not hidden:
            current.append(line.rstrip())
    if current:
        segments.append(dedent(current))
    lines = [line for segment in segments for line in segment]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def blocks(lines):
    """Yields (marker line index or None, first code line index, end index) per ```swift block."""
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```swift":
            start = index + 1
            end = start
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            before = index - 1
            yield (before if before >= 0 and MARKER.match(lines[before]) else None), start, end
            index = end + 1
        else:
            index += 1


def shared_sections(lines):
    """README.md's shared sections by name: the lines between their markers."""
    sections = {}
    for index, line in enumerate(lines):
        match = SHARED.match(line)
        if match:
            end = lines.index(f"<!-- end shared: {match.group(1)} -->", index)
            sections[match.group(1)] = lines[index + 1 : end]
    return sections


def copies(lines):
    """Yields (name, first line index, end index) per copy of a README.md section."""
    for index, line in enumerate(lines):
        match = COPY.match(line)
        if match:
            yield match.group(1), index + 1, lines.index("<!-- end copy -->", index)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--write", action="store_true", help="rewrite the documents' blocks")
    arguments = parser.parse_args()
    errors = []
    used = set()
    shared = shared_sections((ROOT / "README.md").read_text().splitlines())
    for document in documents():
        lines = document.read_text().splitlines()
        changed = False
        relative = document.relative_to(ROOT)
        replacements = []
        for name, start, end in copies(lines):
            if name not in shared:
                errors.append(f"{relative}:{start}: README.md has no <!-- shared: {name} -->")
            elif lines[start:end] != shared[name]:
                if arguments.write:
                    replacements.append((start, end, shared[name]))
                    changed = True
                else:
                    diff = difflib.unified_diff(
                        shared[name], lines[start:end], f"README.md, {name}",
                        f"{relative}:{start + 1}", lineterm="")
                    errors.append("\n".join(diff))
        for marker, start, end in blocks(lines):
            if marker is None:
                errors.append(f"{relative}:{start}: a ```swift block without <!-- snippet: ... -->")
                continue
            expected = []
            for name in MARKER.match(lines[marker]).group(1).split():
                path = snippet_path(name)
                if not path.is_file():
                    errors.append(f"{relative}:{marker + 1}: no file {path.relative_to(ROOT)}")
                    expected = None
                    break
                used.add(path)
                if expected:
                    expected.append("")
                expected += shown(path)
            if expected is None:
                continue
            actual = lines[start:end]
            if actual != expected:
                if arguments.write:
                    replacements.append((start, end, expected))
                    changed = True
                else:
                    diff = difflib.unified_diff(
                        expected, actual, "the snippet files", f"{relative}:{start + 1}",
                        lineterm="")
                    errors.append("\n".join(diff))
        replacements.sort()
        for start, end, expected in reversed(replacements):
            lines[start:end] = expected
        if changed:
            document.write_text("\n".join(lines) + "\n")
            print(f"rewrote {relative}")
    for path in sorted((ROOT / "Snippets").rglob("*.swift")):
        if path not in used:
            errors.append(f"{path.relative_to(ROOT)}: shown by no document")
    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        print(f"check-doc-snippets: {len(errors)} problem(s)", file=sys.stderr)
        return 1
    print(f"check-doc-snippets: {len(used)} file(s) shown, every document matches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
