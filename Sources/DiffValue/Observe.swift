import Foundation
import Observation
import Relay

#if canImport(ObjectiveC)
  import ObjectiveC
#endif

/// Runs `apply` now, and again on the main actor after each change of what it read, until the
/// returned token is cancelled or released.
///
/// UIKit's and AppKit's way of keeping a view up to date, as swift-navigation spells it: read
/// what the view shows inside the closure, and it runs again whenever one of those reads
/// changes. A `@Diff` property read whole (`model.state`) re-runs it when a selected part of
/// the state changes; a part read with `model.$state[\.name]` re-runs it when that part
/// changes; an `@Observable` class's property re-runs it when that property is written.
///
/// ```swift
/// let token = observe { [weak self] in
///   guard let self else { return }
///   nameLabel.text = model.$user[\.name]
/// }
/// ```
///
/// A change re-runs the closure once, after the write returns, on the main actor's next turn,
/// whichever thread wrote; several changes before that turn re-run it once, reading the last
/// values. Inside an `NSObject` subclass (a view controller), call the method of the same
/// name, whose token the object keeps.
///
/// - Parameter apply: Reads what it shows and updates the view; it runs on the main actor.
/// - Returns: A token that stops the observation when cancelled or released.
@MainActor
public func observe(_ apply: @escaping @MainActor @Sendable () -> Void) -> ObserveToken {
  let loop = ObserveLoop(apply)
  loop.run()
  return ObserveToken(loop)
}

/// Stops an observation begun with `observe(_:)` when cancelled or released.
///
/// Keep it as long as the view it updates lives, in a property or with `store(in:)`.
public final class ObserveToken: Cancellable, Hashable, Sendable {
  @usableFromInline let loop: ObserveLoop
  /// False for the tokens of `NSObject.observe(_:)`, whose object keeps the observation.
  private let cancelsOnRelease: Bool

  init(_ loop: ObserveLoop, cancelsOnRelease: Bool = true) {
    self.loop = loop
    self.cancelsOnRelease = cancelsOnRelease
  }

  deinit { if cancelsOnRelease { loop.cancel() } }

  /// Whether the observation has been stopped.
  public var isCancelled: Bool { loop.isCancelled }

  /// Stops the observation: the closure does not run again.
  ///
  /// Calling it again does nothing; any thread may call it.
  public func cancel() { loop.cancel() }

  /// Keeps the token in a set; dropping the set stops the observation.
  ///
  /// - Parameter set: The set to insert into.
  public func store(in set: inout Set<ObserveToken>) { set.insert(self) }

  /// Whether two tokens are the same token.
  public static func == (lhs: ObserveToken, rhs: ObserveToken) -> Bool { lhs === rhs }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One observation: runs its closure under `withObservationTracking` and, when told of a
/// change, again on the main actor.
///
/// Whoever keeps the observation keeps the loop: the token of `observe(_:)`, or the object of
/// `NSObject.observe(_:)`. Observation holds only a weak reference to it (the closure passed to
/// `onChange` stays registered until the next change, and Observation has no way to unregister
/// it), so letting go of the token, or the object going away, releases `apply` and everything it
/// captured at once; cancelling releases it too.
@usableFromInline
final class ObserveLoop: @unchecked Sendable {
  // `apply` is guarded by its lock; `owner` is set once at init and only read on the main actor.
  private let apply: Lock<(@MainActor @Sendable () -> Void)?>
  /// The object whose lifetime bounds the observation, for `NSObject.observe(_:)`.
  private weak var owner: AnyObject?
  private let hasOwner: Bool

  init(_ apply: @escaping @MainActor @Sendable () -> Void, owner: AnyObject? = nil) {
    self.apply = Lock.make(apply)
    self.owner = owner
    hasOwner = owner != nil
  }

  var isCancelled: Bool { apply.withLock { $0 == nil } }

