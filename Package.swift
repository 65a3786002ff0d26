// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "DiffValue",
  // The floor SwiftUI's Observation sets (`@Diff` takes part in it). The package keeps its own
  // lock and atomics (`RelayAtomics`) rather than Synchronization's, which would need iOS 18 /
  // macOS 15; `Tests/AppleStandIns/typecheck.sh` fails on a use of an API newer than this.
  // (The package is built and tested on Linux only; no Apple platform has built it.)
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "DiffValue", targets: ["DiffValue"]),
    .library(name: "Relay", targets: ["Relay"]),
    .library(name: "ListDiffKit", targets: ["ListDiffKit"]),
    // For users' own tests: a simulated list view with UIKit's rules, a recording subscriber.
    .library(name: "DiffValueTesting", targets: ["DiffValueTesting"]),
  ],
  targets: [
    // The homemade reactive core: Combine's contract, no Combine.
    .target(name: "Relay", dependencies: ["RelayAtomics"]),
    // C11 atomics for Relay and DiffValue: `static inline` functions in a header, no library.
    .target(name: "RelayAtomics"),
    // The list diff engine; imports nothing of the other modules.
    .target(name: "ListDiffKit"),
    // @Diff, key-path selection, hooks and the list adapter; re-exports the two above.
    .target(name: "DiffValue", dependencies: ["Relay", "ListDiffKit"]),
    // Test support users can ship in their test targets: no XCTest, no Testing.
    .target(name: "DiffValueTesting", dependencies: ["DiffValue"]),

    // Test support for every test target, importing no module of the package: seeded
    // randomness, locks, threads, deadlines, a line recorder.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // Test support on Relay: the tracking subscriber.
    .target(
      name: "RelayTestSupport", dependencies: ["Relay", "TestSupport"],
      path: "Tests/RelayTestSupport"),
    // Items, colliding keys and an independent verifier for list diff tests.
    .target(
      name: "ListDiffTestSupport", dependencies: ["ListDiffKit"], path: "Tests/ListDiffTestSupport"
    ),
    // List screens' lives (changes, waits, the user's moves, releases) replayed on a list view:
    // on `SimulatedListView` in DiffValueTestingTests, on real UIKit and AppKit views in
    // DiffValueAppleTests, which must show what the simulated view shows.
    .target(
      name: "ListScenarios",
      dependencies: ["DiffValue", "DiffValueTesting", "ListDiffTestSupport"],
      path: "Tests/ListScenarios"),
    // The concurrency model: seeded random operations from many threads, each subscriber's
    // log checked against the writers' commit log. Its tests are in DiffValueTests; the soak
    // runs it for minutes: `swift run -c release ConcurrencySoak --minutes 10`.
    .target(
      name: "ConcurrencyModel", dependencies: ["DiffValue", "TestSupport"],
      path: "Tests/ConcurrencyModel"),
    .executableTarget(
      name: "ConcurrencySoak", dependencies: ["ConcurrencyModel", "TestSupport"],
      path: "Tests/ConcurrencySoak"),
    .testTarget(name: "RelayTests", dependencies: ["Relay", "TestSupport", "RelayTestSupport"]),
    .testTarget(
      name: "ListDiffKitTests", dependencies: ["ListDiffKit", "TestSupport", "ListDiffTestSupport"]),
    .testTarget(
      name: "DiffValueTests",
      dependencies: [
        "DiffValue", "DiffValueTesting", "TestSupport", "RelayTestSupport", "ListDiffTestSupport",
        "TourScenarios", "ConcurrencyModel",
      ]),
    .testTarget(
      name: "DiffValueTestingTests",
      dependencies: ["DiffValueTesting", "TestSupport", "ListDiffTestSupport", "ListScenarios"]),
    // Real UIKit and AppKit views, Combine and SwiftUI: runs on a Mac (`swift test`, and
    // `xcodebuild test` on an iOS simulator: Scripts/check-apple.sh). Every file is guarded by
    // `#if canImport(...)`, so on Linux the target is empty and `swift test` runs nothing of it;
    // Tests/AppleStandIns/typecheck.sh type-checks it against the stand-ins there.
    .testTarget(
      name: "DiffValueAppleTests",
      dependencies: ["DiffValue", "DiffValueTesting", "Relay", "ListScenarios"]),

    // The tours: `swift run Tour`. Their scenarios live in a library so tests can replay them.
    .target(
      name: "TourScenarios", dependencies: ["DiffValue", "Relay"],
      path: "Playgrounds/TourScenarios"),
    .executableTarget(name: "Tour", dependencies: ["TourScenarios"], path: "Playgrounds/Tour"),
    .executableTarget(
      name: "ListTour", dependencies: ["DiffValue", "DiffValueTesting"],
      path: "Playgrounds/ListTour"),

    // Release-mode benchmarks: `swift run -c release Benchmarks`. The list diffs are timed in a
    // library of their own that sees only ListDiffKit's public API, as a user's module does.
    .target(
      name: "ListDiffBenchmarks", dependencies: ["ListDiffKit"],
      path: "Benchmarks/ListDiffBenchmarks"),
    // Counts allocations for the footprint group: on Linux it replaces malloc in the
    // Benchmarks process (and nowhere else), forwarding to glibc.
    .target(name: "MallocCounter", path: "Benchmarks/MallocCounter"),
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["DiffValue", "DiffValueTesting", "ListDiffBenchmarks", "MallocCounter"],
      path: "Benchmarks", exclude: ["ListDiffBenchmarks", "MallocCounter"]),
  ]
)
