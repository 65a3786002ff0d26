import DiffValue
import Dispatch

/// A sign-up form's fields.
public struct SignUpForm: EquatableWithIdentity {
  /// The email typed so far.
  public var email: String
  /// The password typed so far.
  public var password: String

  /// Creates a form.
  public init(email: String, password: String) {
    self.email = email
    self.password = password
  }

  /// The empty form.
  public static var identity: SignUpForm { SignUpForm(email: "", password: "") }
}

/// A sign-up screen written as a Combine user would: the submit button is enabled from the
/// email once typing pauses, combined with the password.
public final class SignUpScreen {
  /// Published when the email or the password changes.
  @Diff(\.email, \.password)
  public var form: SignUpForm

  /// Whether the submit button is enabled; each change is printed.
  public var isSubmitEnabled = false {
    didSet {
      output.line("Submit enabled: \(isSubmitEnabled)")
      updates.signal()
    }
  }

  /// Stands in for the main queue: keystrokes and the debounce timer take turns on it, as
  /// they do on the main thread.
  public let queue = DispatchQueue(label: "SignUpScreen")

  var subscriptions = Set<AnyCancellable>()
  let output: TourOutput
  let updates = DispatchSemaphore(value: 0)

  /// Creates the screen, writing to `output`.
  public init(output: TourOutput) { self.output = output }

  /// Binds the submit button to the form.
  public func bind() {
    let email = $form.map(\.email).removeDuplicates()
      .debounce(for: .milliseconds(300), scheduler: queue)
    let password = $form.map(\.password).removeDuplicates()
    email.combineLatest(password)
      .handleEvents(receiveOutput: { [output] email, password in
        output.line("Settled email \"\(email)\", password of \(password.count) characters")
      })
      .map { email, password in email.contains("@") && password.count >= 8 }
      .assign(to: \.isSubmitEnabled, onWeak: self)  // the screen owns the subscription
      .store(in: &subscriptions)
  }

  /// Types the email one keystroke after another, faster than the debounce interval.
  public func type(email keystrokes: [String]) {
    queue.sync {
      for text in keystrokes { form.email = text }
    }
  }

  /// Waits for the submit button's next update.
  public func waitForUpdate() {
    if updates.wait(timeout: .now() + 10) == .timedOut { output.line("(no update in 10 s)") }
  }
}
