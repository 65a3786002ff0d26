/// A type of object with a publisher that emits before the object has changed.
public protocol ObservableObject: AnyObject {
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where Self.ObjectWillChangePublisher.Failure == Never
  var objectWillChange: Self.ObjectWillChangePublisher { get }
}

extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
  public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// A publisher that publishes changes from observable objects.
final public class ObservableObjectPublisher: Publisher {
  public typealias Output = Void
  public typealias Failure = Never
  private let subject = PassthroughSubject<Void, Never>()

  public init() {}

  final public func receive<S>(subscriber: S)
  where S: Subscriber, S.Failure == Never, S.Input == Void {
    subject.receive(subscriber: subscriber)
  }

  final public func send() { subject.send(()) }
}

/// A type that publishes a property marked with an attribute.
@propertyWrapper public struct Published<Value> {
  private var subject: CurrentValueSubject<Value, Never>

  public init(wrappedValue: Value) { subject = CurrentValueSubject(wrappedValue) }

  public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError() }
    set { fatalError() }
  }

  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].subject.value }
    set { object[keyPath: storageKeyPath].subject.send(newValue) }
  }

  /// A publisher for properties marked with the `@Published` attribute.
  public struct Publisher: Combine.Publisher {
    public typealias Output = Value
    public typealias Failure = Never
    fileprivate var subject: CurrentValueSubject<Value, Never>

    public func receive<S>(subscriber: S)
    where Value == S.Input, S: Subscriber, S.Failure == Never {
      subject.receive(subscriber: subscriber)
    }

    mutating func attach<P: Combine.Publisher>(_ publisher: P)
    where P.Output == Value, P.Failure == Never {
      let subject = self.subject
      _ = publisher.sink { subject.send($0) }
    }
  }

  public var projectedValue: Published<Value>.Publisher {
    mutating get { Publisher(subject: subject) }
    set { subject = newValue.subject }
  }
}
