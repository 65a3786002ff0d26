// The list tour: `swift run ListTour`. A @Diff array drives a simulated list view that applies
// batch updates with UIKit's rules; each step prints the batches applied and what the view shows.
let keptAlive = runListTour()
