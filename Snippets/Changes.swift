// snippet.hide
// README.md, "Quick start", and DiffValue's "Getting started" show this file.
import DiffValue

struct State: EquatableWithIdentity {
  var a: Int
  var b: Int
  static var identity: State { State(a: 0, b: 0) }
}

final class Model {
  @Diff(\.a, \.b) var state: State
  var subscriptions = Set<AnyCancellable>()

  func observe() {
    // snippet.show
    // Each published transition: old value, new value, which selected parts changed.
    $state.changes.sink { change in
      if change.changed(\State.a) { print(change.old.a, "→", change.new.a) }
    }
    .store(in: &subscriptions)
    // snippet.hide
  }
}

let model = Model()
model.observe()
model.state.a = 1
