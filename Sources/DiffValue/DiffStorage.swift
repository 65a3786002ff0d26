/// What a `@Diff` property and its `$` publisher share: the relay that stores and publishes
/// the value, and the selection it compares.
@usableFromInline
final class DiffStorage<Value: Equatable>: @unchecked Sendable {
  // Immutable after init; the relay is thread-safe and `hooks` guards its own state.
  @usableFromInline let relay: CurrentValueRelay<Value>
  @usableFromInline let selection: DiffSelection<Value>
  @usableFromInline let hooks = HookRegistry()

  @inlinable
  init(value: Value, selection: DiffSelection<Value>) {
    self.selection = selection
    relay = CurrentValueRelay(value, removingDuplicatesBy: selection.isDuplicate())
  }
}
