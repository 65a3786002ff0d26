extension Publisher {
  /// Publishes the value at a key path of each value.
  ///
  /// ```swift
  /// $state.map(\.userName).sink { print($0) }.store(in: &subscriptions)
  /// ```
  ///
  /// A key path to a stored property of a struct (`\.userName`, `\.profile.age`) is read at the
  /// property's offset, found once when the `map` is subscribed: a load per value, where a read
  /// through the key path calls into the runtime. Other key paths (computed properties, optional
  /// chaining, a step through a class) are read through the key path.
  /// - Parameter keyPath: The key path to read.
  /// - Returns: A publisher of the values read.
  @inlinable
  public func map<Result>(_ keyPath: KeyPath<Output, Result>)
    -> Publishers.MapKeyPath<Self, Result>
  {
    Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
  }
}

extension Publishers {
  /// A publisher of the value at a key path of each upstream value.
  ///
  /// As in Combine, its subscriber receives the upstream's own subscription, and its subscriber
  /// is named "ValueForKey".
  public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream
    /// The key path to read.
    public let keyPath: KeyPath<Upstream.Output, Output>

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are read.
    ///   - keyPath: The key path to read.
    @inlinable
    public init(upstream: Upstream, keyPath: KeyPath<Upstream.Output, Output>) {
      self.upstream = upstream
      self.keyPath = keyPath
    }

    /// Subscribes the reading subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: KeyPathReader(
          downstream: subscriber, reading: KeyPathRead(keyPath), name: "ValueForKey"))
    }
  }
}

/// The subscriber of a key-path `map`: it reads each value and passes everything else on.
@usableFromInline
struct KeyPathReader<Reading: KeyPathReading, Downstream: Subscriber>: Subscriber,
  CustomStringConvertible
where Downstream.Input == Reading.Value {
  @usableFromInline typealias Input = Reading.Root
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let downstream: Downstream
  @usableFromInline let reading: Reading
  /// `ValueForKey` or `ValueForKeys`, as Combine names the subscriber.
  @usableFromInline let description: String

  @inlinable
  init(downstream: Downstream, reading: Reading, name: String) {
    self.downstream = downstream
    self.reading = reading
    description = name
  }

  @inlinable
  func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(reading.read(input)) }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    downstream.receive(completion: completion)
  }
}

/// How a key-path `map` reads each value: one key path, or two or three into a tuple.
@usableFromInline
package protocol KeyPathReading {
  /// The values read.
  associatedtype Root
  /// What is read from each.
  associatedtype Value
  /// What the key paths read from `root`.
  func read(_ root: Root) -> Value
}

/// One key path, read through the offset of the stored property it names, when it names one.
///
/// A read through the key path itself calls into the runtime, which looks up generic metadata
/// on every call: about 570 instructions for a stored property of a struct, where the load at
/// its offset is a few. Key paths that name no stored property of `Root` (a computed property,
/// optional chaining, a step through a class reference) are read through the key path.
@usableFromInline
package struct KeyPathRead<Root, Value>: KeyPathReading {
  /// The key path.
  @usableFromInline package let keyPath: KeyPath<Root, Value>
  /// The stored property's byte offset in `Root`, or -1 when the key path names none.
  @usableFromInline package let offset: Int

  /// Finds the key path's offset, once (a `map`'s when it is subscribed, a `@Diff` part's when
  /// its selection is made).
  @inlinable
  package init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    offset = MemoryLayout<Root>.offset(of: keyPath) ?? -1
  }

  /// The value at the key path of `root`.
  @inlinable @inline(__always)
  package func read(_ root: Root) -> Value {
    guard offset >= 0 else { return root[keyPath: keyPath] }
    return withUnsafePointer(to: root) {
      (UnsafeRawPointer($0) + offset).assumingMemoryBound(to: Value.self).pointee
    }
  }
}

/// Two key paths, read into a tuple.
@usableFromInline
struct KeyPathReadPair<Root, Value0, Value1>: KeyPathReading {
  @usableFromInline let first: KeyPathRead<Root, Value0>
  @usableFromInline let second: KeyPathRead<Root, Value1>

  @inlinable
  init(_ first: KeyPath<Root, Value0>, _ second: KeyPath<Root, Value1>) {
    self.first = KeyPathRead(first)
    self.second = KeyPathRead(second)
  }

  @inlinable @inline(__always)
  func read(_ root: Root) -> (Value0, Value1) { (first.read(root), second.read(root)) }
}

/// Three key paths, read into a tuple.
@usableFromInline
struct KeyPathReadTriple<Root, Value0, Value1, Value2>: KeyPathReading {
  @usableFromInline let pair: KeyPathReadPair<Root, Value0, Value1>
  @usableFromInline let third: KeyPathRead<Root, Value2>

  @inlinable
  init(
    _ first: KeyPath<Root, Value0>, _ second: KeyPath<Root, Value1>,
    _ third: KeyPath<Root, Value2>
  ) {
    pair = KeyPathReadPair(first, second)
    self.third = KeyPathRead(third)
  }

  @inlinable @inline(__always)
  func read(_ root: Root) -> (Value0, Value1, Value2) {
    let (value0, value1) = pair.read(root)
    return (value0, value1, third.read(root))
  }
}
