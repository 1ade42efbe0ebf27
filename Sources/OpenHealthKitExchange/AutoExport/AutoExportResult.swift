import Foundation

/// What a push stored, item by item: a metric (all its records under one name), a workout, or a section's records
/// (state of mind, medications...). healthd answers it as JSON: 200 when everything was stored or was already there,
/// 207 when something was refused.
package struct AutoExportResult: Codable, Sendable, Equatable {
    /// One item of the push.
    package struct Item: Codable, Sendable, Equatable {
        /// The section of `data` it comes from: `metrics`, `workouts`, `stateOfMind`...
        package var section: String
        /// The metric's name, the workout's name; nil for a section's records.
        package var name: String?
        /// The HealthKit type its records become, when one.
        package var type: String?
        /// Records read.
        package var received = 0
        /// Samples newly stored (a record may make several: a blood pressure, a night's sleep stages).
        package var stored = 0
        /// Records whose samples were all stored before (an earlier push, or an import, held them).
        package var alreadyStored = 0
        /// Records refused, each for a reason in ``problems``.
        package var refused = 0
        /// The first refusals, by the record's index in its list.
        package var problems: [Problem] = []

        package init(section: String, name: String?, type: String?) {
            self.section = section
            self.name = name
            self.type = type
        }
    }

    /// Why a record was refused.
    package struct Problem: Codable, Sendable, Equatable {
        /// The record's position in its list (from 0).
        package var index: Int
        package var reason: String
    }

    /// How many problems an item lists (the counts go on).
    static let problemsListed = 20

    package var items: [Item] = []
    /// The time zone the push's dates were written in: the UTC offset most of its records carry, as a zone of that
    /// fixed offset (`GMT+0100`); nil for a push without dated records.
    package var timeZone: String?

    package var received: Int { items.reduce(0) { $0 + $1.received } }
    package var stored: Int { items.reduce(0) { $0 + $1.stored } }
    package var alreadyStored: Int { items.reduce(0) { $0 + $1.alreadyStored } }
    package var refused: Int { items.reduce(0) { $0 + $1.refused } }

    /// Whether every record was stored or was there already.
    package var isComplete: Bool { refused == 0 }

    package init() {}

    private enum CodingKeys: String, CodingKey {
        case received, stored, alreadyStored, refused, items, timeZone
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([Item].self, forKey: .items)
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(received, forKey: .received)
        try container.encode(stored, forKey: .stored)
        try container.encode(alreadyStored, forKey: .alreadyStored)
        try container.encode(refused, forKey: .refused)
        try container.encode(items, forKey: .items)
        try container.encodeIfPresent(timeZone, forKey: .timeZone)
    }

    mutating func refuse(_ item: Int, index: Int, _ reason: String) {
        items[item].refused += 1
        if items[item].problems.count < Self.problemsListed {
            items[item].problems.append(Problem(index: index, reason: reason))
        }
    }
}
