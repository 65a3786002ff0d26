/// A publisher that starts producing only when told to, as Combine's `ConnectablePublisher`:
/// subscribers attach first, then `connect()` starts the work they share.
///
/// ```swift
/// let timer = DispatchQueue.main.timerPublisher(every: 1)
/// let ticks = timer.sink { print($0) }
/// let connection = timer.connect()  // the first tick comes one second from now
/// ```
///
/// `autoconnect()` connects at the first subscriber and disconnects when the last one leaves.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  /// Starts the publisher's work.
  ///
  /// - Returns: Stops the work when cancelled.
  func connect() -> any Cancellable
}

extension ConnectablePublisher {
  /// Connects when the first subscriber attaches, and cancels the connection when the last
  /// one cancels or completes.
  ///
  /// ```swift
  /// DispatchQueue.main.timerPublisher(every: 1).autoconnect().sink { print($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher that manages the connection itself.
  @inlinable
  public func autoconnect() -> Publishers.Autoconnect<Self> {
    Publishers.Autoconnect(upstream: self)
  }
}
