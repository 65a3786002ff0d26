/// Where a field of `alignment` goes after `offset` bytes of others: `offset` rounded up to a
/// multiple of `alignment` (a power of two), as Swift lays out the stored properties of a struct
/// or a class, in declaration order.
///
/// For the code that reaches a field by address rather than through Swift: a relay's core in its
/// state machine, a sink's state, a `@Diff` property's machinery and snapshot slot.
@inlinable @inline(__always)
package func fieldOffset(after offset: Int, alignment: Int) -> Int {
  (offset + alignment - 1) & ~(alignment - 1)
}
