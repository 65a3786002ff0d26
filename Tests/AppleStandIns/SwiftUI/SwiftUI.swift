// A stand-in for SwiftUI, for type-checking DiffValue's `#if canImport(SwiftUI)` code and the
// documentation's SwiftUI examples on Linux.
//
// It declares only what they use, with the shapes of the iOS 18 / macOS 15 SDKs as Apple
// documents them: `View`, its members and the view builder are `@MainActor`, except where
// Apple's are `nonisolated` and the package or its examples use them (the initializers of
// `Text`, `VStack` and `Button`, `onReceive`: as strict as the SDK, no stricter), state
// wrappers are dynamic properties, and, like the real framework, it re-exports Combine,
// Foundation and Observation (which is why every SwiftUI file sees Combine's names). The
// bodies never run, so the views store nothing. A build against the real SDK on an Apple
// platform is still the final word. check-standin-facts.py checks the facts the package relies
// on against standin-facts.tsv, each with the Apple documentation page it comes from.
@_exported import Combine
@_exported import Foundation
@_exported import Observation

/// A type that represents part of your app's user interface.
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

/// A custom parameter attribute that constructs views from closures.
@MainActor @preconcurrency @resultBuilder
public struct ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
    (repeat each Content)
  > {
    TupleView((repeat each content))
  }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
}

extension Optional: View where Wrapped: View {
  public var body: Never { fatalError() }
}

/// A view that doesn't contain any content.
@frozen public struct EmptyView: View {
  public init() {}
  public var body: Never { fatalError() }
}

/// A View created from a swift tuple of View values.
@frozen public struct TupleView<T>: View {
  public var value: T
  public init(_ value: T) { self.value = value }
  public var body: Never { fatalError() }
}

/// A view that displays one or more lines of read-only text.
@frozen public struct Text: View, Equatable {
  @usableFromInline let content: String
  nonisolated public init<S>(_ content: S) where S: StringProtocol {
    self.content = String(content)
  }
  nonisolated public init(verbatim content: String) { self.content = content }
  public var body: Never { fatalError() }
}

/// A view that arranges its subviews in a vertical line.
@frozen public struct VStack<Content>: View where Content: View {
  nonisolated public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {}
  public var body: Never { fatalError() }
}

/// An alignment position along the horizontal axis.
@frozen public struct HorizontalAlignment: Equatable, Sendable {
  @usableFromInline let id: Int
  public static let leading = HorizontalAlignment(id: 0)
  public static let center = HorizontalAlignment(id: 1)
  public static let trailing = HorizontalAlignment(id: 2)
}

/// A control that initiates an action.
@MainActor @preconcurrency
public struct Button<Label>: View where Label: View {
  @preconcurrency nonisolated public init(
    action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {}
  public var body: Never { fatalError() }
}

extension Button where Label == Text {
  @preconcurrency nonisolated public init<S>(
    _ title: S, action: @escaping @MainActor () -> Void
  ) where S: StringProtocol {}
}

/// A control that displays an editable text interface.
@MainActor @preconcurrency
public struct TextField<Label>: View where Label: View {
  let text: Binding<String>
  public var body: Never { fatalError() }
}

extension TextField where Label == Text {
  public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol { self.text = text }
}

/// An interface for a stored variable that updates an external property of a view.
public protocol DynamicProperty {
  mutating func update()
}

extension DynamicProperty {
  public mutating func update() {}
}

/// A property wrapper type that can read and write a value managed by SwiftUI.
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
  @usableFromInline var storage: Value
  public init(wrappedValue value: Value) { storage = value }
  public init(initialValue value: Value) { storage = value }
  public var wrappedValue: Value {
    get { storage }
    nonmutating set {}
  }
  public var projectedValue: Binding<Value> { Binding(standIn: ()) }
}

extension State: Sendable where Value: Sendable {}

