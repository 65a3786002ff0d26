// snippet.hide
// Relay's article "Threads, order and cancellation" shows this file.
import Relay

struct Model {
  var title = ""
}

// snippet.show
let model = CurrentValueRelay(Model(), backlog: .keepingNewest(1))
// snippet.hide
model.send(Model(title: "new"))
precondition(model.value.title == "new")
