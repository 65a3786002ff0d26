// snippet.hide
// DiffValue's article "Living beside Combine" shows this file. It is SwiftUI code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in SwiftUI.
#if canImport(SwiftUI)
  import DiffValue
  import SwiftUI

  struct Profile: Equatable {
    var name: String
    var email: String
    var lastSeen: Double
  }

  // snippet.show
  @MainActor @Observable final class ProfileModel {
    // @Observable rejects property wrappers it would track itself: @Diff is tracked by its
    // selected parts, so it is @ObservationIgnored.
    @ObservationIgnored @Diff(\.name, \.email) var profile = Profile(
      name: "", email: "", lastSeen: 0)
    var greeting = ""
  }

  struct ProfileView: View {
    @State private var model = ProfileModel()

    var body: some View {
      VStack {
        Text(model.profile.name)
        Text(model.greeting)
        Button("Rename") { model.profile.name = "Ada" }
      }
      // SwiftUI's onReceive, given a DiffValue publisher: called on each published change.
      .onReceive(model.$profile) { profile in model.greeting = "Hello, \(profile.name)" }
    }
  }
// snippet.hide
#endif
