#!/usr/bin/env python3
"""Checks that every test file mirrors the source file it tests.

    Scripts/check-test-layout.py [--fix] [ROOT]

A test target `Tests/<Module>Tests` tests `Sources/<Module>`, and so does
`Tests/<Module>AppleTests`, its tests that run on Apple platforms only (real UIKit and AppKit
views: `Lists/UITableView+ListViewTests.swift` tests `Sources/DiffValue/Lists/UITableView+ListView.swift`).
Each of its files is
`<relative path>/<Base>Tests.swift` beside `Sources/<Module>/<relative path>/<Base>.swift`, or
`<Base>+<Topic>Tests.swift` for a second file on the same source from another angle
(`Publishers.ReceiveOn+SchedulerTests.swift` tests `Publishers.ReceiveOn.swift`). Two folders
of each test target are the documented exceptions:

- `Scenarios/`: suites that test no one file (stress, liveness, ported peer suites that span
  several operators, documentation examples, the tour); every file there is `…Tests.swift`.
- `Support/`: fixtures for that target alone; no `@Test` there.

Folders under `Tests/` that are not `<Module>Tests` of a module in `Sources/` (the stand-ins in
`Tests/AppleStandIns`, the support targets) are not checked.

Exits 1 naming each file out of place and the source it should mirror. When the source exists
under another folder of the module (it moved), the message gives the `git mv` that fixes it,
and `--fix` runs those moves.
"""
import argparse
import pathlib
import subprocess
import sys

EXCEPTION_FOLDERS = ("Scenarios", "Support")
SUFFIX = "Tests.swift"


def candidate_bases(stem):
    """`A+B+C` -> `A+B+C`, `A+B`, `A`: the source names a test stem may mirror, longest first."""
    parts = stem.split("+")
    return ["+".join(parts[:count]) for count in range(len(parts), 0, -1)]


def sources_by_name(module_root):
    """Maps a file name to every place in the module it appears."""
    found = {}
    for path in module_root.rglob("*.swift"):
        found.setdefault(path.name, []).append(path)
    return found


def check_test_file(test, target_root, module_root, names, root):
    """Returns (problem, move) for one test file; both None when it is in place."""
    relative = test.relative_to(target_root)
    shown = test.relative_to(root)
    if relative.parts[0] in EXCEPTION_FOLDERS:
        if relative.parts[0] == "Support":
            if "@Test" in test.read_text():
                return (f"{shown}: a support file holds tests; move them to the file that "
                        "mirrors their source, or to Scenarios/"), None
            return None, None
        if not test.name.endswith(SUFFIX):
            return f"{shown}: a file in Scenarios/ is named …{SUFFIX}", None
        return None, None
    if not test.name.endswith(SUFFIX):
        return (f"{shown}: not a test file name; name it <SourceFile>{SUFFIX} after the source "
                "it tests, or put fixtures in Support/"), None
    stem = test.name[: -len(SUFFIX)]
    folder = relative.parent
    bases = candidate_bases(stem)
    for base in bases:
        if (module_root / folder / f"{base}.swift").is_file():
            return None, None
    for base in bases:
        places = names.get(f"{base}.swift", [])
        if len(places) == 1:
            source = places[0]
            wanted = target_root / source.parent.relative_to(module_root) / test.name
            return (f"{shown}: its source is {source.relative_to(root)}, in another folder; "
                    f"mirror it: git mv {shown} {wanted.relative_to(root)}"), (test, wanted)
        if len(places) > 1:
            listed = ", ".join(str(place.relative_to(root)) for place in sorted(places))
            return (f"{shown}: {base}.swift is in several folders ({listed}); put the test "
                    "beside the folder of the one it tests"), None
    expected = (module_root / folder / f"{stem}.swift").relative_to(root)
    return (f"{shown}: mirrors no source file (there is no {expected}); name it after the "
            "file it tests, or move it to Scenarios/ if it tests no one file"), None


def module_of(target_root, root):
    """`Sources/<Module>` for `Tests/<Module>Tests`, and for `Tests/<Module>AppleTests` when
    there is no module `<Module>Apple`."""
    name = target_root.name[: -len("Tests")]
    module_root = root / "Sources" / name
    if not module_root.is_dir() and name.endswith("Apple") and len(name) > len("Apple"):
        return root / "Sources" / name[: -len("Apple")]
    return module_root


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fix", action="store_true", help="git mv the tests whose source moved")
    parser.add_argument("root", nargs="?", default=".")
    arguments = parser.parse_args()
    root = pathlib.Path(arguments.root).resolve()
    problems, moves, checked = [], [], 0
    for target_root in sorted(path for path in (root / "Tests").iterdir() if path.is_dir()):
        if not target_root.name.endswith("Tests"):
            continue  # the stand-ins and the support targets
        module_root = module_of(target_root, root)
        if not module_root.is_dir():
            problems.append(f"{target_root.relative_to(root)}: no module {module_root.name} in "
                            "Sources/ for this test target to mirror")
            continue
        names = sources_by_name(module_root)
        for test in sorted(target_root.rglob("*.swift")):
            checked += 1
            problem, move = check_test_file(test, target_root, module_root, names, root)
            if problem:
                problems.append(problem)
            if move:
                moves.append(move)
    if arguments.fix and moves:
        for test, wanted in moves:
            wanted.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["git", "mv", str(test), str(wanted)], cwd=root, check=True)
            print(f"moved {test.relative_to(root)} -> {wanted.relative_to(root)}")
        return main_after_fix(root)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        print(f"{len(problems)} of {checked} test files do not mirror Sources/", file=sys.stderr)
        return 1
    print(f"{checked} test files mirror Sources/ (or are in Scenarios/ or Support/)")
    return 0


def main_after_fix(root):
    """Checks again after the moves, without fixing."""
    return subprocess.run([sys.executable, __file__, str(root)]).returncode


if __name__ == "__main__":
    sys.exit(main())
