import Foundation
package import OpenHealthKitModel

/// Workout events as JSON: `[{"type": 1, "start": seconds, "end": seconds, "metadata": {...}}]`.
package enum WorkoutEventCoding {
    package static func encode(_ events: [HKWorkoutEvent]?) -> String? {
        guard let events, !events.isEmpty else { return nil }
        let items = events.map { event -> String in
            var item = "{\"type\":\(event.type.rawValue),\"start\":\(event.dateInterval.start.timeIntervalSince1970)"
            item += ",\"end\":\(event.dateInterval.end.timeIntervalSince1970)"
            if let metadata = MetadataCoding.encode(event.metadata) { item += ",\"metadata\":" + metadata }
            return item + "}"
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    package static func decode(_ json: String?) -> [HKWorkoutEvent]? {
        guard let json, let data = json.data(using: .utf8),
            let items = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return nil }
        return items.compactMap { item in
            guard let raw = (item["type"] as? NSNumber)?.intValue, let type = HKWorkoutEventType(rawValue: raw),
                let start = (item["start"] as? NSNumber)?.doubleValue, let end = (item["end"] as? NSNumber)?.doubleValue
            else { return nil }
            let metadata = (item["metadata"] as? [String: Any]).map(MetadataCoding.metadata(fromJSONObject:))
            return HKWorkoutEvent(
                type: type,
                dateInterval: DateInterval(
                    start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end)),
                metadata: metadata)
        }
    }
}
