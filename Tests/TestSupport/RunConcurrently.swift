import Foundation

/// Runs `body` on `count` threads at once and waits for all of them.
public func runConcurrently(threads count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread.detachNewThread {
      body(index)
      group.leave()
    }
  }
  group.wait()
}