/// A property wrapper type that can read and write a value owned by a source of truth.
///
/// Its closures are `@isolated(any) @Sendable`, as Apple declares them (Xcode 16 and later): a
/// closure that captures a value that is not `Sendable` is rejected here as there. The bodies
/// never run, so it stores nothing.
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  /// Creates a binding with closures that read and write the binding value.
  @preconcurrency public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {}

  init(standIn: ()) {}

  public var wrappedValue: Value {
    get { fatalError("the stand-in's bodies never run") }
    nonmutating set {}
  }

  public var projectedValue: Binding<Value> { self }

  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<
    Subject
  > {
    Binding<Subject>(standIn: ())
  }

  public static func constant(_ value: Value) -> Binding<Value> { Binding(standIn: ()) }
}

/// A property wrapper type that supports creating bindings to the mutable properties of
/// observable objects.
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
  public var wrappedValue: Value
  public var projectedValue: Bindable<Value> { self }

  public init(wrappedValue: Value) where Value: AnyObject, Value: Observable {
    self.wrappedValue = wrappedValue
  }

  public init(_ wrappedValue: Value) where Value: AnyObject, Value: Observable {
    self.wrappedValue = wrappedValue
  }

  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>)
    -> Binding<Subject> where Value: AnyObject
  {
    Binding(standIn: ())
  }
}

extension Bindable: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

/// A structure that computes views on demand from an underlying collection of identified data.
///
/// Its initializer is main-actor isolated here; stricter than the SDK if Apple's is not.
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
  public var data: Data
  public var content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {
  public typealias Body = Never
  public var body: Never { fatalError() }

  /// Creates an instance that uniquely identifies and creates views across updates based on the
  /// provided key path to the underlying data's identifier.
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.data = data
    self.content = content
  }
}

/// A container that presents rows of data arranged in a single column, optionally providing the
/// ability to select one or more members.
public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
  public var body: Never { fatalError() }
}

extension List where SelectionValue == Never {
  /// Creates a list that identifies its rows based on a key path to the identifier of the
  /// underlying data.
  ///
  /// Main-actor isolated here; stricter than the SDK if Apple's is not.
  public init<Data, ID, RowContent>(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  )
  where
    Content == ForEach<Data, ID, RowContent>, Data: RandomAccessCollection, ID: Hashable,
    RowContent: View
  {}
}

/// A control that toggles between on and off states.
public struct Toggle<Label>: View where Label: View {
  public var body: Never { fatalError() }
}

extension Toggle where Label == Text {
  /// Creates a toggle that generates its label from a string.
  ///
  /// Main-actor isolated here; stricter than the SDK if Apple's is not.
  public init<S>(_ title: S, isOn: Binding<Bool>) where S: StringProtocol {}
}

/// A view that applies a modifier: what the stand-in's modifiers return.
@frozen public struct ModifiedView<Content: View>: View {
  nonisolated init(_ content: Content) {}
  public var body: Never { fatalError() }
}

extension View {
  /// Adds an action to perform when this view detects data emitted by the given publisher.
  nonisolated public func onReceive<P>(
    _ publisher: P, perform action: @escaping (P.Output) -> Void
  ) -> some View where P: Publisher, P.Failure == Never {
    ModifiedView(self)
  }

  /// Adds an action to perform before this view appears.
  public func onAppear(perform action: (() -> Void)? = nil) -> some View {
    ModifiedView(self)
  }

  /// Sets the padding of this view.
  public func padding(_ length: CGFloat? = nil) -> some View {
    ModifiedView(self)
  }
}

/// The way a view changes over time (only what the package's animation schedulers and their
/// examples name).
@frozen public struct Animation: Hashable, Sendable {
  let name: String
  /// A default animation instance.
  public static let `default` = Animation(name: "default")
  public static func easeInOut(duration: TimeInterval) -> Animation {
    Animation(name: "easeInOut(\(duration))")
  }
}

/// The context of the current state-processing update.
@frozen public struct Transaction {
  public var animation: Animation?
  public var disablesAnimations = false
  public init() {}
  public init(animation: Animation?) { self.animation = animation }
}

/// Returns the result of recomputing the view's body with the provided animation.
public func withAnimation<Result>(
  _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result { try body() }

/// Executes a closure with the specified transaction and returns the result.
public func withTransaction<Result>(
  _ transaction: Transaction, _ body: () throws -> Result
) rethrows -> Result { try body() }
