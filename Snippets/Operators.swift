// snippet.hide
// README.md, "Quick start", and DiffValue's "Getting started" show this file.
import DiffValue
import Dispatch

struct SignUpForm: EquatableWithIdentity {
  var email: String
  var password: String
  static var identity: SignUpForm { SignUpForm(email: "", password: "") }
}

final class Button {
  var isEnabled = false
}

final class SignUpScreen {
  @Diff(\.email, \.password) var form: SignUpForm
  let submitButton = Button()
  var subscriptions = Set<AnyCancellable>()

  func bind() {
    // snippet.show
    let email = $form.map(\.email).removeDuplicates()
      .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
    email.combineLatest($form.map(\.password)) { $0.contains("@") && $1.count >= 8 }
      .assign(to: \.isEnabled, onWeak: submitButton)
      .store(in: &subscriptions)
    // snippet.hide
  }
}

SignUpScreen().bind()
