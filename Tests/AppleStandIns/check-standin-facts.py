#!/usr/bin/env python3
"""Checks that the stand-ins keep the facts about Apple's SDKs that DiffValue relies on.

    python3 Tests/AppleStandIns/check-standin-facts.py [ROOT]
    python3 Tests/AppleStandIns/check-standin-facts.py --self-test [ROOT]

The stand-ins (Tests/AppleStandIns) must be exactly as strict as Apple's SDKs for what the
package and its examples use: stricter fails code that builds on an Apple platform, laxer
passes code that does not. A type check on Linux cannot tell which, so each fact the package
relies on (the isolation of a type, a protocol or a member, Sendable-ness, a designated rather
than a convenience initializer, an `async` form, a settable property, a constant) is a row of
standin-facts.tsv, with the Apple documentation page and the declaration it comes from:

1. the row's `scope` (a regex) locates a declaration: its attributes, its head and its body
   (to the matching brace) are searched; an empty scope searches the whole file. A scope that
   is not found is a failure;
2. the row's `pattern` (a Python regex) must match in it (`expect` present) or must not
   (`expect` absent). The stand-in is searched with its `//` comments removed.

With --self-test, each row's `revert_find` / `revert_replace` substitution is applied once to a
copy of the stand-in's text in memory (within the row's scope, if it has one), reverting the fact (re-adding `@MainActor`, removing
`nonisolated`, making an initializer a convenience one, removing a setter...), and the check
must then fail: so every check provably fails when its fact is reverted. It fails too if a
fact does not hold in the stand-in as it is, or if a substitution changes nothing.

Prints one line per failure; exits 1 on any.
"""
import csv
import pathlib
import re
import sys

COLUMNS = ["id", "file", "fact", "scope", "expect", "pattern", "revert_find", "revert_replace",
           "apple_url", "apple_declaration"]


def strip_comments(text):
    """The text with `//` comments (doc comments too) removed, strings left alone; offsets of
    what remains are not kept, lines are."""
    lines = []
    for line in text.splitlines():
        in_string = False
        escaped = False
        cut = len(line)
        for index, char in enumerate(line):
            if in_string:
                if escaped:
                    escaped = False
                elif char == "\\":
                    escaped = True
                elif char == '"':
                    in_string = False
            elif char == '"':
                in_string = True
            elif line.startswith("//", index):
                cut = index
                break
        lines.append(line[:cut].rstrip())
    return "\n".join(lines) + "\n"


def blank_strings(text):
    """The text with the contents of string literals replaced by spaces (offsets kept), so that
    braces inside strings do not count."""
    return re.sub(r'"(?:[^"\\\n]|\\.)*"', lambda m: '"' + " " * (len(m.group(0)) - 2) + '"', text)


def scope_span(text, scope):
    """Where the declaration `scope` locates is, from its attributes to the brace closing its
    body (start and end offsets), or None if it is not there (or its body is not closed)."""
    match = re.search(scope, text, re.M)
    if not match:
        return None
    # Back to the start of the line, then over the attribute lines (and blank ones) above it.
    start = text.rfind("\n", 0, match.start()) + 1
    while start > 0:
        previous = text.rfind("\n", 0, start - 1) + 1
        line = text[previous:start - 1].strip()
        if line and not line.startswith("@"):
            break
        start = previous
    plain = blank_strings(text)
    opening = plain.find("{", match.start())
    if opening < 0:
        return None
    depth = 0
    for index in range(opening, len(plain)):
        if plain[index] == "{":
            depth += 1
        elif plain[index] == "}":
            depth -= 1
            if depth == 0:
                return start, index + 1
    return None


def failure(row, text):
    """Why the row's fact does not hold in `text` (comment-stripped), or None if it does."""
    region = text
    if row["scope"]:
        span = scope_span(text, row["scope"])
        if span is None:
            return f"the declaration /{row['scope']}/ is not there"
        region = text[span[0]:span[1]]
    found = re.search(row["pattern"], region, re.M)
    if row["expect"] == "present" and not found:
        return f"/{row['pattern']}/ does not match"
    if row["expect"] == "absent" and found:
        return f"/{row['pattern']}/ matches {found.group(0)!r}, which it must not"
    return None


def revert(row, text):
    """The text with the row's fact reverted: its substitution applied once, within the row's
    scope if it has one; and how many substitutions were made (0 or 1)."""
    start, end = scope_span(text, row["scope"]) if row["scope"] else (0, len(text))
    region, count = re.subn(row["revert_find"], row["revert_replace"], text[start:end], count=1,
                            flags=re.M)
    return text[:start] + region + text[end:], count


def load(root):
    table = root / "Tests" / "AppleStandIns" / "standin-facts.tsv"
    lines = [line for line in table.read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    reader = csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)
    header = next(reader)
    if header != COLUMNS:
        sys.exit(f"error: {table.name}: the columns are not {', '.join(COLUMNS)}")
    rows = []
    for number, fields in enumerate(reader, 2):
        if len(fields) != len(COLUMNS):
            sys.exit(f"error: {table.name}: row {number} has {len(fields)} fields, not "
                     f"{len(COLUMNS)}")
        row = dict(zip(COLUMNS, fields))
        if row["expect"] not in ("present", "absent"):
            sys.exit(f"error: {table.name}: {row['id']}: expect is present or absent")
        rows.append(row)
    return rows


def check(root, self_test):
    problems = []
    texts = {}
    rows = load(root)
    for row in rows:
        path = root / "Tests" / "AppleStandIns" / row["file"]
        if path not in texts:
            texts[path] = strip_comments(path.read_text())
        text = texts[path]
        where = f"Tests/AppleStandIns/{row['file']}: {row['id']}"
        why = failure(row, text)
        if why:
            problems.append(f"{where}: {row['fact']}: {why} (Apple: {row['apple_declaration']}; "
                            f"{row['apple_url']})")
            continue
        if not self_test:
            continue
        reverted, count = revert(row, text)
        if count == 0 or reverted == text:
            problems.append(f"{where}: the revert /{row['revert_find']}/ changes nothing")
        elif failure(row, reverted) is None:
            problems.append(f"{where}: with the fact reverted (/{row['revert_find']}/ -> "
                            f"{row['revert_replace']!r}) the check still passes")
        else:
            print(f"ok {row['id']}: reverted, the check fails ({failure(row, reverted)})")
    return rows, problems


def main():
    arguments = sys.argv[1:]
    self_test = "--self-test" in arguments
    arguments = [argument for argument in arguments if argument != "--self-test"]
    root = pathlib.Path(arguments[0] if arguments else ".").resolve()
    rows, problems = check(root, self_test)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        return 1
    if self_test:
        print(f"each of the {len(rows)} checks of standin-facts.tsv fails once its fact is "
              "reverted")
    else:
        print(f"the stand-ins keep the {len(rows)} facts of standin-facts.tsv about Apple's SDKs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
