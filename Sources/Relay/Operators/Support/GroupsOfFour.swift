/// Joins publishers of arrays into one, four at a time and level by level.
///
/// `join` gets two to four publishers and concatenates their arrays; levels repeat until one
/// publisher is left: how `combineLatest()` and `zip()` of a collection build on the operators
/// of two to four upstreams. An empty collection gives a publisher that finishes at once. The
/// tree is about log₄ n deep, so a value crosses that many operators.
@usableFromInline
func joinInGroupsOfFour<Output, Failure: Error>(
  _ publishers: [AnyPublisher<[Output], Failure>],
  with join: ([AnyPublisher<[Output], Failure>]) -> AnyPublisher<[Output], Failure>
) -> AnyPublisher<[Output], Failure> {
  var level = publishers
  while level.count > 1 {
    level = stride(from: 0, to: level.count, by: 4).map { start in
      let group = Array(level[start..<Swift.min(start + 4, level.count)])
      return group.count == 1 ? group[0] : join(group)
    }
  }
  return level.first ?? Empty().eraseToAnyPublisher()
}
