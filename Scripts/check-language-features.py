#!/usr/bin/env python3
"""Checks that the package's code uses no Swift language feature newer than the manifest promises.

    python3 Scripts/check-language-features.py [ROOT]
    python3 Scripts/check-language-features.py --self-test [ROOT]
    python3 Scripts/check-language-features.py --list [ROOT]

The manifest's `// swift-tools-version:` is the oldest compiler the package promises to build
with (6.0: Xcode 16). Only one toolchain builds the package here, so a feature a newer compiler
brought (trailing commas in argument lists, `nonisolated` on a type, `weak let`, ...) would
compile here and fail for the users of an older Xcode. Scripts/language-features.tsv lists those
features, each with the version that brought it (its swift-evolution proposal's status) and a
pattern that finds it. This script searches Sources/, Snippets/ and Package.swift with every
pattern of a version newer than the tools version, after blanking comments (and, for most
patterns, the contents of string literals), and prints each use found as
`path:line: error: ...`. The test targets are not searched: they need a newer compiler anyway
(README.md, Requirements).

--self-test checks the table: each pattern finds its example and does not find its
counter-example (the `allowed` column), the code of every counter-example together is clean at
tools version 6.0, and every version, proposal and pattern is well formed.

--table PATH reads another table (for tests). --list prints the table.

Exits 1 on any use found (or, with --self-test, any failure), 0 otherwise.
"""
import argparse
import csv
import pathlib
import re
import sys

DEFAULT_TABLE = pathlib.Path(__file__).resolve().parent / "language-features.tsv"
COLUMNS = ["feature", "proposal", "swift", "scope", "pattern", "example", "allowed", "source"]
SEARCHED = ["Sources", "Snippets"]


def version(text):
    """`6.1` -> (6, 1); `6.2.3` -> (6, 2, 3)."""
    return tuple(int(part) for part in text.split("."))


def read_table(path):
    """The table's rows, as dictionaries, with `\\n` in examples turned into line breaks and
    each pattern compiled."""
    lines = [line for line in path.read_text().splitlines() if line and not line.startswith("#")]
    rows = []
    for row in csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE):
        if list(row) != COLUMNS or None in row.values():
            raise SystemExit(f"error: {path}: a row does not have the columns {COLUMNS}: {row}")
        for column in ("example", "allowed"):
            row[column] = row[column].replace("\\n", "\n")
        row["regex"] = re.compile(row["pattern"])
        rows.append(row)
    return rows


def tools_version(root):
    """The manifest's `// swift-tools-version:`."""
    first = (root / "Package.swift").read_text().splitlines()[0]
    match = re.match(r"//\s*swift-tools-version\s*:\s*(\d+(?:\.\d+)*)", first)
    if not match:
        raise SystemExit(f"error: Package.swift's first line is not a tools version: {first}")
    return version(match.group(1))


def blank(text, start, end, out):
    """Replaces text[start:end] in `out` (a list of characters) with spaces, keeping newlines."""
    for index in range(start, end):
        if text[index] != "\n":
            out[index] = " "


def string_end(text, index, out, blank_strings):
    """Skips the string literal that opens at `index` (its `#`s, quotes), blanking its contents
    when `blank_strings`; interpolations inside are code, scanned as such. Returns the index
    after the literal."""
    hashes = 0
    while text.startswith("#", index + hashes):
        hashes += 1
    quote_at = index + hashes
    delimiter = '"""' if text.startswith('"""', quote_at) else '"'
    close = delimiter + "#" * hashes
    interpolation = "\\" + "#" * hashes + "("
    position = quote_at + len(delimiter)
    content_start = position
    while position < len(text):
        if text.startswith(close, position):
            if blank_strings:
                blank(text, content_start, position, out)
            return position + len(close)
        if text.startswith(interpolation, position):
            if blank_strings:
                blank(text, content_start, position, out)
            position = code_end(text, position + len(interpolation), out, blank_strings, depth=1)
            content_start = position
            continue
        if hashes == 0 and text[position] == "\\":
            position += 2
            continue
        if delimiter == '"' and text[position] == "\n":
            break  # an unterminated string: stop at the end of the line
        position += 1
    if blank_strings:
        blank(text, content_start, position, out)
    return position


