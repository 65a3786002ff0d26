/// The views among those found on screen that can all be re-bound in place: `nil` when none
/// was found (nothing tells that the part is off screen rather than shown by another kind of
/// view) or when one of them is not `ListBindable`.
///
/// - Parameter views: The views a list view returned for one row or section; `nil` for none.
/// - Returns: The views to re-bind, or `nil` to reload instead.
@MainActor
func bindableViews(among views: [AnyObject?]) -> [any ListBindable]? {
  let found = views.compactMap { $0 }
  guard !found.isEmpty else { return nil }
  var bindable: [any ListBindable] = []
  for view in found {
    guard let view = view as? any ListBindable else { return nil }
    bindable.append(view)
  }
  return bindable
}

/// Several views that show one row (a table view's columns) re-bound together.
@MainActor
final class ListBindableGroup: ListBindable {
  let members: [any ListBindable]

  init(_ members: [any ListBindable]) { self.members = members }

  func bindViewModel(_ viewModel: Any) {
    for member in members { member.bindViewModel(viewModel) }
  }
}
