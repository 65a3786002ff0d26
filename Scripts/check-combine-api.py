#!/usr/bin/env python3
"""Checks which of Combine's, CombineExt's and combine-schedulers' names our sources declare.

    Scripts/check-combine-api.py [--summary] [--table TABLE] [ROOT]

Reads `Scripts/combine-api.tsv` (its header comment describes the columns), removes the comments
from every Swift file under `Sources/Relay`, `Sources/DiffValue` and `Sources/DiffValueTesting`
of ROOT (the repository by default), and searches each file for each row's `detect` pattern.

Prints, for each kind of row, how many are implemented (found), absent by design, and missing,
then the missing names. `--summary` prints the counts alone. A row marked by design whose
pattern is found anyway is listed too, as a note: its status may be out of date.

Exits 1 when a row is neither found nor by design, 2 when the table cannot be read.
"""
import argparse
import pathlib
import re
import sys

SCRIPTS = pathlib.Path(__file__).resolve().parent
SOURCE_FOLDERS = ("Sources/Relay", "Sources/DiffValue", "Sources/DiffValueTesting")
COLUMNS = ["kind", "name", "detect", "status", "note"]
KINDS = ["method", "type", "source", "scheduler", "combineext"]
BY_DESIGN = "by design:"

# A string literal is kept whole, so that `//` inside one does not start a comment.
COMMENT_OR_STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|//[^\n]*|/\*.*?\*/', re.DOTALL)


class TableError(Exception):
    """The table is malformed; the message names the line."""


class Row:
    def __init__(self, line_number, kind, name, detect, status, note):
        self.line_number = line_number
        self.kind = kind
        self.name = name
        self.pattern = detect
        self.status = status
        self.note = note
        self.detect = re.compile(detect)

    @property
    def by_design(self):
        return self.status.startswith(BY_DESIGN)

    def label(self):
        """The name with its note, which tells overloads apart."""
        return f"{self.name} ({self.note})" if self.note else self.name


def read_table(path):
    """Returns the rows of the table at `path`; raises TableError on the first bad line."""
    rows = []
    header_seen = False
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        where = f"{path.name}:{number}"
        if not header_seen:
            if fields != COLUMNS:
                raise TableError(f"{where}: the header must be {' '.join(COLUMNS)} (tab-separated)")
            header_seen = True
            continue
        if len(fields) != len(COLUMNS):
            raise TableError(f"{where}: {len(fields)} fields, expected {len(COLUMNS)}")
        kind, name, detect, status, note = fields
        if kind not in KINDS:
            raise TableError(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}")
        if not name or not detect:
            raise TableError(f"{where}: a row needs a name and a detect pattern")
        if status != "auto" and not (status.startswith(BY_DESIGN) and status[len(BY_DESIGN):].strip()):
            raise TableError(f"{where}: status must be 'auto' or '{BY_DESIGN} <reason>', not {status!r}")
        try:
            rows.append(Row(number, kind, name, detect, status, note))
        except re.error as error:
            raise TableError(f"{where}: detect pattern of {name}: {error}") from None
    if not header_seen:
        raise TableError(f"{path.name}: no header line")
    return rows


def strip_comments(text):
    """Swift source without its comments (doc comments mention names they do not declare)."""
    return COMMENT_OR_STRING.sub(lambda match: match.group(0) if match.group(0)[0] == '"' else " ", text)


def source_texts(root):
    """The comment-free text of each Swift file in the checked folders, in path order."""
    texts = []
    for folder in SOURCE_FOLDERS:
        for path in sorted((root / folder).rglob("*.swift")):
            texts.append(strip_comments(path.read_text(encoding="utf-8", errors="replace")))
    return texts


def found(row, texts):
    return any(row.detect.search(text) for text in texts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--summary", action="store_true", help="print the counts only")
    parser.add_argument("--table", type=pathlib.Path, default=SCRIPTS / "combine-api.tsv")
    parser.add_argument("root", nargs="?", type=pathlib.Path, default=SCRIPTS.parent)
    options = parser.parse_args()

    try:
        rows = read_table(options.table)
    except TableError as error:
        print(error, file=sys.stderr)
        return 2
    texts = source_texts(options.root)
    if not texts:
        print(f"no Swift files under {', '.join(SOURCE_FOLDERS)} of {options.root}", file=sys.stderr)
        return 2

    counts = {kind: {"implemented": 0, "by design": 0, "missing": 0} for kind in KINDS}
    missing, stale = [], []
    for row in rows:
        is_found = found(row, texts)
        if row.by_design:
            counts[row.kind]["by design"] += 1
            if is_found:
                stale.append(row)
        elif is_found:
            counts[row.kind]["implemented"] += 1
        else:
            counts[row.kind]["missing"] += 1
            missing.append(row)

    print(f"{'kind':<12}{'implemented':>12}{'by design':>11}{'missing':>9}")
    for kind in KINDS + ["total"]:
        if kind == "total":
            numbers = {key: sum(counts[k][key] for k in KINDS) for key in counts[KINDS[0]]}
        else:
            numbers = counts[kind]
        print(f"{kind:<12}{numbers['implemented']:>12}{numbers['by design']:>11}{numbers['missing']:>9}")

    if not options.summary:
        if missing:
            print(f"\nMissing ({len(missing)}):")
            for row in missing:
                print(f"  {row.kind:<11} {row.label()}")
        if stale:
            print(f"\nMarked by design, yet declared (check the status):")
            for row in stale:
                print(f"  {row.kind:<11} {row.label()}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
