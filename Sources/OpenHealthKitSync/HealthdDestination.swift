public import Foundation
public import HealthKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// healthd as a sync's destination, through its HTTP API with an app's credential (`POST /v1/samples`,
/// `POST /v1/samples/delete-matching`): what an iPhone app uses to push the phone's store into healthd. The app is
/// registered with healthd (`hk apps register`) and allowed to share the synced types.
///
/// Samples go as healthd's JSON (docs/openapi.yaml, `Sample`), written from HealthKit's public properties: quantities
/// in the units `units` gives for their types (the phone's preferred units, from `HKHealthStore.preferredUnits`).
public final class HealthdDestination: SyncDestination, @unchecked Sendable {
    private let address: URL
    private let credential: String
    private let units: @Sendable ([HKQuantityType]) async throws -> [HKQuantityType: HKUnit]
    private let session: URLSession

    /// healthd at `address` (`http://127.0.0.1:8787`, or its TLS proxy), as the app whose credential this is; `units`
    /// gives a unit for each quantity type (`{ try await phoneStore.preferredUnits(for: Set($0)) }`).
    public init(
        address: URL, credential: String,
        units: @escaping @Sendable ([HKQuantityType]) async throws -> [HKQuantityType: HKUnit]
    ) {
        self.address = address
        self.credential = credential
        self.units = units
        session = URLSession(configuration: .ephemeral)
    }

    /// healthd refused a call: its status and its JSON answer.
    public struct Refusal: Error, CustomStringConvertible {
        /// The HTTP status.
        public let status: Int
        /// healthd's answer, usually `{"error": {...}}`.
        public let body: String
        /// The status and the answer.
        public var description: String { "healthd answered \(status): \(body)" }
    }

    /// Posts the copies to `/v1/samples`, all or none.
    public func saveCopies(_ copies: [HKSample]) async throws {
        var quantityTypes: Set<HKQuantityType> = []
        for sample in copies {
            if let quantity = sample as? HKQuantitySample { quantityTypes.insert(quantity.quantityType) }
            for member in (sample as? HKCorrelation)?.objects ?? [] {
                if let quantity = member as? HKQuantitySample { quantityTypes.insert(quantity.quantityType) }
            }
        }
        let unitsByType = try await units(Array(quantityTypes))
        let objects = try copies.map { try Self.json($0, units: unitsByType) }
        _ = try await post("/v1/samples", ["objects": objects])
    }

    /// Deletes the copies through `/v1/samples/delete-matching`, by their sync identifiers.
    public func deleteCopies(of type: HKSampleType, syncIdentifiers: [String]) async throws -> Int {
        let predicate: [String: Any] = [
            "kind": "metadataAllowedValues", "key": HKMetadataKeySyncIdentifier,
            "allowedValues": syncIdentifiers.map { ["string": $0] },
        ]
        let answer = try await post("/v1/samples/delete-matching", ["type": type.identifier, "predicate": predicate])
        return answer["count"] as? Int ?? 0
    }

    private func post(_ path: String, _ body: [String: Any]) async throws -> [String: Any] {
        var request = URLRequest(url: address.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(credential)", forHTTPHeaderField: "Authorization")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, status): (Data, Int) = try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: (data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
                }
            }.resume()
        }
        guard (200..<300).contains(status) else {
            throw Refusal(status: status, body: String(decoding: data, as: UTF8.self))
        }
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// No unit was given for a quantity type (HealthKit raises on a conversion to a unit of another kind).
    public struct MissingUnit: Error, CustomStringConvertible {
        /// The type's identifier.
        public let type: String
        /// What was missing.
        public var description: String { "no unit of \(type) was given" }
    }

    /// A sample as healthd's JSON: a new UUID (the copy is a new object; its sync identifier names the original).
    static func json(_ sample: HKSample, units: [HKQuantityType: HKUnit]) throws -> [String: Any] {
        var json: [String: Any] = [
            "uuid": UUID().uuidString, "type": sample.sampleType.identifier,
            "startDate": sample.startDate.timeIntervalSince1970, "endDate": sample.endDate.timeIntervalSince1970,
        ]
        if let metadata = sample.metadata, !metadata.isEmpty {
            json["metadata"] = metadata.compactMapValues(Self.metadataValue)
        }
        if let device = sample.device {
            let fields: [(String, String?)] = [
                ("name", device.name), ("manufacturer", device.manufacturer), ("model", device.model),
                ("hardwareVersion", device.hardwareVersion), ("firmwareVersion", device.firmwareVersion),
                ("softwareVersion", device.softwareVersion), ("localIdentifier", device.localIdentifier),
                ("udiDeviceIdentifier", device.udiDeviceIdentifier),
            ]
            json["device"] = Dictionary(
                uniqueKeysWithValues: fields.compactMap { key, value in value.map { (key, $0) } })
        }
        switch sample {
        case let quantity as HKQuantitySample:
            guard let unit = units[quantity.quantityType], quantity.quantity.is(compatibleWith: unit) else {
                throw MissingUnit(type: quantity.quantityType.identifier)
            }
            json["quantity"] = ["value": quantity.quantity.doubleValue(for: unit), "unit": unit.unitString]
        case let category as HKCategorySample:
            json["value"] = category.value
        case let correlation as HKCorrelation:
            json["objects"] = try correlation.objects.map { try Self.json($0, units: units) }
        case let workout as HKWorkout:
            json["workoutActivityType"] = workout.workoutActivityType.rawValue
            json["duration"] = workout.duration
            if let energy = workout.totalEnergyBurned {
                json["totalEnergyBurned"] = ["value": energy.doubleValue(for: .kilocalorie()), "unit": "kcal"]
            }
            if let distance = workout.totalDistance {
                json["totalDistance"] = ["value": distance.doubleValue(for: .meter()), "unit": "m"]
            }
        default:
            break
        }
        return json
    }

    /// The units of the kinds HealthKit's metadata keys hold: counts, lengths, temperatures, percentages, energy,
    /// durations, speeds, METs (`HKMetadataKeyAverageMETs`), sound levels, pressures, masses.
    private static let metadataUnits: [HKUnit] = [
        .count(), .meter(), .degreeCelsius(), .percent(), .kilocalorie(), .second(), HKUnit(from: "m/s"),
        HKUnit(from: "kcal/hr·kg"), .decibelAWeightedSoundPressureLevel(), .pascal(), .gram(), .hertz(),
        HKUnit(from: "count/min"),
    ]

    /// A metadata value as healthd's JSON (`{"string": ...}`, `{"number": ...}`, `{"date": ...}`, `{"quantity":
    /// ...}`); nil for a value of another kind.
    private static func metadataValue(_ value: Any) -> [String: Any]? {
        switch value {
        case let text as String: return ["string": text]
        case let date as Date: return ["date": date.timeIntervalSince1970]
        case let number as NSNumber:
            // A Boolean is an NSNumber of type `c` (or `B`) on every platform; `as? Bool` would also take a 0 or 1.
            let kind = String(cString: number.objCType)
            return kind == "c" || kind == "B" ? ["bool": number.boolValue] : ["number": number.doubleValue]
        case let quantity as HKQuantity:
            // HealthKit names no unit of a quantity: each kind HealthKit's metadata keys take is tried in turn.
            for unit in Self.metadataUnits where quantity.is(compatibleWith: unit) {
                return ["quantity": ["value": quantity.doubleValue(for: unit), "unit": unit.unitString]]
            }
            return nil
        default: return nil
        }
    }
}
