#!/usr/bin/env python3
"""Checks Relay's inlinability rule (Relay.docc/Internals.md, "Inlinability"; STYLE.md rule 15).

    Scripts/check-inlinability.py [--self-test] [ROOT]

Every public operator method (a `public func` that returns a publisher, declared directly in an
extension of `Publisher`, `ConnectablePublisher`, Combine's `Publisher`, `AnyPublisher`, a type
nested in `Publishers`, or a collection of publishers) and every publisher initializer (a
`public init` in such an extension, or in a public struct or class conforming to a `…Publisher`
protocol, nested in `Publishers` or not) only builds a value, so it is `@inlinable`. Lists the
ones that are not as file:line and exits 1. ROOT defaults to Sources/Relay, the bridges to
Apple's Combine in Sources/Relay/Combine included (Tests/AppleStandIns/typecheck.sh compiles
them).
"""
import importlib.util
import pathlib
import re
import sys

# The line without comments and string contents, as function-lengths.py reads Swift.
_spec = importlib.util.spec_from_file_location(
    "function_lengths", pathlib.Path(__file__).with_name("function-lengths.py"))
_function_lengths = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_function_lengths)
code = _function_lengths.strip

OPERATOR_HOST = re.compile(
    r"^\s*(?:public\s+)?extension\s+(?:(?:Relay\.|Combine\.)?(?:Connectable)?Publisher\b|"
    r"(?:Relay\.|Combine\.)?AnyPublisher\b|Publishers\.\w+|Collection\s+where\s+Element\s*:\s*Publisher)"
)
TYPE = re.compile(r"^\s*(?:@[\w()., :\"*]+\s+)*public\s+(?:final\s+)?(?:struct|class)\s+\w+")
PUBLISHER_TYPE = re.compile(r":[^{]*Publisher\b")
PUBLIC_FUNC = re.compile(r"^\s*(?:@[\w()., :\"*]+\s+)*public\s+(?:static\s+)?func\s")
PUBLIC_INIT = re.compile(r"^\s*(?:@[\w()., :\"*]+\s+)*public\s+(?:convenience\s+)?init[?!]?\s*[(<]")
OTHER_SCOPE = re.compile(
    r"^\s*(?:(?:public|private|fileprivate|internal|final|@usableFromInline)\s+)*"
    r"(?:extension|struct|class|enum|actor|protocol)\s"
)
RETURNS_PUBLISHER = re.compile(r"->\s*(?:some\s+|any\s+)?[\w.<>, ]*Publisher")


def inlinable(lines, index):
    """Whether the declaration at `index` carries `@inlinable` (on its line or the attributes above)."""
    if "@inlinable" in lines[index].split("func")[0].split("init")[0]:
        return True
    i = index - 1
    while i >= 0 and lines[i].strip().startswith("@"):
        if "@inlinable" in lines[i]:
            return True
        i -= 1
    return False


def header(lines, index):
    """The declaration's text from `index` up to its body's opening brace."""
    text = []
    for line in lines[index : index + 12]:
        text.append(line.split("{")[0])
        if "{" in line:
            break
    return " ".join(text)


def conformances(lines, index):
    """The type declaration's header without its generic parameters and `where` clause."""
    text = header(lines, index).split(" where ")[0]
    while re.search(r"<[^<>]*>", text):
        text = re.sub(r"<[^<>]*>", "", text)
    return text


def findings(name, text):
    """(name, line, declaration) for each declaration of `text` that breaks the rule."""
    lines = text.splitlines()
    state = {"block": False, "string": False}
    stack = []  # (kind, depth at which its body opens); kind: "host", "publisher", "other"
    depth = 0
    pending = None
    found = []
    for index, raw in enumerate(lines):
        line = code(raw, state)
        enclosing = stack[-1][0] if stack and stack[-1][1] == depth else None
        if pending is None:
            if OPERATOR_HOST.match(line):
                pending = "host"
            elif TYPE.match(line):
                pending = "publisher" if PUBLISHER_TYPE.search(conformances(lines, index)) else "other"
            elif OTHER_SCOPE.match(line):
                pending = "other"
        if enclosing == "host" and PUBLIC_FUNC.match(line):
            if RETURNS_PUBLISHER.search(header(lines, index)) and not inlinable(lines, index):
                found.append((name, index + 1, raw.strip()))
        if enclosing in ("host", "publisher") and PUBLIC_INIT.match(line) and not inlinable(lines, index):
            found.append((name, index + 1, raw.strip()))
        for character in line:
            if character == "{":
                depth += 1
                if pending is not None:
                    stack.append((pending, depth))
                    pending = None
            elif character == "}":
                if stack and stack[-1][1] == depth:
                    stack.pop()
                depth -= 1
    return found


SELF_TEST = '''
extension Publisher {
  /// Inlinable.
  @inlinable
  public func good() -> Publishers.Good<Self> { Publishers.Good(upstream: self) }

  /// Not inlinable.
  public func bad(_ x: Int)
    -> Publishers.Bad<Self>
  {
    Publishers.Bad(upstream: self)
  }

  /// Returns no publisher: out of the rule.
  public func sink() -> AnyCancellable { fatalError() }
}

extension Publishers {
  /// A publisher.
  public struct Good<Upstream: Publisher>: Publisher {
    /// Inlinable.
    @inlinable public init(upstream: Upstream) { self.upstream = upstream }
    /// Not an init: out of the rule.
    public func receive<S: Subscriber>(subscriber: S) { let s = "}" }
  }
  /// Another publisher.
  public struct Bad<Upstream: Publisher>: Publisher {
    public init(upstream: Upstream) { self.upstream = upstream }
  }
  /// Not a publisher: out of the rule.
  public struct Options: Equatable {
    public init() {}
  }
}

/// A publisher not nested in `Publishers`.
public final class Loose<Output>: Publisher {
  public init() {}
}

final class Machinery: Subscription {
  init() {}
  public func request() -> Publishers.Good<Int> { fatalError() }
}

extension AnyPublisher {
  /// Not inlinable: an initializer of a publisher in an extension.
  public init(factory: Int) { fatalError() }
}

/// A connectable publisher.
public final class Hub<Output>: ConnectablePublisher {
  @inlinable
  @_disfavoredOverload
  public init() {}
  public init(count: Int) {}
}
'''


def self_test():
    """Checks the checker on SELF_TEST: exactly the five declarations that break the rule."""
    got = [(line, declaration.split("(")[0]) for _, line, declaration in findings("t", SELF_TEST)]
    want = [
        (8, "public func bad"), (28, "public init"), (38, "public init"), (48, "public init"),
        (56, "public init"),
    ]
    if got != want:
        print(f"self-test failed: found {got}, expected {want}", file=sys.stderr)
        return 1
    print("check-inlinability self-test: ok (5 missing found, inlinable and out-of-rule ones pass)")
    return 0


def main(arguments):
    if "--self-test" in arguments:
        return self_test()
    paths = [argument for argument in arguments if not argument.startswith("-")]
    root = pathlib.Path(paths[0] if paths else "Sources/Relay")
    found = []
    count = 0
    for path in sorted(root.rglob("*.swift")):
        found += findings(str(path), path.read_text(encoding="utf-8"))
        count += 1
    for name, line, declaration in found:
        print(f"{name}:{line}: not @inlinable: {declaration}")
    if found:
        print(f"error: {len(found)} public operator methods or publisher initializers are not "
              "@inlinable (Relay.docc/Internals.md, Inlinability)", file=sys.stderr)
        return 1
    print(f"check-inlinability: every public operator method and publisher initializer of "
          f"{count} files is @inlinable")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
