#!/usr/bin/env python3
"""Tests of Scripts/check-language-features.py on small trees made for each case.

    python3 Scripts/check-language-features-tests.py
"""
import pathlib
import subprocess
import sys
import tempfile
import unittest

SCRIPT = pathlib.Path(__file__).resolve().parent / "check-language-features.py"


class CheckLanguageFeaturesTests(unittest.TestCase):
    def make_tree(self, files, tools="6.0"):
        """A package whose manifest has this tools version, holding `files` (path: text)."""
        root = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory()))
        files = {"Package.swift": f"// swift-tools-version: {tools}\nimport PackageDescription\n",
                 **files}
        for name, text in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        return root

    def run_script(self, *arguments):
        run = subprocess.run([sys.executable, str(SCRIPT), *map(str, arguments)],
                             capture_output=True, text=True)
        return run.returncode, run.stdout + run.stderr

    def test_code_of_the_tools_version_passes(self):
        root = self.make_tree({"Sources/A/A.swift": (
            "func load() throws(LoadError) -> [Int] {\n"
            "  let list = [\n    1,\n    2,\n  ]\n  return list\n}\n"
            "nonisolated(unsafe) var cache = 0\n")})
        status, output = self.run_script(root)
        self.assertEqual(status, 0, output)
        self.assertIn("use none of the", output)

    def test_a_newer_feature_is_named_with_its_line_and_version(self):
        root = self.make_tree({
            "Sources/A/A.swift": "struct A {}\nnonisolated struct B {}\n",
            "Snippets/Example.swift": "let point = make(\n  x: 1,\n  y: 2,\n)\n",
        })
        status, output = self.run_script(root)
        self.assertEqual(status, 1, output)
        self.assertIn("Sources/A/A.swift:2: error: `nonisolated` on types", output)
        self.assertIn("(SE-0449) needs Swift 6.1; the manifest's tools version is 6.0", output)
        self.assertIn("Snippets/Example.swift:3: error: trailing commas", output)

    def test_a_newer_tools_version_allows_the_features_it_brought(self):
        files = {"Sources/A/A.swift": "nonisolated struct B {}\nweak let owner = object\n"}
        status, output = self.run_script(self.make_tree(files, tools="6.1"))
        self.assertEqual(status, 1, output)
        self.assertNotIn("SE-0449", output)
        self.assertIn("A.swift:2: error: `weak let` (SE-0481) needs Swift 6.3", output)
        status, output = self.run_script(self.make_tree(files, tools="6.3"))
        self.assertEqual(status, 0, output)

    def test_an_older_tools_version_finds_the_features_of_6_0(self):
        root = self.make_tree({"Sources/A/A.swift": "func f() throws(E) {}\n"}, tools="5.10")
        status, output = self.run_script(root)
        self.assertEqual(status, 1, output)
        self.assertIn("typed throws", output)

    def test_comments_strings_and_tests_do_not_count(self):
        root = self.make_tree({
            "Sources/A/A.swift": (
                "// weak let owner = object\n/* nonisolated struct B {} /* nested */ */\n"
                'let text = "nonisolated struct B {} \\(name) weak let"\n'
                'let raw = #"weak let \\(x) "# + """\n  weak let\n  """\n'),
            "Tests/ATests/ATests.swift": "weak let owner = object\n",
        })
        status, output = self.run_script(root)
        self.assertEqual(status, 0, output)

    def test_interpolations_are_code_and_text_patterns_see_strings(self):
        root = self.make_tree({"Sources/A/A.swift": (
            'print("\\(make(x: 1, y: 2,)) and \\("nested")")\n'
            'print("Age: \\(age, default: "unknown")")\n')})
        status, output = self.run_script(root)
        self.assertEqual(status, 1, output)
        self.assertIn("A.swift:1: error: trailing commas", output)
        self.assertIn("A.swift:2: error: default values in string interpolations", output)

    def test_the_self_test_passes_and_fails_for_a_pattern_that_misses_its_example(self):
        status, output = self.run_script("--self-test")
        self.assertEqual(status, 0, output)
        table = SCRIPT.parent / "language-features.tsv"
        broken = table.read_text().replace(r"\bweak\s+let\b", r"\bweak\s+lett\b")
        self.assertNotEqual(broken, table.read_text())
        root = self.make_tree({"language-features.tsv": broken})
        status, output = self.run_script("--self-test", "--table", root / "language-features.tsv")
        self.assertEqual(status, 1, output)
        self.assertIn("SE-0481 `weak let`: the pattern does not find its example", output)

    def test_the_self_test_fails_for_a_pattern_that_finds_its_counter_example(self):
        table = SCRIPT.parent / "language-features.tsv"
        broken = table.read_text().replace(r"\bweak\s+let\b", r"\bweak\s+(?:let|var)\b")
        root = self.make_tree({"language-features.tsv": broken})
        status, output = self.run_script("--self-test", "--table", root / "language-features.tsv")
        self.assertEqual(status, 1, output)
        self.assertIn("SE-0481 `weak let`: the pattern finds its counter-example", output)


if __name__ == "__main__":
    unittest.main()
