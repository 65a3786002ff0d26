#!/usr/bin/env python3
"""Tests of Scripts/check-combine-api.py on small trees and tables made for each case.

    python3 Scripts/check-combine-api-tests.py
"""
import pathlib
import subprocess
import sys
import tempfile
import unittest

SCRIPTS = pathlib.Path(__file__).resolve().parent
SCRIPT = SCRIPTS / "check-combine-api.py"
HEADER = "# A comment line.\nkind\tname\tdetect\tstatus\tnote\n"


class CheckCombineAPITests(unittest.TestCase):
    def make_tree(self, files, table_rows=None):
        """A root holding `files` ({path: Swift text}) and, given rows, a table at root/api.tsv."""
        root = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory()))
        for name, text in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        if table_rows is not None:
            (root / "api.tsv").write_text(HEADER + "".join("\t".join(row) + "\n" for row in table_rows))
        return root

    def check(self, root, *options, table=None):
        table = table or root / "api.tsv"
        run = subprocess.run(
            [sys.executable, str(SCRIPT), "--table", str(table), *options, str(root)],
            capture_output=True, text=True)
        return run.returncode, run.stdout + run.stderr

    ROWS = [
        ("method", "map(_:)", r"func\s+map\b", "auto", "closure"),
        ("type", "Publishers.Map", r"struct\s+Map\b", "auto", ""),
        ("type", "PassthroughSubject", r"class\s+PassthroughSubject\b", "by design: relays", ""),
        ("combineext", "pairwise()", r"func\s+pairwise\s*\(\s*\)", "auto", ""),
    ]

    def test_counts_each_kind_and_names_what_is_missing(self):
        root = self.make_tree({
            "Sources/Relay/Publishers.Map.swift": "extension Publishers {\n  public struct Map {}\n}\n",
            "Sources/DiffValueTesting/Map.swift": "extension Publisher {\n  func map() {}\n}\n",
        }, self.ROWS)
        status, output = self.check(root)
        self.assertEqual(status, 1, output)
        self.assertRegex(output, r"method\s+1\s+0\s+0")
        self.assertRegex(output, r"type\s+1\s+1\s+0")
        self.assertRegex(output, r"combineext\s+0\s+0\s+1")
        self.assertRegex(output, r"total\s+2\s+1\s+1")
        self.assertIn("Missing (1):\n  combineext  pairwise()", output)
        self.assertNotIn("PassthroughSubject", output)

    def test_summary_prints_counts_only_and_all_found_passes(self):
        root = self.make_tree({
            "Sources/DiffValue/All.swift":
                "struct Map {}\nfunc map() {}\nfunc pairwise() {}\n",
        }, self.ROWS)
        status, output = self.check(root, "--summary")
        self.assertEqual(status, 0, output)
        self.assertEqual(len(output.splitlines()), 7, output)
        self.assertTrue(output.startswith("kind"), output)

    def test_comments_do_not_declare_and_strings_do_not_start_comments(self):
        root = self.make_tree({
            "Sources/Relay/A.swift":
                '/// Use `func pairwise()` instead.\n'
                '/* struct Map {} */\n'
                'let site = "https://example.com"; func map() {}\n',
            "Sources/Other/B.swift": "func pairwise() {}\n",
        }, self.ROWS)
        status, output = self.check(root)
        self.assertEqual(status, 1, output)
        self.assertRegex(output, r"method\s+1\s+0\s+0")
        self.assertIn("  type        Publishers.Map", output)
        self.assertIn("  combineext  pairwise()", output)

    def test_a_row_by_design_that_is_declared_is_noted(self):
        root = self.make_tree({
            "Sources/Relay/A.swift":
                "struct Map {}\nfunc map() {}\nfunc pairwise() {}\nclass PassthroughSubject {}\n",
        }, self.ROWS)
        status, output = self.check(root)
        self.assertEqual(status, 0, output)
        self.assertIn("Marked by design, yet declared (check the status):\n  type        "
                      "PassthroughSubject", output)

    def test_a_malformed_table_names_its_line(self):
        cases = [
            ([("method", "map(_:)", r"func\s+map(", "auto", "")], "api.tsv:3: detect pattern of map(_:)"),
            ([("operator", "map(_:)", "map", "auto", "")], "api.tsv:3: kind 'operator'"),
            ([("method", "map(_:)", "map", "by design:", "")], "api.tsv:3: status must be"),
            ([("method", "map(_:)", "map", "auto")], "api.tsv:3: 4 fields, expected 5"),
        ]
        for rows, message in cases:
            with self.subTest(message=message):
                root = self.make_tree({"Sources/Relay/A.swift": "func map() {}\n"}, rows)
                status, output = self.check(root)
                self.assertEqual(status, 2, output)
                self.assertIn(message, output)

    def test_the_checked_in_table_reads_and_tells_overloads_apart(self):
        root = self.make_tree({
            "Sources/Relay/Merge.swift":
                "extension Publisher {\n"
                "  public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P> {}\n"
                "  public func zip<P: Combine.Publisher>(_ other: P) -> Zip<Self, P> {}\n"
                "  public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {}\n"
                "}\n",
        })
        status, output = self.check(root, table=SCRIPTS / "combine-api.tsv")
        self.assertEqual(status, 1, output)
        missing = output.split("Missing", 1)[1]
        self.assertNotIn("  method      merge(with:) (2 publishers: Merge)\n", missing)
        self.assertIn("  method      merge(with:_:) (3 publishers: Merge3)\n", missing)
        self.assertIn("  method      merge(with:) (same type: MergeMany)\n", missing)
        self.assertIn("  method      zip(_:) (2 publishers, tuple)\n", missing)
        self.assertNotIn("  method      map(_:) (key path)\n", missing)
        self.assertIn("  method      map(_:) (closure)\n", missing)


if __name__ == "__main__":
    unittest.main()
