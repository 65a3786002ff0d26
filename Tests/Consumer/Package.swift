// swift-tools-version: 6.0
// snippet.hide
// README.md, "Installation", shows this manifest, an app's package that depends on DiffValue.
// CI copies it into a folder beside a link named DiffValue to this clone, then builds and runs
// it (Scripts/check-installation.sh), so the path below resolves as it does for a reader.
// snippet.show
import PackageDescription

let package = Package(
  name: "App",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  dependencies: [
    .package(path: "../DiffValue")  // a clone of DiffValue beside your package
  ],
  targets: [
    .executableTarget(
      name: "App",
      dependencies: [.product(name: "DiffValue", package: "DiffValue")]),
    .testTarget(
      name: "AppTests",
      dependencies: ["App", .product(name: "DiffValueTesting", package: "DiffValue")]),
  ]
)