  /// Whether the observation has ended: cancelled, or its owner is gone.
  @MainActor var hasEnded: Bool { isCancelled || (hasOwner && owner == nil) }

  /// Ends the observation and releases its closure (outside the lock).
  func cancel() {
    let released = apply.withLock { $0.take() }
    _ = released
  }

  /// Runs the closure, tracking what it reads, unless the observation has ended.
  @MainActor
  func run() {
    if hasOwner && owner == nil { cancel() }
    guard let apply = apply.withLock({ $0 }) else {
      ObserveOwners.forget(self)
      return
    }
    withObservationTracking {
      apply()
    } onChange: { [weak self] in
      // Called on the writing thread once the value is stored; re-run on the main actor.
      Task { @MainActor [weak self] in self?.run() }
    }
  }
}

// On every platform (Foundation has `NSObject` on Linux too), so that it is tested here.
@MainActor
extension NSObject {
  /// Runs `apply` now, and again on the main actor after each change of what it read, for as
  /// long as this object lives or until the returned token is cancelled.
  ///
  /// The spelling of `observe(_:)` for a view controller's or a view's methods, where
  /// `NSObject`'s key-value observing `observe(_:options:changeHandler:)` hides the free
  /// function. The object keeps the observation, so the token may be ignored (releasing it
  /// stops nothing); capture the object weakly in `apply`, or it lives as long as what it
  /// observes.
  ///
  /// ```swift
  /// override func viewDidLoad() {
  ///   super.viewDidLoad()
  ///   observe { [weak self] in
  ///     guard let self else { return }
  ///     nameLabel.text = model.$user[\.name]
  ///   }
  /// }
  /// ```
  ///
  /// Where the Objective-C runtime exists (Apple platforms) the object holds the observation as
  /// an associated object, released with it. Elsewhere (Linux) a registry holds it, and lets go
  /// of `apply` once the object is gone at the next change the observation is told of, or the
  /// next `observe(_:)` call, whichever comes first.
  ///
  /// - Parameter apply: Reads what it shows and updates the view; it runs on the main actor.
  /// - Returns: A token that stops the observation early when cancelled.
  @discardableResult
  public func observe(_ apply: @escaping @MainActor @Sendable () -> Void) -> ObserveToken {
    let loop = ObserveLoop(apply, owner: self)
    ObserveOwners.keep(loop, for: self)
    loop.run()
    return ObserveToken(loop, cancelsOnRelease: false)
  }
}

/// Where the observations of `NSObject.observe(_:)` are kept for their objects.
@MainActor
enum ObserveOwners {
  #if canImport(ObjectiveC)
    /// An object's observations, its associated object: released with it.
    final class Loops {
      var loops: [ObserveLoop] = []
    }

    /// The associated object's key: an address nobody else uses.
    nonisolated(unsafe) static let key = UnsafeMutableRawPointer.allocate(
      byteCount: 1, alignment: 1)

    static func keep(_ loop: ObserveLoop, for owner: NSObject) {
      let kept: Loops
      if let existing = objc_getAssociatedObject(owner, key) as? Loops {
        kept = existing
      } else {
        kept = Loops()
        objc_setAssociatedObject(owner, key, kept, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      }
      kept.loops.removeAll { $0.hasEnded }
      kept.loops.append(loop)
    }

    /// An ended observation: a cancelled one leaves the object's list at the next `keep`.
    static func forget(_ loop: ObserveLoop) {}
  #else
    /// Every object's observations, each until it has ended and it is noticed.
    private static var loops: [ObjectIdentifier: ObserveLoop] = [:]

    static func keep(_ loop: ObserveLoop, for owner: NSObject) {
      loops = loops.filter { !$0.value.hasEnded }
      loops[ObjectIdentifier(loop)] = loop
    }

    /// Lets an ended observation go.
    static func forget(_ loop: ObserveLoop) { loops[ObjectIdentifier(loop)] = nil }
  #endif
}
