import Foundation
@testable import OpenHealthKitExchange

/// Pushes written from Health Auto Export's documented JSON format (export version 2), one per metric family.
enum AutoExportPayloads {
    /// `{"data": {"metrics": [...]}}` of these metrics.
    static func metrics(_ metrics: [[String: Any]]) -> Data {
        try! JSONSerialization.data(withJSONObject: ["data": ["metrics": metrics]], options: [.sortedKeys])
    }

    static func metric(_ name: String, units: String?, _ records: [[String: Any]]) -> [String: Any] {
        var metric: [String: Any] = ["name": name, "data": records]
        if let units { metric["units"] = units }
        return metric
    }

    /// A day of every family: steps from the watch and the phone, heart rate, a blood pressure, sleep stages, a
    /// glucose reading before a meal, insulin, mindful minutes, handwashing, a stand hour.
    static var everyFamily: [[String: Any]] {
        [
            metric(
                "step_count", units: "count",
                [
                    ["date": "2026-03-05 08:00:00 +0100", "qty": 1200, "source": "Ann's Apple Watch"],
                    ["date": "2026-03-05 09:00:00 +0100", "qty": 800, "source": "Ann's iPhone"],
                ]),
            metric(
                "heart_rate", units: "count/min",
                [
                    [
                        "date": "2026-03-05 08:00:00 +0100", "Min": 60, "Avg": 72.5, "Max": 90,
                        "source": "Ann's Apple Watch",
                    ]
                ]),
            metric(
                "blood_pressure", units: "mmHg",
                [
                    ["date": "2026-03-05 07:30:00 +0100", "systolic": 121, "diastolic": 79, "source": "Omron"]
                ]),
            metric(
                "sleep_analysis", units: "hr",
                [
                    [
                        "startDate": "2026-03-04 23:00:00 +0100", "endDate": "2026-03-05 01:00:00 +0100", "qty": 2,
                        "value": "Core", "source": "Ann's Apple Watch",
                    ],
                    [
                        "startDate": "2026-03-05 01:00:00 +0100", "endDate": "2026-03-05 02:30:00 +0100", "qty": 1.5,
                        "value": "Deep", "source": "Ann's Apple Watch",
                    ],
                ]),
            metric(
                "blood_glucose", units: "mg/dL",
                [
                    ["date": "2026-03-05 07:00:00 +0100", "qty": 98, "mealTime": "Before Meal"]
                ]),
            metric(
                "insulin_delivery", units: "IU",
                [
                    ["date": "2026-03-05 07:05:00 +0100", "qty": 4.5, "reason": "Bolus"]
                ]),
            metric("mindful_minutes", units: "min", [["date": "2026-03-05 12:00:00 +0100", "qty": 10]]),
            metric("handwashing", units: "s", [["date": "2026-03-05 12:30:00 +0100", "qty": 24, "value": "Complete"]]),
            metric(
                "apple_stand_hour", units: "count", [["date": "2026-03-05 10:00:00 +0100", "qty": 1, "source": ""]]),
        ]
    }

    /// The samples ``everyFamily`` makes: 2 steps, 1 heart rate, 1 blood pressure (3 rows), 2 sleep stages,
    /// 1 glucose, 1 insulin, 1 mindful session, 1 handwashing, 1 stand hour.
    static let everyFamilyObjects = 11
}
