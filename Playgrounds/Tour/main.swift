// The tour: `swift run Tour`. It prints the seed README's fully fledged example line for line,
// then the README's UserState and property-hook examples and a sign-up form with operators.
import TourScenarios

// Kept for the life of the program, as an app keeps its subscriptions.
let keptAlive = runTour(output: .standardOutput)
