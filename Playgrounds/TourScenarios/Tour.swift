import DiffValue

/// Runs the seed README's fully fledged example, then the `UserState`, property-hook and
/// sign-up form examples and the tracked reads of a SwiftUI screen, writing everything to
/// `output`.
///
/// - Returns: The subscriptions, which the caller keeps alive: cancelling them would make the
///   `print` operators log `receive cancel`, which the seed's transcript does not show.
public func runTour(output: TourOutput) -> [AnyObject] {
  var subscriptions = Set<AnyCancellable>()
  let exampleClass = ExampleClass()
  var modifiedState = State(stringProperty: "", intProperty: 0)

  // Set up the subscriptions: each state is printed once, then shared by two sinks.
  // State 1
  let relay1 = exampleClass.$state1
  let replay1 =
    relay1
    .print("DiffStateReplay1", to: output)
    .singleReplay()
  replay1.sink { _ in }.store(in: &subscriptions)
  replay1.sink { _ in }.store(in: &subscriptions)

  // State 2
  let relay2 = exampleClass.$state2
  let replay2 =
    relay2
    .print("DiffStateReplay2", to: output)
    .singleReplay()
  replay2.sink { _ in }.store(in: &subscriptions)
  replay2.sink { _ in }.store(in: &subscriptions)

  // State 3
  let relay3 = exampleClass.$state3
  let replay3 =
    relay3
    .print("DiffStateReplay3", to: output)
    .singleReplay()
  replay3.sink { _ in }.store(in: &subscriptions)
  replay3.sink { _ in }.store(in: &subscriptions)

  output.line(
    """
    -------------------------------------------------
    All Initial Sink Values should be established ✅
    -------------------------------------------------
    """)

  output.line(
    """
    -------------------------------------------------
    Beginning State 1 Modifications
    -------------------------------------------------
    """)

  // No modification: nothing should print.
  exampleClass.state1 = modifiedState
  output.line("Nothing should have printed 👀")

  // Only the string property changes: state 1 observes it.
  modifiedState = State(stringProperty: "Hello world", intProperty: 0)
  exampleClass.state1 = modifiedState

  // Only the int property changes: state 1 observes it too.
  modifiedState = State(stringProperty: "Hello world", intProperty: 10)
  exampleClass.state1 = modifiedState

  output.line(
    """
    -------------------------------------------------
    Beginning State 2 Modifications
    -------------------------------------------------
    """)

  // Only the string property changes: state 2 does not observe it.
  modifiedState = State(stringProperty: "Hello world", intProperty: 0)
  exampleClass.state2 = modifiedState
  output.line("Nothing should have printed 👀")

  // The int property changes: state 2 publishes.
  modifiedState = State(stringProperty: "Hello world", intProperty: 10)
  exampleClass.state2 = modifiedState

  output.line(
    """
    -------------------------------------------------
    Beginning State 3 Modifications
    -------------------------------------------------
    """)

  // Only the int property changes: state 3 does not observe it.
  modifiedState = State(stringProperty: "", intProperty: 10)
  exampleClass.state3 = modifiedState
  output.line("Nothing should have printed 👀")

  // The string property changes: state 3 publishes.
  modifiedState = State(stringProperty: "Hello world", intProperty: 10)
  exampleClass.state3 = modifiedState

  // Beyond the seed's transcript: the README's other two examples.
  output.line("")
  output.line("UserState: only userName and email are observed; a new password is stored quietly")
  let viewController = UserViewController(output: output)
  viewController.viewDidLoad()
  viewController.userState = UserState(userName: "zain", email: "", password: "")
  viewController.userState = UserState(userName: "zain", email: "zain@example.com", password: "")
  viewController.userState = UserState(
    userName: "zain", email: "zain@example.com", password: "hunter2")
  output.line("Password stored without publishing: \(viewController.userState.password)")

  output.line("")
  output.line("Property hook: TestClass.observeString runs for stringProperty changes only")
  let testClass = TestClass(output: output)
  testClass.exampleClass.state = State(stringProperty: "Hello hooks", intProperty: 0)
  testClass.exampleClass.state = State(stringProperty: "Hello hooks", intProperty: 42)
  testClass.exampleClass.state = State(stringProperty: "Goodbye hooks", intProperty: 42)

  output.line("")
  output.line("Sign-up form: submit follows the email once typing pauses, and the password")
  let signUp = SignUpScreen(output: output)
  signUp.bind()
  signUp.waitForUpdate()
  output.line("Typing the email: z, zain, zain@, zain@example.com")
  signUp.type(email: ["z", "zain", "zain@", "zain@example.com"])
  signUp.waitForUpdate()
  output.line("Typing the password: hunter22")
  signUp.form.password = "hunter22"
  signUp.waitForUpdate()

  output.line("")
  output.line("Observation: each view is told of the changes it shows, and of no other")
  runTrackedReads(output: output)
  output.line("")
  output.line("Observation by identity: the list is told of order, each row of its own to-do")
  runTrackedRows(output: output)

  return [exampleClass, replay1, replay2, replay3, viewController, testClass, signUp]
    + subscriptions.map { $0 as AnyObject }
}
