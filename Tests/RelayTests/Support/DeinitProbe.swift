/// A value whose deinit runs a closure: to check that no operator releases a user's value
/// under its lock (the closure sends to or subscribes to the same pipeline).
final class DeinitProbe: @unchecked Sendable, CustomStringConvertible {
  let onDeinit: () -> Void
  let id: Int
  init(id: Int, onDeinit: @escaping () -> Void) {
    self.id = id
    self.onDeinit = onDeinit
  }
  deinit { onDeinit() }
  var description: String { "probe \(id)" }
}
