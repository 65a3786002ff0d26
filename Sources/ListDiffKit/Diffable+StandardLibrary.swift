// Standard library values that are their own identity, so that lists of them diff directly:
// `ListDiff(old: ["a", "b"], new: ["b", "c"])`. Their content is the value, so they never
// update, only move, insert and delete.

extension String: Diffable {}
extension Substring: Diffable {}
extension Character: Diffable {}
extension Bool: Diffable {}
extension Int: Diffable {}
extension Int8: Diffable {}
extension Int16: Diffable {}
extension Int32: Diffable {}
extension Int64: Diffable {}
extension UInt: Diffable {}
extension UInt8: Diffable {}
extension UInt16: Diffable {}
extension UInt32: Diffable {}
extension UInt64: Diffable {}
