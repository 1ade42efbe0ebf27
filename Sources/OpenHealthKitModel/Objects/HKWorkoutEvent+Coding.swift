public import Foundation

extension HKWorkoutEvent: NSSecureCoding {
    /// Events are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the type, the date interval and the metadata.
    public func encode(with coder: NSCoder) {
        coder.encode(type.rawValue, forKey: "type")
        coder.encodeDate(dateInterval.start, forKey: "start")
        coder.encodeDate(dateInterval.end, forKey: "end")
        coder.encodeMetadata(metadata, forKey: "metadata")
    }

    /// Unarchives an event; nil without a known type or an interval, or with metadata that is not metadata.
    public convenience init?(coder: NSCoder) {
        guard let type = coder.decodeEnum(HKWorkoutEventType.self, forKey: "type"),
            let start = coder.decodeDate(forKey: "start"), let end = coder.decodeDate(forKey: "end"), start <= end,
            case .success(let metadata) = coder.decodeMetadata(forKey: "metadata")
        else { return nil }
        self.init(type: type, dateInterval: DateInterval(start: start, end: end), metadata: metadata)
    }
}
