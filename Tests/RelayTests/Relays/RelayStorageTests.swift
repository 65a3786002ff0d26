import RelayTestSupport
import TestSupport
import Testing

@testable import Relay

#if canImport(Glibc)
  import Glibc
#endif

// The layout a relay's footprint depends on (DiffValue's README, "Footprint"): the allocator
// rounds a request up to a multiple of 16 with 8 bytes of its own, so a field that adds a word,
// or a byte that costs a word of padding, can make every relay a chunk larger. These pin the
// sizes the figures were measured with.

@Suite("RelayStorage")
struct RelayStorageTests {
  @Test("the header is five words: the ending's two, the mutex, the check, its keeper")
  func headerIsFiveWords() {
    #expect(MemoryLayout<RelayStorageHeader>.stride == 5 * MemoryLayout<UInt>.size)
  }

  @Test(
    "the core is 152 bytes: the narrow fields fill the phase's last word; what few relays need is apart"
  )
  func coreIsPacked() {
    #expect(MemoryLayout<RelayCore.Phase>.size == 25)
    #expect(MemoryLayout<RelayCore>.offset(of: \.subscriptionName)! < 32)
    #expect(MemoryLayout<RelayCore>.offset(of: \.backlogLimit)! == 28)
    #expect(MemoryLayout<SerialDelivery<RelayEvent>>.size == 32)
    #expect(MemoryLayout<RelayCore.RoundInProgress>.size == MemoryLayout<UInt>.size)
    #expect(MemoryLayout<RelayCore.Unattached>.size == 2 * MemoryLayout<UInt>.size)
    #expect(MemoryLayout<RelayCore>.size == 152)
  }

  @Test("a relay of a 40-byte value asks for 248 bytes, a 256-byte heap chunk")
  func storageOfAFortyByteValue() {
    let size =
      16 + MemoryLayout<RelayStorageHeader>.stride
      + MemoryLayout<RelayStateMachine<FootprintValue>>.size
    #expect(size == 248)
  }

  @Test("a backlog limit is kept in four bytes; one too large for them keeps every value")
  func backlogLimitInFourBytes() {
    #expect(BacklogPolicy.unbounded.storedLimit == .max)
    #expect(BacklogPolicy.keepingNewest(1).storedLimit == 1)
    #expect(BacklogPolicy.keepingNewest(.max).storedLimit == UInt32(clamping: Int.max))
    if let largest = Int(exactly: UInt32.max) {  // a 64-bit Int
      #expect(BacklogPolicy.keepingNewest(largest - 1).storedLimit == UInt32.max - 1)
      #expect(BacklogPolicy.keepingNewest(largest).storedLimit == .max)
    }
  }

  @Test("a sink's fields take 56 bytes, a 64-byte heap chunk: its subscription is two words")
  func sinkIsFiftySixBytes() {
    typealias Sink = Subscribers.Sink<FootprintValue, Never>
    #expect(MemoryLayout<SubscriberStatus>.size == 2 * MemoryLayout<UInt>.size)
    let handlers = Sink.StoredLayout.state + MemoryLayout<Sink.State>.stride
    #expect(16 + handlers + MemoryLayout<Unmanaged<Sink.Handlers>>.size == 56)
  }

  #if canImport(Glibc)
    @Test("a subscriber's subscription is its target too: one object, an 80-byte heap chunk")
    func subscriptionIsTheTarget() {
      let storage = RelayStorage<FootprintValue>.make(
        current: nil, keepsCurrentValue: false, subscriptionName: .passthroughSubject)
      let target = RelayTarget(storage: storage, id: 1, receive: { _ in .none }, finish: {})
      // 72 bytes of fields (the object's header, the state word, two closures, the storage and
      // the id): the allocator's usable size of an 80-byte chunk.
      typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size") else {
        Issue.record("glibc's malloc_usable_size was not found")
        return
      }
      let usableSize = unsafeBitCast(symbol, to: UsableSize.self)
      #expect(usableSize(Unmanaged.passUnretained(target).toOpaque()) == 72)
    }
  #endif

  @Test("the relay's last hold drops the subscriber, though it keeps its subscription")
  func theLastHoldDropsTheSubscriber() {
    let storage = RelayStorage<Int>.make(
      current: 0, keepsCurrentValue: true, subscriptionName: .currentValueSubject)
    weak var weakSubscriber: TrackingSubscriber<Int, Never>?
    var kept: (any Subscription)?
    do {
      let subscriber = TrackingSubscriber<Int, Never>(receiveSubscription: {
        kept = $0
        $0.request(.unlimited)
      })
      weakSubscriber = subscriber
      storage.attach(subscriber)
      #expect(subscriber.values == [0])
    }
    #expect(weakSubscriber != nil, "the relay keeps its subscriber, as Combine's subject does")
    storage.finish()
    #expect(weakSubscriber == nil, "the subscriber stayed with its subscription after the end")
    #expect(kept != nil)
    kept?.request(.max(1))  // nothing to do once the relay has let go
    kept?.cancel()
  }

  @Test("its subscriptions print as the kind of relay they come from")
  func subscriptionNames() {
    #expect(RelayStorage<Int>.make(currentValue: 1).subscriptionName == "CurrentValueSubject")
    let passthrough = RelayStorage<Int>.make(
      current: nil, keepsCurrentValue: false, subscriptionName: .passthroughSubject)
    #expect(passthrough.subscriptionName == "PassthroughSubject")
  }
}
