// snippet.hide
// README.md, "Quick start", and DiffValue's "Getting started" show this file.
import DiffValue

struct State: EquatableWithIdentity {
  var a: Int
  var b: Int
  static var identity: State { State(a: 0, b: 0) }
}

struct Person: Equatable {
  var name: String
}

struct Account: EquatableWithIdentity {
  var user: Person
  var friend: Person?
  static var identity: Account { Account(user: Person(name: ""), friend: nil) }
}

final class KeyPathsAndIdentity {
  // snippet.show
  @Diff(\.a, \.b) var state: State  // State: EquatableWithIdentity gives the default
  // snippet.hide
}

final class InitialValue {
  // snippet.show
  @Diff(\.a) var state = State(a: 1, b: 2)  // an initial value
  // snippet.hide
}

final class WholeValue {
  // snippet.show
  @Diff var state = State(a: 1, b: 2)  // no key paths: the whole value, with ==
  // snippet.hide
}

final class WholeValueFromIdentity {
  // snippet.show
  @Diff() var state: State  // the same, starting from State.identity
  // snippet.hide
}

final class ExplicitValue {
  // snippet.show
  @Diff(value: State(a: 1, b: 2), \.a, \.b) var state: State
  // snippet.hide
}

final class DiffableKeyPaths {
  // snippet.show
  @Diff(keyPaths: (\State.a).diffable, (\State.b).diffable) var state: State
  // snippet.hide
}

final class DiffableKeyPathArray {
  // snippet.show
  @Diff(keyPaths: [(\State.a).diffable]) var state: State
  // snippet.hide
}

final class NestedPaths {
  // snippet.show
  @Diff(\.user.name, \.friend?.name) var account: Account  // nested and optional-chained paths
  // snippet.hide
}

final class Selected {
  // snippet.show
  @Diff(\.user.name, select: { $0.friend?.name }) var account: Account  // the same, at full speed
  // snippet.hide
}
