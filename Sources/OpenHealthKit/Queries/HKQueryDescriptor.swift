public import Foundation
package import OpenHealthKitEngine
import OpenHealthKitWire

/// A sample type and an optional predicate: one part of a query that reads several types at once.
public final class HKQueryDescriptor: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The type of samples the descriptor matches.
    public let sampleType: HKSampleType
    /// The predicate samples must match; nil matches every sample of ``sampleType``.
    public let predicate: NSPredicate?

    /// A descriptor of the samples of `sampleType` matching `predicate` (nil: every sample of the type).
    public init(sampleType: HKSampleType, predicate: NSPredicate?) {
        self.sampleType = sampleType
        self.predicate = predicate
        super.init()
    }

    /// The descriptor as the store reads it; a predicate not built by HKQuery's factories is an invalid argument.
    package func filter() throws -> SampleFilter {
        try SampleFilter(type: sampleType, nsPredicate: predicate)
    }

    /// Descriptors are equal when their types and predicates are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKQueryDescriptor else { return false }
        return other.sampleType == sampleType && other.predicate == predicate
    }

    /// The type's hash.
    public override var hash: Int { sampleType.hash }

    // MARK: NSSecureCoding

    /// Descriptors are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the type and the predicate (as its tree, in the wire's JSON form). A predicate not built by HKQuery's
    /// factories, `NSCompoundPredicate` and `NSPredicate(value:)` (a block predicate) raises
    /// `NSInvalidArgumentException`, as archiving a block predicate does in HealthKit.
    public func encode(with coder: NSCoder) {
        coder.encode(sampleType, forKey: "sampleType")
        guard let predicate else { return }
        let encoded = Result { try JSONEncoder().encode(WirePredicate(try PredicateCondition.tree(from: predicate))) }
        guard case .success(let data) = encoded else {
            raiseInvalidArgumentException("\(predicate) cannot be archived: build predicates with HKQuery's factories")
        }
        coder.encode(data as NSData, forKey: "predicate")
    }

    /// Unarchives a descriptor; nil without a sample type, or with a predicate that does not read back.
    public init?(coder: NSCoder) {
        guard let sampleType = coder.decodeIfPresent(HKSampleType.self, forKey: "sampleType") else { return nil }
        self.sampleType = sampleType
        if coder.containsValue(forKey: "predicate") {
            guard let data = coder.decodeIfPresent(NSData.self, forKey: "predicate"),
                let wire = try? JSONDecoder().decode(WirePredicate.self, from: Data(data))
            else { return nil }
            predicate = wire.tree.predicate
        } else {
            predicate = nil
        }
        super.init()
    }
}

extension SampleFilter {
    /// A filter from HealthKit's type and predicate; a predicate not built by HKQuery's factories is an invalid argument.
    package init(type: HKSampleType, nsPredicate: NSPredicate?) throws {
        self.init(type: type, predicate: try nsPredicate.map { try PredicateCondition.tree(from: $0) })
    }
}
