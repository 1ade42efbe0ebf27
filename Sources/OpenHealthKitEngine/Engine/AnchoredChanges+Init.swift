import Foundation
package import OpenHealthKitModel

extension AnchoredChanges {
    /// Changes read elsewhere (a healthd client rebuilds them from the wire).
    package init(_ samples: [HKSample], deleted deletedObjects: [HKDeletedObject], anchor: Int64) {
        self.init(samples: samples, deletedObjects: deletedObjects, anchor: anchor)
    }
}
