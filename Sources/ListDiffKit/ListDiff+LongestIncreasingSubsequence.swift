// The fewest moves: among the matched items, a longest run that kept its relative order stays
// in place, and every other matched item moves.

/// Finds a longest increasing subsequence of the matched old offsets taken in new order.
///
/// Patience sorting with predecessor links, O(*k* log *k*) for *k* matched items (O(*k*) when
/// they are already in order), then one backward sweep that marks the members. Unmatched
/// positions hold a negative value and are skipped.
///
/// - Parameter oldIndexOfNew: For each new position, the old offset of its item or -1; the
///   offsets are distinct.
/// - Returns: For each new position, whether it ``_SubsequenceMark/staysInPlace``, and the
///   subsequence's length.
@inlinable
internal func _markLongestIncreasingSubsequence(
  oldIndexOfNew: UnsafeBufferPointer<Int32>
) -> (marks: [_SubsequenceMark], length: Int) {
  let count = oldIndexOfNew.count
  var marks = [_SubsequenceMark](repeating: .none, count: count)
  // tailValues[l] is the old offset ending the best increasing run of length l + 1 found so
  // far: the binary search reads only this small, dense array. It has room for every item, so
  // it never grows; only the pages a run of that length writes are touched. Each item's mark
  // holds the old offset its best run continues (not the position: the values are distinct,
  // so the sweep at the end finds each position again, and no second array is needed).
  let tailValues = UnsafeMutablePointer<Int32>.allocate(capacity: Swift.max(count, 1))
  defer { tailValues.deallocate() }
  var length = 0
  // The position of the item last written at the end of the longest run.
  var end = -1
  marks.withUnsafeMutableBufferPointer { marks in
    for newIndex in 0..<count {
      let value = oldIndexOfNew[newIndex]
      if value < 0 { continue }
      // Fast path: most items extend the longest run.
      if length == 0 || tailValues[length &- 1] < value {
        if length > 0 { marks[newIndex] = .after(tailValues[length &- 1]) }
        tailValues[length] = value
        length &+= 1
        end = newIndex
        continue
      }
      // Binary search for the first tail whose value exceeds `value`, written without
      // branches: in a shuffled list the comparisons are unpredictable, half of them
      // mispredicted. A conditional expression would be compiled back into a branch, so each
      // step loads its next `low` from a pair indexed by the comparison's bit.
      var low = 0
      var span = length
      while span > 1 {
        let half = span &>> 1
        var choices = (low, low &+ half)
        let step = _isBelow(tailValues[low &+ half], value)
        low = withUnsafeBytes(of: &choices) {
          $0.load(fromByteOffset: step &* MemoryLayout<Int>.stride, as: Int.self)
        }
        span &-= half
      }
      low &+= _isBelow(tailValues[low], value)
      if low > 0 { marks[newIndex] = .after(tailValues[low &- 1]) }
      tailValues[low] = value
      if low == length &- 1 { end = newIndex }
    }
    // Walk back from the end of the longest run, marking its members: each predecessor is the
    // nearest earlier position holding the old offset its successor's mark names.
    var position = end
    while position >= 0 {
      let predecessor = marks[position].predecessor
      marks[position] = .member
      guard let predecessor else { break }
      let value = Int32(truncatingIfNeeded: predecessor)
      repeat { position &-= 1 } while oldIndexOfNew[position] != value
    }
  }
  return (marks, length)
}

/// 1 when `tail` is below `value`, 0 otherwise, read from the sign of their difference rather
/// than compared: both are offsets below 2^29, so the difference cannot overflow.
@inlinable @inline(__always)
internal func _isBelow(_ tail: Int32, _ value: Int32) -> Int {
  Int(truncatingIfNeeded: UInt32(bitPattern: tail &- value) &>> 31)
}
