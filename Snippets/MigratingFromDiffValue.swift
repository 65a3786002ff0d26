// snippet.hide
// DiffValue's article "Migrating from the original DiffValue" shows this file; the
// preconditions keep its comments true.
import DiffValue

// snippet.show
struct UserState: EquatableWithIdentity {
  let userName: String
  let email: String
  let password: String

  static var identity: UserState { UserState(userName: "", email: "", password: "") }
}

final class UserStore {
  @Diff(\.userName, \.email) var userState: UserState
  @Diff(value: UserState(userName: "", email: "", password: ""), \.userName, \.email)
  var explicitState: UserState
  @Diff() var wholeState: UserState  // no key paths: the whole value, with ==

  // A subscription lives as long as its AnyCancellable: keep it.
  var subscriptions = Set<AnyCancellable>()
  var received: [UserState] = []

  func start() {
    $userState.sink { [weak self] state in self?.received.append(state) }
      .store(in: &subscriptions)
  }
}

let store = UserStore()
store.start()  // receives the identity at once, as the original did
store.userState = UserState(userName: "zain", email: "", password: "")  // published
store.userState = UserState(userName: "zain", email: "", password: "secret")  // stored only
// snippet.hide
precondition(store.received.map(\.userName) == ["", "zain"])
precondition(store.userState.password == "secret")
// snippet.show

struct State: EquatableWithIdentity {
  let stringProperty: String
  let intProperty: Int

  static var identity: State { State(stringProperty: "", intProperty: 0) }
}

final class ExampleClass {
  @Diff(\.stringProperty, \.intProperty) var state1: State
  @Diff(\.intProperty) var state2: State
}

final class TestClass {
  let exampleClass = ExampleClass()
  var subscriptions = Set<AnyCancellable>()
  var strings: [String] = []

  init() {
    // The hook's handle may be ignored, as in the original: the hook lives as long as `self`.
    exampleClass.$state1.add(\.stringProperty, target: self, hook: .method(TestClass.observeString))

    // print and singleReplay as before; the lines printed are Combine's, as before.
    let replay1 = exampleClass.$state1.print("DiffStateReplay1").singleReplay()
    replay1.sink { _ in }.store(in: &subscriptions)
    replay1.sink { _ in }.store(in: &subscriptions)
  }

  private func observeString(_ stringValue: String) {
    strings.append(stringValue)
  }
}

let test = TestClass()  // the hook receives "" at once, the current value
test.exampleClass.state1 = State(stringProperty: "Hello world", intProperty: 0)  // "Hello world"
// snippet.hide
precondition(test.strings == ["", "Hello world"])
