// snippet.hide
// README.md shows this file first: the app of Tests/Consumer, which CI builds and runs.
// snippet.show
import DiffValue

struct Profile: Equatable {
  var name = ""
  var email = ""
  var lastSeen = 0
}

final class ProfileModel {
  @Diff(\.name, \.email) var profile = Profile()  // published when name or email changes
}

let model = ProfileModel()
let subscription = model.$profile.sink { print("Show", $0.name) }  // prints "Show "
model.profile.name = "Ada"  // prints "Show Ada"
model.profile.lastSeen = 1  // stored, and nobody is told
