import Foundation

// Apple declares this in Foundation's Combine support; the stand-in declares it beside Combine.
extension NotificationCenter {
  /// A publisher that emits elements when broadcasting notifications.
  public struct Publisher: Combine.Publisher {
    public typealias Output = Notification
    public typealias Failure = Never
    public let center: NotificationCenter
    public let name: Notification.Name
    public let object: AnyObject?

    public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
      self.center = center
      self.name = name
      self.object = object
    }

    public func receive<S>(subscriber: S)
    where S: Subscriber, S.Failure == Never, S.Input == Notification {
      subscriber.receive(subscription: NotificationSubscription(self, AnySubscriber(subscriber)))
    }
  }

  public func publisher(for name: Notification.Name, object: AnyObject? = nil)
    -> NotificationCenter.Publisher
  {
    NotificationCenter.Publisher(center: self, name: name, object: object)
  }
}

/// Forwards the notifications a subscriber asked for, until it cancels.
final class NotificationSubscription: Subscription {
  private let center: NotificationCenter
  private var observer: NSObjectProtocol?
  private var downstream: AnySubscriber<Notification, Never>?
  private var demand = Subscribers.Demand.none

  init(_ publisher: NotificationCenter.Publisher, _ downstream: AnySubscriber<Notification, Never>)
  {
    center = publisher.center
    self.downstream = downstream
    observer = center.addObserver(forName: publisher.name, object: publisher.object, queue: nil) {
      [weak self] in self?.deliver($0)
    }
  }

  private func deliver(_ notification: Notification) {
    guard let downstream, demand > 0 else { return }
    demand -= 1
    demand += downstream.receive(notification)
  }

  func request(_ demand: Subscribers.Demand) { self.demand += demand }

  func cancel() {
    downstream = nil
    if let observer { center.removeObserver(observer) }
    observer = nil
  }
}
