public import Foundation

/// How someone feels: a momentary emotion or a daily mood, its pleasantness (valence, from −1 to +1), the words
/// chosen to describe it (``labels``) and what it is associated with (``associations``).
///
/// A state of mind is a point in time: its start and end dates are both its date.
public final class HKStateOfMind: HKSample, @unchecked Sendable {
    /// Whether this is a momentary emotion or a daily mood.
    public let kind: Kind
    /// How pleasant the feeling is, from −1 (very unpleasant) to +1 (very pleasant).
    public let valence: Double
    /// The words chosen to describe the feeling.
    public let labels: [Label]
    /// The areas of life the feeling is associated with.
    public let associations: [Association]

    package init(
        uuid: UUID, date: Date, kind: Kind, valence: Double, labels: [Label], associations: [Association],
        device: HKDevice?, metadata: [String: Any]?, sourceRevision: HKSourceRevision
    ) {
        self.kind = kind
        self.valence = valence
        self.labels = labels
        self.associations = associations
        super.init(
            uuid: uuid, sampleType: HKObjectType.stateOfMindType(), start: date, end: date, device: device,
            metadata: metadata, sourceRevision: sourceRevision)
    }

    /// A state of mind at `date`; a valence outside −1...1 or invalid metadata raises, as in HealthKit.
    public convenience init(
        date: Date, kind: Kind, valence: Double, labels: [Label], associations: [Association],
        metadata: [String: Any]? = [:]
    ) {
        self.init(
            uuid: UUID(), date: date, kind: kind, valence: valence, labels: labels, associations: associations,
            device: nil, metadata: metadata?.isEmpty == true ? nil : metadata, sourceRevision: .placeholder())
        validateOrRaise()
    }

    /// A state of mind at `date`, throwing ``HKError`` `errorInvalidArgument` where HealthKit's initializer raises.
    public convenience init(
        validating date: Date, kind: Kind, valence: Double, labels: [Label], associations: [Association],
        metadata: [String: Any]? = nil
    ) throws(HKError) {
        self.init(
            uuid: UUID(), date: date, kind: kind, valence: valence, labels: labels, associations: associations,
            device: nil, metadata: metadata, sourceRevision: .placeholder())
        try validate()
    }

    /// The region of pleasantness the valence falls in.
    public var valenceClassification: ValenceClassification {
        // A stored or validated state of mind always holds a valence in range.
        ValenceClassification(valence: valence) ?? (valence < 0 ? .veryUnpleasant : .veryPleasant)
    }

    package override func validate() throws(HKError) {
        try super.validate()
        try StateOfMindValidation.validate(self)
    }

    package override var valueDescription: String? { "\(valence)" }

    /// Archives the state of mind: kind, valence, labels and associations.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(kind.rawValue, forKey: "kind")
        coder.encode(valence, forKey: "valence")
        coder.encodeEnums(labels, forKey: "labels")
        coder.encodeEnums(associations, forKey: "associations")
    }

    /// Unarchives a state of mind; nil without a known kind, a valence in −1...1, or known labels and associations.
    public required init?(coder: NSCoder) {
        guard let kind = coder.decodeEnum(Kind.self, forKey: "kind"),
            let valence = coder.decodeOptionalDouble(forKey: "valence"), (-1.0...1.0).contains(valence),
            let labels = coder.decodeEnums(Label.self, forKey: "labels"),
            let associations = coder.decodeEnums(Association.self, forKey: "associations")
        else { return nil }
        self.kind = kind
        self.valence = valence
        self.labels = labels
        self.associations = associations
        super.init(coder: coder)
    }
}

/// The checks a state of mind gets.
package enum StateOfMindValidation {
    /// The valence lies in −1...1; the date, as any sample's, in the store's range.
    package static func validate(_ stateOfMind: HKStateOfMind) throws(HKError) {
        try validateValence(stateOfMind.valence)
    }

    package static func validateValence(_ valence: Double) throws(HKError) {
        guard valence.isFinite, (-1...1).contains(valence) else {
            throw HKError.invalidArgument("valence \(valence) is out of range: it must lie between -1 and 1")
        }
    }
}
