import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// Reordering a quantity type's sources: which source counts first where several recorded the same time
/// (the store's `setSourcePriority`), so the merged totals follow at once.
extension HealthWebApp {
    func addPriorityActions(to router: Router<BasicRequestContext>) {
        action(router, WebRoutes.typePriority) { [self] web in
            guard let type = try sampleType(web) as? HKQuantityType else {
                throw WebError.notFound("Only quantity types have a source order.")
            }
            let store = web.host.store
            let form = web.form
            let message = try await blocking { () -> String in
                if form["reset"] != nil {
                    try store.setSourcePriority([], for: type)
                    return "Sources are back in their default order."
                }
                var order = try store.sourcePriority(for: type).map(\.bundleIdentifier)
                guard let source = form["source"], let index = order.firstIndex(of: source) else {
                    throw WebError.badRequest("That source has no data of this type.")
                }
                let target = form["move"] == "up" ? index - 1 : index + 1
                guard order.indices.contains(target) else { return "The order is unchanged." }
                order.swapAt(index, target)
                try store.setSourcePriority(order, for: type)
                return "Moved the source " + (target < index ? "up." : "down.")
            }
            await web.host.audit("sourcePriority.set", types: [type.identifier], count: 0, errorCode: nil)
            return redirect(web, to: Self.back(web, type) + "#sources", message: message)
        }
    }
}
