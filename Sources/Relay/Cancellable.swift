/// A type whose activity can be stopped.
public protocol Cancellable {
  /// Stops the activity and frees what it holds; calling it again does nothing.
  func cancel()
}
