// The fewest moves: among the matched items, a longest run that kept its relative order stays
// in place, and every other matched item moves.

/// Finds a longest increasing subsequence of the matched old offsets taken in new order.
///
/// Patience sorting with predecessor links, O(*k* log *k*) for *k* matched items (O(*k*) when
/// they are already in order). Unmatched positions hold a negative value and are skipped.
///
/// - Parameter oldIndexOfNew: For each new position, the old offset of its item or -1.
/// - Returns: For each new position, whether it ``_SubsequenceMark/staysInPlace``, and the
///   subsequence's length.
@inlinable
internal func _markLongestIncreasingSubsequence(
  oldIndexOfNew: UnsafeBufferPointer<Int32>
) -> (marks: [_SubsequenceMark], length: Int) {
  let count = oldIndexOfNew.count
  var marks = [_SubsequenceMark](repeating: .none, count: count)
  // tails[l] is the new offset ending the best increasing run of length l + 1 found so far,
  // and tailValues[l] its old offset: the binary search reads only this small, dense array.
  var tails: [Int32] = []
  var tailValues: [Int32] = []
  marks.withUnsafeMutableBufferPointer { marks in
    for newIndex in 0..<count {
      let value = oldIndexOfNew[newIndex]
      if value < 0 { continue }
      // Fast path: most items extend the longest run.
      if let last = tailValues.last {
        if last < value {
          marks[newIndex] = .after(tails[tails.count &- 1])
          tails.append(Int32(truncatingIfNeeded: newIndex))
          tailValues.append(value)
          continue
        }
      } else {
        tails.append(Int32(truncatingIfNeeded: newIndex))
        tailValues.append(value)
        continue
      }
      // Binary search for the first tail whose value exceeds `value` (values are distinct),
      // written without branches: in a shuffled list the comparisons are unpredictable.
      var low = 0
      var length = tailValues.count
      while length > 1 {
        let half = length &>> 1
        low = tailValues[low &+ half] < value ? low &+ half : low
        length &-= half
      }
      low &+= tailValues[low] < value ? 1 : 0
      if low > 0 { marks[newIndex] = .after(tails[low &- 1]) }
      tails[low] = Int32(truncatingIfNeeded: newIndex)
      tailValues[low] = value
    }
    // Walk back from the end of the longest run, marking its members.
    var member = tails.last.map { Int(truncatingIfNeeded: $0) }
    while let current = member {
      member = marks[current].predecessor
      marks[current] = .member
    }
  }
  return (marks, tails.count)
}
