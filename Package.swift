// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "DiffValue",
  // Synchronization's Mutex and Atomic set the floor on Apple platforms.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "DiffValue", targets: ["DiffValue"]),
    .library(name: "Relay", targets: ["Relay"]),
    .library(name: "ListDiffKit", targets: ["ListDiffKit"]),
  ],
  targets: [
    // The homemade reactive core: Combine's contract, no Combine.
    .target(name: "Relay"),
    // The list diff engine; imports nothing of the other modules.
    .target(name: "ListDiffKit"),
    // @Diff, key-path selection, hooks and the list adapter; re-exports the two above.
    .target(name: "DiffValue", dependencies: ["Relay", "ListDiffKit"]),

    // Shared by every test target: tracking subscribers, seeded randomness, simulated list views.
    .target(name: "TestSupport", dependencies: ["DiffValue"], path: "Tests/TestSupport"),
    .testTarget(name: "RelayTests", dependencies: ["Relay", "TestSupport"]),
    .testTarget(name: "ListDiffKitTests", dependencies: ["ListDiffKit", "TestSupport"]),
    .testTarget(
      name: "DiffValueTests", dependencies: ["DiffValue", "TestSupport", "TourScenarios"]),

    // The tours: `swift run Tour`. Their scenarios live in a library so tests can replay them.
    .target(name: "TourScenarios", dependencies: ["DiffValue"], path: "Playgrounds/TourScenarios"),
    .executableTarget(name: "Tour", dependencies: ["TourScenarios"], path: "Playgrounds/Tour"),
    .executableTarget(
      name: "ListTour", dependencies: ["DiffValue", "TestSupport"], path: "Playgrounds/ListTour"),

    // Release-mode benchmarks: `swift run -c release Benchmarks`.
    .executableTarget(name: "Benchmarks", dependencies: ["DiffValue"], path: "Benchmarks"),
  ]
)
