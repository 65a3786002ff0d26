#!/usr/bin/env python3
"""Lists the longest functions in Swift sources: declaration line through closing brace.

    Scripts/function-lengths.py [--max N] [--top K] PATH...

Counts every `func`, `init`, `deinit`, `subscript` and computed property or accessor body,
nested ones included (a nested function also counts inside its parent). Exits 1 if one is
longer than N lines (default 100). Braces inside strings and comments are ignored.
"""
import argparse
import pathlib
import re
import sys

DECLARATION = re.compile(
    r"^\s*(?:@[\w()., :\"*]+\s+)*(?:(?:public|internal|private|fileprivate|open|package|static|"
    r"class|final|override|mutating|nonmutating|convenience|required|nonisolated|isolated|"
    r"dynamic|lazy|weak|unowned)\s+)*(func\s+[^\s(<]+|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<]|"
    r"(?:var|let)\s+\w+\s*:[^=]*\{\s*$|(?:var|let)\s+\w+\s*:[^=]*\{)")


def strip(line, state):
    """Removes string and comment text from a line; `state` carries block comments across lines."""
    out = []
    i = 0
    while i < len(line):
        if state["block"]:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out)
            state["block"] = False
            i = end + 2
        elif line.startswith("//", i):
            break
        elif line.startswith("/*", i):
            state["block"] = True
            i += 2
        elif line.startswith('"""', i):
            state["string"] = not state["string"]
            i += 3
        elif state["string"]:
            i += 1
        elif line[i] == '"':
            end = i + 1
            while end < len(line) and line[end] != '"':
                end += 2 if line[end] == "\\" else 1
            i = end + 1
        else:
            out.append(line[i])
            i += 1
    return "".join(out)


def functions(path):
    lines = path.read_text().splitlines()
    state = {"block": False, "string": False}
    code = [strip(line, state) for line in lines]
    found = []
    for start, line in enumerate(code):
        match = DECLARATION.match(line)
        if not match:
            continue
        depth = 0
        opened = False
        for end in range(start, len(code)):
            for char in code[end]:
                if char == "{":
                    depth += 1
                    opened = True
                elif char == "}":
                    depth -= 1
            if opened and depth <= 0:
                break
            # A requirement or a stored property: no body before the next declaration.
            if not opened and end > start and (code[end].strip() == "" or DECLARATION.match(code[end])):
                end = None
                break
        if opened and end is not None:
            name = match.group(1).strip().rstrip("({<").strip()
            found.append((end - start + 1, f"{path}:{start + 1}", name))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--max", type=int, default=100)
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("paths", nargs="+")
    arguments = parser.parse_args()
    found = []
    for root in arguments.paths:
        root = pathlib.Path(root)
        for path in sorted([root] if root.is_file() else root.rglob("*.swift")):
            found += functions(path)
    found.sort(reverse=True)
    for length, place, name in found[: arguments.top]:
        print(f"{length:5d}  {place}  {name}")
    too_long = [item for item in found if item[0] > arguments.max]
    if too_long:
        print(f"{len(too_long)} function(s) longer than {arguments.max} lines", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
