public import Foundation

/// A wrapper for an ``HKBiologicalSex`` value, as the health store returns it.
public final class HKBiologicalSexObject: NSObject, @unchecked Sendable {
    /// The biological sex.
    public let biologicalSex: HKBiologicalSex

    package init(biologicalSex: HKBiologicalSex) {
        self.biologicalSex = biologicalSex
        super.init()
    }
}
