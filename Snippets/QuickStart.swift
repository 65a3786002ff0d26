// snippet.hide
// README.md, "Quick start", and DiffValue's "Getting started" show this file: it is built
// with the package, and Scripts/check-doc-snippets.py keeps the documents in step with it.
// snippet.show
import DiffValue

struct UserState: EquatableWithIdentity {
  var userName: String
  var email: String
  var password: String
  static var identity: UserState { UserState(userName: "", email: "", password: "") }
}

final class SignUpModel {
  // Published only when userName or email changes; a new password is stored quietly.
  @Diff(\.userName, \.email) var userState: UserState
  var subscriptions = Set<AnyCancellable>()

  func bind() {
    $userState.sink { print("Listening to state changes: \($0)") }
      .store(in: &subscriptions)
    $userState.map(\.email).removeDuplicates()
      .sink { [weak self] in self?.validate(email: $0) }
      .store(in: &subscriptions)
  }

  func validate(email: String) {
    print("Email is valid:", email.contains("@"))
  }
}

let model = SignUpModel()
model.bind()  // prints the state, then "Email is valid: false"
model.userState.email = "zain@example.com"  // prints the state, then "Email is valid: true"
model.userState.password = "secret"  // stored, published to nobody
// snippet.hide
precondition(model.userState.password == "secret")
