import DiffValue

/// The seed's sign-up form: only the user name and the email matter to the screen.
public struct UserState: EquatableWithIdentity {
  /// The name the user picked; observed.
  public let userName: String
  /// The user's email; observed.
  public let email: String
  /// The password; stored, not observed.
  public let password: String

  /// Creates a state.
  public init(userName: String, email: String, password: String) {
    self.userName = userName
    self.email = email
    self.password = password
  }

  /// The empty form.
  public static var identity: UserState { UserState(userName: "", email: "", password: "") }
}

/// A stand-in for the seed's view controller.
public final class UserViewController {
  /// Published when `userName` or `email` changes; a new password alone is stored silently.
  @Diff(\.userName, \.email)
  public var userState: UserState

  var subscriptions = Set<AnyCancellable>()
  let output: TourOutput

  /// Creates the controller, writing to `output`.
  public init(output: TourOutput) { self.output = output }

  /// Starts listening, as the seed's `viewDidLoad` does.
  public func viewDidLoad() {
    $userState.sink { [output] state in
      output.line("Listening to state changes: \(state)")
    }.store(in: &subscriptions)
  }
}
