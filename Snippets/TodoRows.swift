// snippet.hide
// DiffValue's article "SwiftUI and Observation" shows this file. It is SwiftUI code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in SwiftUI.
#if canImport(SwiftUI)
  import DiffValue
  import SwiftUI

  // snippet.show
  struct Todo: Identifiable, Equatable, Diffable, Sendable {
    let id: Int
    var title: String
    var done = false
  }

  @MainActor final class TodoList {
    @Diff var items = [Todo(id: 1, title: "Write"), Todo(id: 2, title: "Ship")]
  }

  struct TodoListView: View {
    let model: TodoList

    var body: some View {
      // Reads the identifiers: refreshed when a to-do arrives, leaves or moves, not when one
      // is edited.
      List(model.$items.ids, id: \.self) { id in
        TodoRow(model: model, id: id)
      }
    }
  }

  struct TodoRow: View {
    let model: TodoList
    let id: Todo.ID

    var body: some View {
      // Reads its own to-do: refreshed when it changes, and for no other row.
      if let todo = model.$items[id: id] {
        Toggle(
          todo.title,
          isOn: Binding(
            get: { todo.done },
            // Writes its own to-do where it lies: no copy of the array, one comparison.
            set: { @MainActor done in model.$items.update(id: id) { $0.done = done } }))
      }
    }
  }
// snippet.hide
#endif
