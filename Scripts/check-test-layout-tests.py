#!/usr/bin/env python3
"""Tests of Scripts/check-test-layout.py on small trees made for each case.

    python3 Scripts/check-test-layout-tests.py
"""
import pathlib
import subprocess
import sys
import tempfile
import unittest

SCRIPT = pathlib.Path(__file__).resolve().parent / "check-test-layout.py"


class CheckTestLayoutTests(unittest.TestCase):
    def make_tree(self, files):
        """A git checkout holding `files` (each path gets a line of text) under a temporary root."""
        root = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory()))
        for name in files:
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("@Test func example() {}\n" if "Tests/" in name else "struct A {}\n")
        git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t"]
        subprocess.run(git + ["init", "-q"], check=True)
        subprocess.run(git + ["add", "-A"], check=True)
        subprocess.run(git + ["commit", "-qm", "tree"], check=True)
        return root

    def check(self, root, *options):
        run = subprocess.run(
            [sys.executable, str(SCRIPT), *options, str(root)], capture_output=True, text=True)
        return run.returncode, run.stdout + run.stderr

    def expect_problems(self, files, *messages):
        """Checks a tree of `files` and expects a failure whose output holds every message."""
        status, output = self.check(self.make_tree(files))
        self.assertEqual(status, 1, output)
        for message in messages:
            self.assertIn(message, output)

    def test_mirrored_files_and_topics_pass(self):
        root = self.make_tree([
            "Sources/Relay/Operators/Publishers.Map.swift",
            "Sources/Relay/Diff+KeyPaths.swift",
            "Tests/RelayTests/Operators/Publishers.MapTests.swift",
            "Tests/RelayTests/Operators/Publishers.Map+OpenCombineTests.swift",
            "Tests/RelayTests/Diff+KeyPathsTests.swift",
            "Tests/RelayTests/Diff+KeyPaths+StressTests.swift",
            "Tests/RelayTests/Scenarios/StressTests.swift",
            "Tests/TestSupport/Locked.swift",
            "Tests/AppleStandIns/UIKit/UIKit.swift",
            # An Apple test target mirrors its module too.
            "Sources/DiffValue/Lists/UITableView+ListView.swift",
            "Tests/DiffValueAppleTests/Lists/UITableView+ListViewTests.swift",
            "Tests/DiffValueAppleTests/Scenarios/SwiftUIHostingTests.swift",
        ])
        status, output = self.check(root)
        self.assertEqual(status, 0, output)
        self.assertIn("7 test files mirror", output)

    def test_a_test_of_no_source_is_named_with_what_was_looked_for(self):
        self.expect_problems(
            ["Sources/Relay/Operators/Publishers.Map.swift",
             "Tests/RelayTests/Operators/MapTests.swift",
             "Sources/DiffValue/Lists/ListView.swift",
             "Tests/DiffValueAppleTests/Lists/TableViewTests.swift"],
            "Tests/RelayTests/Operators/MapTests.swift: mirrors no source file",
            "there is no Sources/Relay/Operators/Map.swift",
            "there is no Sources/DiffValue/Lists/TableView.swift")

    def test_a_moved_source_gets_the_move_and_fix_makes_it(self):
        root = self.make_tree([
            "Sources/Relay/Operators/Debounce/Publishers.Debounce.swift",
            "Tests/RelayTests/Operators/Publishers.DebounceTests.swift",
            "Tests/RelayTests/Operators/Publishers.Debounce+TimingTests.swift",
        ])
        status, output = self.check(root)
        self.assertEqual(status, 1)
        self.assertIn(
            "git mv Tests/RelayTests/Operators/Publishers.DebounceTests.swift "
            "Tests/RelayTests/Operators/Debounce/Publishers.DebounceTests.swift", output)
        status, output = self.check(root, "--fix")
        self.assertEqual(status, 0, output)
        self.assertTrue(
            (root / "Tests/RelayTests/Operators/Debounce/Publishers.Debounce+TimingTests.swift")
            .is_file())

    def test_tests_in_support_and_a_target_without_a_module_fail(self):
        self.expect_problems(
            ["Sources/Relay/Just.swift", "Tests/RelayTests/Support/Fixture.swift",
             "Tests/OtherTests/JustTests.swift", "Tests/AppleTests/JustTests.swift"],
            "Tests/RelayTests/Support/Fixture.swift: a support file holds tests",
            "Tests/OtherTests: no module Other in Sources/",
            "Tests/AppleTests: no module Apple in Sources/")

    def test_a_file_not_named_for_tests_fails(self):
        self.expect_problems(
            ["Sources/Relay/Just.swift", "Tests/RelayTests/Helpers.swift"],
            "Tests/RelayTests/Helpers.swift: not a test file name")


if __name__ == "__main__":
    unittest.main()
