#!/usr/bin/env python3
"""Checks that every Swift example in the README and the DocC articles is code that compiles.

    Scripts/check-doc-snippets.py           # fails, with a diff, where a document differs
    Scripts/check-doc-snippets.py --write   # rewrites the documents' examples from the files

Every ```swift block in README.md and in Sources/*/*.docc/*.md follows a marker naming the
files it shows:

    <!-- snippet: QuickStart -->              Snippets/QuickStart.swift
    <!-- snippet: Hooks Changes Modify -->    three snippets, one after the other
    <!-- snippet: Tests/DiffValueTestingTests/Scenarios/DocumentationExampleTests.swift -->

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

The doc comments of Sources/**/*.swift (the `///` lines, which DocC shows on the symbol pages)
are not compiled, so one more check reads their ```swift blocks (not the indented ones, which
hold no subscription): a statement that subscribes with `.sink` or `.assign(to:on:)` /
`.assign(to:onWeak:)` must keep the `AnyCancellable` it returns, or the subscription ends at
once and the example does nothing. It keeps it when the statement binds it to a name
(`let subscription = ...`, `self.subscription = ...`), returns it, or ends its chain with
`.store(in: ...)`; `_ = ...` discards it and is an error, as is a statement that ignores it.
A statement runs on while its brackets are open, after a line that ends in `=` or an
operator, and while the next line starts with `.`; a call passed as an argument
(`set.insert(relay.sink { ... })`) counts as kept, and `assign(to: &$property)`, which returns
nothing, is not checked.
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


SUBSCRIBING = re.compile(r"\.(sink)\s*[({]|\.(assign)\s*\(\s*to\s*:(?!\s*&)")
BINDING = re.compile(
    r"(?:(?:let|var)\s+([A-Za-z_]\w*)\s*(?::[^=]*)?|([A-Za-z_][\w.]*))\s*=(?!=)")
CLOSING = {"(": ")", "[": "]", "{": "}"}


def doc_code_blocks(lines):
    """Yields (first line index, code lines) per ```swift block of the `///` comments."""
    index = 0
    while index < len(lines):
        text = lines[index].strip()
        if text.startswith("///") and text[3:].strip() in ("```swift", "```"):
            start = index + 1
            end = start
            while (end < len(lines) and lines[end].strip().startswith("///")
                   and lines[end].strip()[3:].strip() != "```"):
                end += 1
            code = [line.strip()[3:] for line in lines[start:end]]
            yield start, dedent([line[1:] if line.startswith(" ") else line for line in code])
            index = end + 1
        else:
            index += 1


def masked(code):
    """The code with its strings and comments blanked out, newlines and offsets kept."""
    out = list(code)
    index = 0
    while index < len(code):
        if code.startswith("//", index):
            end = code.find("\n", index)
            end = len(code) if end < 0 else end
            after = end
        elif code.startswith("/*", index):
            end = code.find("*/", index)
            end = len(code) if end < 0 else end + 2
            after = end
        elif code[index] == '"':  # the quotes stay, what they hold goes
            quote = '"""' if code.startswith('"""', index) else '"'
            index += len(quote)
            end = index
            while end < len(code) and not code.startswith(quote, end):
                end += 2 if code[end] == "\\" else 1
            end = min(end, len(code))
            after = end + len(quote)
        else:
            index += 1
            continue
        for position in range(index, end):
            if out[position] != "\n":
                out[position] = " "
        index = after
    return "".join(out)


def enclosing(code, position):
    """The innermost bracket open at `position` (its offset, or -1 for none) and where it closes."""
    stack = []
    for offset, character in enumerate(code[:position]):
        if character in CLOSING:
            stack.append(offset)
        elif character in ")]}" and stack:
            stack.pop()
    if not stack:
        return -1, len(code)
    opening, depth = stack[-1], 0
    for offset in range(opening, len(code)):
        if code[offset] in CLOSING:
            depth += 1
        elif code[offset] in ")]}":
            depth -= 1
            if depth == 0:
                return opening, offset
    return opening, len(code)


def statements(code, start, end):
    """Yields (start, end) of each statement between two offsets, nested brackets included."""
    depth, first = 0, start
    for offset in range(start, end):
        character = code[offset]
        if character in CLOSING:
            depth += 1
        elif character in ")]}":
            depth -= 1
        elif depth == 0 and character == ";":
            yield first, offset
            first = offset + 1
        elif depth == 0 and character == "\n":
            before = code[first:offset].rstrip()
            after = code[offset + 1 : end].lstrip()
            if after.startswith(".") or (before and before[-1] in "=+-*/%&|^<>?:,("):
                continue
            yield first, offset
            first = offset + 1
    yield first, end


def top_level(code):
    """The code without what its brackets hold, so that only its own chain is left."""
    out, depth = [], 0
    for character in code:
        if character in CLOSING:
            if depth == 0:
                out.append(character)
            depth += 1
        elif character in ")]}":
            depth -= 1
            if depth == 0:
                out.append(character)
        elif depth == 0:
            out.append(character)
    return "".join(out)


def dropped_subscription(code, position):
    """Why the subscription made at `position` ends at once, or None when something keeps it."""
    opening, closing = enclosing(code, position)
    if opening >= 0 and code[opening] != "{":
        return None  # an argument: what it is passed to has it
    start = opening + 1
    for first, end in statements(code, start, closing):
        if first <= position < end:
            break
    statement = code[first:end]
    if first == start and opening >= 0:  # a closure's parameters, `{ value in ...`
        statement = re.sub(r"^\s*(?:\[[^\]]*\]\s*)?[\w\s,()]*?\bin\b", "", statement, count=1)
    chain = top_level(statement).strip()
    if ".store(" in top_level(code[position + 1 : end]):
        return None
    if re.match(r"return\b", chain):
        return None
    binding = BINDING.match(chain)
    if binding:
        if (binding.group(1) or binding.group(2)) == "_":
            return "discarded with `_ =`"
        return None
    return "never kept"


def dropped_subscriptions():
    """Errors for the doc comment examples in Sources/ that drop a subscription's AnyCancellable."""
    errors = []
    for path in sorted(ROOT.glob("Sources/**/*.swift")):
        lines = path.read_text().splitlines()
        for first_line, code_lines in doc_code_blocks(lines):
            code = masked("\n".join(code_lines))
            for match in SUBSCRIBING.finditer(code):
                reason = dropped_subscription(code, match.start())
                if reason:
                    line = first_line + code.count("\n", 0, match.start()) + 1
                    name = match.group(1) or match.group(2)
                    errors.append(
                        f"{path.relative_to(ROOT)}:{line}: the AnyCancellable of `{name}` is "
                        f"{reason}, so the example's subscription ends at once; keep it "
                        f"(`.store(in: &subscriptions)`)")
    return errors


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
    errors += dropped_subscriptions()
    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        print(f"check-doc-snippets: {len(errors)} problem(s)", file=sys.stderr)
        return 1
    print(f"check-doc-snippets: {len(used)} file(s) shown, every document matches, "
          "no doc comment example drops a subscription")
    return 0


if __name__ == "__main__":
    sys.exit(main())
