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
  // Both have room for every item, so they never grow; only the pages a run of that length
  // writes are touched.
  let tails = UnsafeMutablePointer<Int32>.allocate(capacity: Swift.max(count, 1))
  let tailValues = UnsafeMutablePointer<Int32>.allocate(capacity: Swift.max(count, 1))
  defer {
    tails.deallocate()
    tailValues.deallocate()
  }
  var length = 0
  marks.withUnsafeMutableBufferPointer { marks in
    for newIndex in 0..<count {
      let value = oldIndexOfNew[newIndex]
      if value < 0 { continue }
      // Fast path: most items extend the longest run.
      if length == 0 || tailValues[length &- 1] < value {
        if length > 0 { marks[newIndex] = .after(tails[length &- 1]) }
        tails[length] = Int32(truncatingIfNeeded: newIndex)
        tailValues[length] = value
        length &+= 1
        continue
      }
      // Binary search for the first tail whose value exceeds `value` (values are distinct),
      // written without branches: in a shuffled list the comparisons are unpredictable.
      var low = 0
      var span = length
      while span > 1 {
        let half = span &>> 1
        low = tailValues[low &+ half] < value ? low &+ half : low
        span &-= half
      }
      low &+= tailValues[low] < value ? 1 : 0
      if low > 0 { marks[newIndex] = .after(tails[low &- 1]) }
      tails[low] = Int32(truncatingIfNeeded: newIndex)
      tailValues[low] = value
    }
    // Walk back from the end of the longest run, marking its members.
    var member = length > 0 ? Int(truncatingIfNeeded: tails[length &- 1]) : nil
    while let current = member {
      member = marks[current].predecessor
      marks[current] = .member
    }
  }
  return (marks, length)
}
