// snippet.hide
// README.md, "Quick start", and DiffValue's "Getting started" show this file.
import DiffValue

struct State: Equatable {
  var a = 0
  var b = 0
}

final class Model {
  @Diff(\.a, \.b) var state = State()

  func update() {
    // snippet.show
    // Several parts in one atomic read-modify-write, published at most once.
    $state.modify {
      $0.a = 1
      $0.b = 2
    }
    // snippet.hide
  }
}

let model = Model()
model.update()
precondition(model.state == State(a: 1, b: 2))
