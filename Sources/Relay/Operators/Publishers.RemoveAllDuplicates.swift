extension Publisher where Output: Hashable {
  /// Publishes only the values not published before, remembered in a set.
  ///
  /// ```swift
  /// visitedURLs.removeAllDuplicates().sink { prefetch($0) }.store(in: &subscriptions)
  /// ```
  /// Each subscription remembers every value it let through, for as long as it lasts.
  /// - Returns: A publisher of the first occurrence of each value.
  /// - Complexity: O(1) per value, and memory for every distinct value.
  @inlinable
  public func removeAllDuplicates() -> Publishers.RemoveAllDuplicates<Self> {
    Publishers.RemoveAllDuplicates(upstream: self) {
      var seen = Set<Output>()
      return { seen.insert($0).inserted }
    }
  }
}

extension Publisher where Output: Equatable {
  /// Publishes only the values not equal to any published before.
  ///
  /// ```swift
  /// answers.removeAllDuplicates().sink { record($0) }.store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of the first occurrence of each value.
  /// - Complexity: O(n) per value for n distinct values so far.
  @inlinable
  public func removeAllDuplicates() -> Publishers.RemoveAllDuplicates<Self> {
    removeAllDuplicates(by: ==)
  }
}

extension Publisher {
  /// Publishes only the values for which a comparison with every value published before
  /// finds no duplicate.
  ///
  /// ```swift
  /// people.removeAllDuplicates { $0.id == $1.id }.sink { greet($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter comparator: Whether a value published before (first argument) and a new
  ///   one (second) are duplicates.
  /// - Returns: A publisher of the first occurrence of each value.
  /// - Complexity: O(n) per value for n values published so far.
  @inlinable
  public func removeAllDuplicates(by comparator: @escaping (Output, Output) -> Bool)
    -> Publishers.RemoveAllDuplicates<Self>
  {
    Publishers.RemoveAllDuplicates(upstream: self) {
      var seen: [Output] = []
      return { value in
        guard !seen.contains(where: { comparator($0, value) }) else { return false }
        seen.append(value)
        return true
      }
    }
  }
}

extension Publishers {
  /// A publisher of the values of its upstream not published before, as CombineExt's
  /// `removeAllDuplicates` does.
  ///
  /// Each subscription starts with nothing seen (CombineExt shares what one publisher has
  /// seen among all its subscriptions). It filters with `Publishers.Filter`, so a duplicate
  /// is replaced by a request for one more value.
  public struct RemoveAllDuplicates<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose duplicates are removed.
    public let upstream: Upstream
    /// Makes, for one subscription, the test of whether a value is new.
    let makeIsNew: () -> (Output) -> Bool

    @usableFromInline
    init(upstream: Upstream, makeIsNew: @escaping () -> (Output) -> Bool) {
      self.upstream = upstream
      self.makeIsNew = makeIsNew
    }

    /// Subscribes the subscriber to the upstream filtered by a new memory of what it saw.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.filter(makeIsNew()).subscribe(subscriber)
    }
  }
}
