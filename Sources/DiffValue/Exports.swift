// `import DiffValue` is all a user writes: it brings the reactive core and the list diff engine.
@_exported import ListDiffKit

#if canImport(Combine)
  // Where Combine exists (Apple platforms), every file that imports SwiftUI sees it, and two
  // modules declaring one name make that name ambiguous. So DiffValue brings Combine itself,
  // and of Relay only the names Combine lacks: in a file that imports DiffValue, `Publisher`,
  // `AnyPublisher`, `Just`, `Subscribers`, ... are Combine's, as Apple's other frameworks
  // expect; `Cancellable` and `AnyCancellable` are Combine's in Relay too. Relay's namesakes
  // stay reachable as `Relay.AnyPublisher` with `import Relay`; the operators of DiffValue's
  // publishers are found either way. The article "Living beside Combine" tells the rule.
  @_exported import Combine
  import Relay
  @_exported import class Relay.CurrentValueRelay
  @_exported import class Relay.PassthroughRelay
  @_exported import class Relay.ReplayRelay
  @_exported import enum Relay.BacklogPolicy
  // CombineExt's names.
  @_exported import enum Relay.Event
  @_exported import protocol Relay.EventConvertible
  @_exported import enum Relay.ObjectOwnership
  @_exported import enum Relay.PrefixWhileBehavior
  @_exported import struct Relay.RelayToCombinePublisher
  @_exported import struct Relay.CombineToRelayPublisher
  @_exported import protocol Relay.RelayProtocol
  // combine-schedulers' names; `ImmediateScheduler` and `ConnectablePublisher` are Combine's.
  @_exported import struct Relay.AnyScheduler
  @_exported import typealias Relay.AnySchedulerOf
  @_exported import typealias Relay.ImmediateSchedulerOf
  @_exported import struct Relay.UIScheduler
  @_exported import struct Relay.UnimplementedScheduler
  @_exported import typealias Relay.UnimplementedSchedulerOf
#else
  @_exported import Relay
#endif
