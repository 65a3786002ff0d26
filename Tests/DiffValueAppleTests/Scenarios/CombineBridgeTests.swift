#if canImport(Combine)
  import Combine
  import DiffValue
  import Testing

  /// Relay's bridges to and from the real Combine, and a `@Diff` property in Combine's pipelines.
  ///
  /// The checks of `CombineBridgeChecks` run on Linux too, against the stand-in Combine
  /// (Tests/AppleStandIns/typecheck.sh); here they meet Combine itself.
  @Suite struct CombineBridgeTests {
    @Test(arguments: CombineBridgeChecks.all)
    func holdsWithCombine(_ check: CombineBridgeChecks.Check) {
      #expect(CombineBridgeChecks.failures(of: check) == [])
    }

    struct Article: Equatable {
      var title = "Draft"
      var readCount = 0
    }

    final class ArticleModel {
      @Diff(\.title) var article = Article()
    }

    /// A `@Diff` property's publisher, erased to Combine's `AnyPublisher` and run through
    /// Combine's operators, delivers the selected changes only.
    @Test func aDiffPropertyFeedsACombinePipeline() {
      let model = ArticleModel()
      var titles: [String] = []
      var subscriptions = Set<AnyCancellable>()
      let published: AnyPublisher<Article, Never> = model.$article.eraseToAnyPublisher()
      published.map(\.title).sink { titles.append($0) }.store(in: &subscriptions)
      model.article.readCount = 1  // not selected: not published
      model.article.title = "Final"
      model.article.readCount = 2
      #expect(titles == ["Draft", "Final"])
      subscriptions.removeAll()
      model.article.title = "Gone"
      #expect(titles == ["Draft", "Final"])
    }

    /// A Combine subject beside a `@Diff` property, combined with Relay's operators.
    @Test func aCombineSubjectBesideADiffProperty() {
      let model = ArticleModel()
      let reloads = PassthroughSubject<Int, Never>()
      var seen: [String] = []
      let subscription = reloads.asRelayPublisher().combineLatest(model.$article)
        .sink { reload, article in seen.append("\(reload) \(article.title)") }
      reloads.send(1)
      model.article.title = "Final"
      reloads.send(2)
      #expect(seen == ["1 Draft", "1 Final", "2 Final"])
      subscription.cancel()
    }
  }
#endif
