import DiffValue
import Observation
import Relay

/// A profile whose name and email are published; `lastSeen` is stored quietly.
public struct Profile: Equatable, Sendable {
  /// Shown, and selected.
  public var name = ""
  /// Shown by its own `Text`, and selected.
  public var email = ""
  /// Not shown, not selected.
  public var lastSeen = 0
}

/// The view model a SwiftUI screen would read from.
public final class ProfileModel: @unchecked Sendable {
  // Its only state is the `@Diff` property, which is thread-safe.
  /// Published when `name` or `email` changes.
  @Diff(\.name, \.email) public var user = Profile()

  /// Creates it with an empty profile.
  public init() {}
}

/// Reads the model as two views would, the screen's `body` (the whole property) and a
/// `Text` (one part), each under `withObservationTracking` as SwiftUI reads them, and prints,
/// after each write, which of them were told.
public func runTrackedReads(output: TourOutput) {
  let model = ProfileModel()
  let told = Lock<[String]>.make([])
  func arm(_ view: String, _ read: () -> Void) {
    withObservationTracking(read) { told.withLock { $0.append(view) } }
  }
  let body = "the body reading model.user"
  let text = "the Text reading model.$user[\\.email]"
  func write(_ description: String, _ change: () -> Void) {
    change()
    let views = told.withLock { views in
      defer { views = [] }
      return views
    }
    output.line(
      "\(description): \(views.isEmpty ? "nobody told" : "told " + views.joined(separator: ", "))")
    // A told view is evaluated again, as SwiftUI does, and reads again.
    if views.contains(body) { arm(body) { _ = model.user } }
    if views.contains(text) { arm(text) { _ = model.$user[\.email] } }
  }
  arm(body) { _ = model.user }
  arm(text) { _ = model.$user[\.email] }
  write("model.user.lastSeen = 1") { model.user.lastSeen = 1 }
  write("model.user.name = \"Ada\"") { model.user.name = "Ada" }
  write("model.user.name = \"Ada\" again") { model.user.name = "Ada" }
  write("model.user.email = \"ada@example.com\"") { model.user.email = "ada@example.com" }
}

/// A to-do: an identifier, a title, whether it is done.
public struct Todo: Identifiable, Equatable, Diffable, Sendable {
  /// Its identity in the list.
  public let id: Int
  /// What to do.
  public var title: String
  /// Whether it is done.
  public var done = false
}

/// The view model of a to-do list screen.
public final class TodoModel: @unchecked Sendable {
  // Its only state is the `@Diff` property, which is thread-safe.
  /// The to-dos, in the order the list shows them.
  @Diff public var items = [
    Todo(id: 1, title: "Write"), Todo(id: 2, title: "Test"), Todo(id: 3, title: "Ship"),
  ]

  /// Creates it with three to-dos.
  public init() {}
}

/// Reads a to-do list as SwiftUI would: the list view reads the identifiers
/// (`model.$items.ids`) and each row its own to-do (`model.$items[id:]`), each under
/// `withObservationTracking`; prints, after each write, which views were told.
public func runTrackedRows(output: TourOutput) {
  let model = TodoModel()
  let told = Lock<[String]>.make([])
  func armList() {
    withObservationTracking {
      _ = model.$items.ids
    } onChange: {
      told.withLock { $0.append("the list") }
    }
  }
  func armRow(_ id: Int) {
    withObservationTracking {
      _ = model.$items[id: id]
    } onChange: {
      told.withLock { $0.append("row \(id)") }
    }
  }
  var shown = Set(model.$items.ids)
  func write(_ description: String, _ change: () -> Void) {
    change()
    let views = told.withLock { views in
      defer { views = [] }
      return views.sorted()
    }
    output.line(
      "\(description): \(views.isEmpty ? "nobody told" : "told " + views.joined(separator: ", "))")
    // Told views are evaluated again, as SwiftUI does: the list arms the rows that arrived.
    if views.contains("the list") {
      armList()
      let now = Set(model.$items.ids)
      for id in now.subtracting(shown) { armRow(id) }
      shown = now
    }
    for id in shown where views.contains("row \(id)") { armRow(id) }
  }
  armList()
  for id in shown { armRow(id) }
  write("model.$items.update(id: 2) { $0.done = true }") {
    model.$items.update(id: 2) { $0.done = true }
  }
  write("model.items[0].title = \"Write more\"") { model.items[0].title = "Write more" }
  write("model.items.insert(Todo(id: 4, title: \"Rest\"), at: 0)") {
    model.items.insert(Todo(id: 4, title: "Rest"), at: 0)
  }
  write("model.items.swapAt(1, 3)") { model.items.swapAt(1, 3) }
  write("model.items.sort { $0.id < $1.id }") { model.items.sort { $0.id < $1.id } }
  write("model.items = model.items (the same to-dos)") { model.items = model.items }
}
