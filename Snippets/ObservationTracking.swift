// snippet.hide
// DiffValue's "SwiftUI and Observation" article shows this file.
import DiffValue
import Observation

struct User: Equatable, Sendable {
  var name = ""
  var email = ""
  var lastSeen = 0
}

/// Counts what a tracked read was told, as SwiftUI counts the times it re-evaluates a body.
@MainActor final class Refreshes {
  var count = 0
}

// snippet.show
// Any class: no @Observable needed. Changes of `lastSeen` are stored, not published.
final class ProfileModel: @unchecked Sendable {
  @Diff(\.name, \.email) var user = User()
}

// In an @Observable class, mark the wrapped property @ObservationIgnored: the macro cannot
// wrap a property that already has a wrapper, and the property tracks itself.
@Observable final class ProfileScreen {
  @ObservationIgnored @Diff(\.name, \.email) var user = User()
  var isEditing = false
}

@MainActor func showProfile(_ model: ProfileModel, refreshes: Refreshes) {
  // What SwiftUI does for `body`: read under tracking, refresh when told.
  withObservationTracking {
    print("Showing", model.user.name)
  } onChange: {
    Task { @MainActor in refreshes.count += 1 }
  }
}
// snippet.hide

@MainActor func run() async {
  let model = ProfileModel()
  let refreshes = Refreshes()
  // snippet.show
  showProfile(model, refreshes: refreshes)  // prints "Showing "
  model.user.lastSeen = 1  // not selected: nobody is told
  model.user.name = "Ada"  // selected: the tracked read is told, once
  // snippet.hide
  for _ in 0..<100 where refreshes.count == 0 { try? await Task.sleep(for: .milliseconds(1)) }
  precondition(refreshes.count == 1)

  // snippet.show

  // One part, tracked for that part alone: told when the email changes, not the name.
  withObservationTracking {
    print("Email:", model.$user[\.email])
  } onChange: {
    print("the email changed")
  }
  model.user.name = "Grace"  // prints nothing
  model.user.email = "grace@example.com"  // prints "the email changed"

  // UIKit and AppKit: re-run on the main actor after each change of what the closure read.
  let token = observe {
    print("Label:", model.user.name)  // prints "Label: Grace" at once
  }
  model.user.name = "Barbara"  // prints "Label: Barbara" on the main actor's next turn
  // snippet.hide
  try? await Task.sleep(for: .milliseconds(20))
  token.cancel()
  let screen = ProfileScreen()
  screen.user.name = "Katherine"
  precondition(!screen.isEditing && screen.user.name == "Katherine")
}

await run()
