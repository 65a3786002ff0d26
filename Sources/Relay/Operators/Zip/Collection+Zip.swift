extension Collection where Element: Publisher {
  /// Publishes arrays made of the n-th value of every publisher in the collection, once
  /// each has published its n-th value.
  ///
  /// ```swift
  /// downloads.zip().sink { files in install(files) }.store(in: &subscriptions)
  /// ```
  /// As `zip` of two to four publishers does: it finishes when a publisher has finished and
  /// no value of its waits for a pair, and fails with the first failure. An empty collection
  /// finishes at once.
  /// - Returns: A publisher of arrays, in the collection's order.
  /// - Complexity: Builds a tree of `zip`s about log₄ n deep.
  @inlinable
  public func zip() -> AnyPublisher<[Element.Output], Element.Failure> {
    joinInGroupsOfFour(map { $0.map { [$0] }.eraseToAnyPublisher() }) { group in
      switch group.count {
      case 2: group[0].zip(group[1]) { $0 + $1 }.eraseToAnyPublisher()
      case 3: group[0].zip(group[1], group[2]) { $0 + $1 + $2 }.eraseToAnyPublisher()
      default:
        group[0].zip(group[1], group[2], group[3]) { $0 + $1 + $2 + $3 }.eraseToAnyPublisher()
      }
    }
  }
}

extension Publisher {
  /// Publishes arrays made of the n-th value of this publisher and of each of a collection of
  /// others, once each has published its n-th value.
  ///
  /// ```swift
  /// firstPage.zip(with: otherPages).map { $0.flatMap { $0 } }
  /// ```
  /// - Parameter others: Publishers of the same values and failure.
  /// - Returns: A publisher of arrays: this publisher's value first, then the others'.
  @inlinable
  public func zip<Others: Collection>(with others: Others) -> AnyPublisher<[Output], Failure>
  where
    Others.Element: Publisher, Others.Element.Output == Output, Others.Element.Failure == Failure
  {
    ([eraseToAnyPublisher()] + others.map { $0.eraseToAnyPublisher() }).zip()
  }

  /// Publishes arrays made of the n-th value of this publisher and of each of the others,
  /// once each has published its n-th value.
  ///
  /// ```swift
  /// left.zip(with: middle, right).sink { print($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter others: Publishers of the same type.
  /// - Returns: A publisher of arrays: this publisher's value first, then the others'.
  @inlinable
  public func zip<Other: Publisher>(with others: Other...) -> AnyPublisher<[Output], Failure>
  where Other.Output == Output, Other.Failure == Failure {
    zip(with: others)
  }
}