def code_end(text, index, out, blank_strings, depth=0):
    """Scans code from `index`, blanking comments (and string contents when `blank_strings`).
    With `depth` 1, this is an interpolation: returns the index after its closing parenthesis.
    Otherwise scans to the end and returns len(text)."""
    position = index
    while position < len(text):
        char = text[position]
        if text.startswith("//", position):
            end = text.find("\n", position)
            end = len(text) if end < 0 else end
            blank(text, position, end, out)
            position = end
        elif text.startswith("/*", position):
            nesting, end = 0, position
            while end < len(text):
                if text.startswith("/*", end):
                    nesting, end = nesting + 1, end + 2
                elif text.startswith("*/", end):
                    nesting, end = nesting - 1, end + 2
                    if nesting == 0:
                        break
                else:
                    end += 1
            blank(text, position, end, out)
            position = end
        elif char == '"' or (char == "#" and re.match(r'#+"', text[position:])):
            position = string_end(text, position, out, blank_strings)
        elif depth and char == "(":
            depth += 1
            position += 1
        elif depth and char == ")":
            depth -= 1
            position += 1
            if depth == 0:
                return position
        else:
            position += 1
    return position


def prepared(text, scope):
    """The text with comments blanked, and string contents too for the `code` scope; offsets
    and line breaks are kept."""
    out = list(text)
    code_end(text, 0, out, blank_strings=(scope == "code"))
    return "".join(out)


def findings(text, rows):
    """(line, row) for each use of a row's feature in `text`."""
    forms = {scope: prepared(text, scope) for scope in ("code", "text")}
    found = []
    for row in rows:
        form = forms[row["scope"]]
        for match in row["regex"].finditer(form):
            found.append((form.count("\n", 0, match.start()) + 1, row))
    return sorted(found, key=lambda item: item[0])


def searched_files(root):
    """Package.swift and every Swift file under Sources/ and Snippets/."""
    files = [root / "Package.swift"]
    for folder in SEARCHED:
        files += sorted((root / folder).rglob("*.swift")) if (root / folder).is_dir() else []
    return files


def describe(row):
    return f"{row['feature']} ({row['proposal']}) needs Swift {row['swift']}"


def check(root, rows):
    tools = tools_version(root)
    newer = [row for row in rows if version(row["swift"]) > tools]
    problems = 0
    for path in searched_files(root):
        for line, row in findings(path.read_text(), newer):
            problems += 1
            print(f"{path.relative_to(root)}:{line}: error: {describe(row)}; the manifest's tools "
                  f"version is {'.'.join(map(str, tools))}")
    if problems:
        print(f"{problems} use{'' if problems == 1 else 's'} of language features newer than the "
              "tools version: write them as that version allows, or raise it (Package.swift)")
        return 1
    print(f"Sources/, Snippets/ and Package.swift use none of the {len(newer)} language features "
          f"newer than the tools version {'.'.join(map(str, tools))}")
    return 0


def self_test(rows):
    failures = []
    for row in rows:
        name = f"{row['proposal']} {row['feature']}"
        if not re.fullmatch(r"SE-\d{4}", row["proposal"]):
            failures.append(f"{name}: the proposal is not SE-NNNN")
        if not re.fullmatch(r"\d+\.\d+(?:\.\d+)?", row["swift"]) or row["scope"] not in ("code",
                                                                                        "text"):
            failures.append(f"{name}: the version or the scope is malformed")
        if not any(found is row for _, found in findings(row["example"], [row])):
            failures.append(f"{name}: the pattern does not find its example {row['example']!r}")
        if row["allowed"] and findings(row["allowed"], [row]):
            failures.append(f"{name}: the pattern finds its counter-example {row['allowed']!r}")
    allowed = "\n".join(row["allowed"] for row in rows)
    newer = [row for row in rows if version(row["swift"]) > (6, 0)]
    for line, row in findings(allowed, newer):
        failures.append(f"the counter-examples, line {line}, read as {describe(row)}")
    for failure in failures:
        print(f"error: {failure}")
    if failures:
        return 1
    print(f"each of the {len(rows)} patterns finds its example and not its counter-example; "
          "the counter-examples together are clean at tools version 6.0")
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--table", type=pathlib.Path, default=DEFAULT_TABLE)
    parser.add_argument("root", nargs="?", default=".")
    arguments = parser.parse_args()
    rows = read_table(arguments.table)
    if arguments.list:
        for row in rows:
            print(f"Swift {row['swift']:6} {row['proposal']}  {row['feature']}")
        return 0
    if arguments.self_test:
        return self_test(rows)
    return check(pathlib.Path(arguments.root).resolve(), rows)


if __name__ == "__main__":
    sys.exit(main())
