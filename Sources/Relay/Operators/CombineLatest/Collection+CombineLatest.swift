extension Collection where Element: Publisher {
  /// Publishes an array of the latest value of every publisher in the collection whenever
  /// any of them publishes, once each has published at least one value.
  ///
  /// ```swift
  /// fields.map(\.$isValid).combineLatest().map { $0.allSatisfy { $0 } }
  ///   .assign(to: \.isEnabled, on: submitButton).store(in: &subscriptions)
  /// ```
  /// As `combineLatest` of two to four publishers does: it finishes when every publisher has
  /// finished and fails with the first failure. An empty collection finishes at once.
  /// - Returns: A publisher of arrays, in the collection's order.
  /// - Complexity: Builds a tree of `combineLatest`s about log₄ n deep.
  @inlinable
  public func combineLatest() -> AnyPublisher<[Element.Output], Element.Failure> {
    joinInGroupsOfFour(map { $0.map { [$0] }.eraseToAnyPublisher() }) { group in
      switch group.count {
      case 2: group[0].combineLatest(group[1]) { $0 + $1 }.eraseToAnyPublisher()
      case 3: group[0].combineLatest(group[1], group[2]) { $0 + $1 + $2 }.eraseToAnyPublisher()
      default:
        group[0].combineLatest(group[1], group[2], group[3]) { $0 + $1 + $2 + $3 }
          .eraseToAnyPublisher()
      }
    }
  }
}

extension Publisher {
  /// Publishes an array of the latest value of this publisher and of each of a collection of
  /// others whenever any of them publishes, once each has published at least one value.
  ///
  /// ```swift
  /// $title.combineLatest(with: [$subtitle, $footer]).map { $0.joined(separator: "\n") }
  /// ```
  /// - Parameter others: Publishers of the same values and failure.
  /// - Returns: A publisher of arrays: this publisher's value first, then the others'.
  @inlinable
  public func combineLatest<Others: Collection>(with others: Others)
    -> AnyPublisher<[Output], Failure>
  where
    Others.Element: Publisher, Others.Element.Output == Output, Others.Element.Failure == Failure
  {
    ([eraseToAnyPublisher()] + others.map { $0.eraseToAnyPublisher() }).combineLatest()
  }

  /// Publishes an array of the latest value of this publisher and of each of the others
  /// whenever any of them publishes, once each has published at least one value.
  ///
  /// ```swift
  /// $width.combineLatest(with: $height, $depth).map { $0.reduce(1, *) }
  /// ```
  /// - Parameter others: Publishers of the same type.
  /// - Returns: A publisher of arrays: this publisher's value first, then the others'.
  @inlinable
  public func combineLatest<Other: Publisher>(with others: Other...)
    -> AnyPublisher<[Output], Failure>
  where Other.Output == Output, Other.Failure == Failure {
    combineLatest(with: others)
  }
}
