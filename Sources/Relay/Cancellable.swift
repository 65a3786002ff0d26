#if canImport(Combine)
  import Combine

  /// A type whose activity can be stopped: on platforms with Combine, Combine's own protocol.
  ///
  /// Relay's subscriptions and sinks are Combine cancellables there, so one
  /// `Set<AnyCancellable>` keeps Relay's and Combine's pipelines alike, and Combine's
  /// `store(in:)` stores both.
  public typealias Cancellable = Combine.Cancellable
#else
  /// A type whose activity can be stopped.
  public protocol Cancellable {
    /// Stops the activity and frees what it holds; calling it again does nothing.
    func cancel()
  }

  extension Cancellable {
    /// Keeps this cancellable, wrapped in a new `AnyCancellable`, in a set.
    ///
    /// - Parameter set: The set to insert into; dropping the set cancels it.
    public func store(in set: inout Set<AnyCancellable>) {
      AnyCancellable(self).store(in: &set)
    }

    /// Keeps this cancellable, wrapped in a new `AnyCancellable`, in a collection.
    ///
    /// - Parameter collection: The collection to append to, such as an array.
    public func store<C: RangeReplaceableCollection>(in collection: inout C)
    where C.Element == AnyCancellable {
      AnyCancellable(self).store(in: &collection)
    }
  }
#endif
