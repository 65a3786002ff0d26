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
