#!/usr/bin/env python3
"""Prints the public declarations at the top level of the Swift files under each folder given
(those inside `#if` blocks too), one name a line: typecheck.sh compares Relay's with the
stand-in Combine's."""
import pathlib
import re
import sys

DECLARATION = re.compile(r"\s*(?:@\w+ )*(?:final )?public (?:final )?(?:class|struct|enum|protocol|typealias|actor) (\w+)")
names = set()
for folder in sys.argv[1:]:
    for path in pathlib.Path(folder).rglob("*.swift"):
        depth = 0
        for line in path.read_text().splitlines():
            code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line.split("//")[0])
            match = DECLARATION.match(code)
            if depth == 0 and match:
                names.add(match.group(1))
            depth += code.count("{") - code.count("}")
print("\n".join(sorted(names)))
