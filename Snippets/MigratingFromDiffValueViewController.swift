// snippet.hide
// DiffValue's article "Migrating from the original DiffValue" shows this file. It is UIKit
// code: Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in UIKit.
#if canImport(UIKit)
  import DiffValue
  import UIKit

  struct UserState: EquatableWithIdentity {
    let userName: String
    let email: String
    let password: String

    static var identity: UserState { UserState(userName: "", email: "", password: "") }
  }

  // snippet.show
  final class ViewController: UIViewController {
    // MARK: - State

    @Diff(\.userName, \.email)
    var userState: UserState

    // MARK: - Lifecycle

    private var subscriptions = Set<AnyCancellable>()

    override func viewDidLoad() {
      super.viewDidLoad()
      // Called at once with the current state, then only when userName or email changes.
      $userState.sink { state in
        print("Listening to state changes: \(state)")
      }
      .store(in: &subscriptions)
    }
  }
// snippet.hide
#endif
