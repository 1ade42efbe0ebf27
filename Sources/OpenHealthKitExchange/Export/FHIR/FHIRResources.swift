import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Makes the FHIR R4 resources of stored records (docs/FHIR.md): the owner as a `Patient`, and each sample FHIR can
/// represent as an `Observation`. The Bundle export and healthd's FHIR API both write what it makes.
///
/// Quantity samples become Observations with a `valueQuantity` in UCUM, coded with LOINC and following the R4
/// vital-signs profiles where they apply; a blood pressure correlation is one Observation with systolic and diastolic
/// components; category samples get a coded value; other correlations list their members (`hasMember`); workouts are
/// "exercise activity" Observations with duration, energy and distance components; electrocardiograms are "EKG study"
/// Observations; PHQ-9 and GAD-7 assessments are Observations of their LOINC total score with a component per
/// question. Every Observation also carries OpenHealthKit's coding of its HealthKit type, and HealthKit's UUID as its
/// id and identifier.
final class FHIRResources {
    /// How an Observation refers to the Patient (`urn:uuid:…` in a Bundle, `Patient/<id>` in the API).
    private let patientReference: String
    /// How an Observation refers to another sample's Observation (a correlation's members).
    private let observationReference: (UUID) -> String
    /// How an Observation refers to its device's `Device` resource; nil where there is none (a Bundle names the
    /// device by its display alone).
    private let deviceReference: ((DeviceRow) -> String)?
    private let offsets: ZoneOffsets
    /// The units the owner reads each quantity type in, by type identifier (for types without a FHIR unit).
    private let preferredUnits: [String: HKUnit]
    private let kinds: ExportTypeKinds
    /// The JSON of each `code` (by type) and `category` made so far: every record of a type has the same, and
    /// building it (quoting the systems, codes and displays) was a third of the export's time.
    private var conceptJSONs: [String: String] = [:]

    init(
        patientReference: String, observationReference: @escaping (UUID) -> String,
        deviceReference: ((DeviceRow) -> String)? = nil, timeZone: TimeZone, preferredUnits: [String: HKUnit],
        kinds: ExportTypeKinds = ExportTypeKinds()
    ) {
        self.kinds = kinds
        self.patientReference = patientReference
        self.observationReference = observationReference
        self.deviceReference = deviceReference
        offsets = ZoneOffsets(timeZone: timeZone)
        self.preferredUnits = preferredUnits
    }

    /// The kind of records a type holds (looked up once per type).
    func kind(_ identifier: String) -> ExportTypeKind {
        kinds.kind(identifier)
    }

    /// The Patient: `id`, and the characteristics FHIR's Patient has (gender from the biological sex, the birth
    /// date); `written` counts those it holds, `notWritten` names the characteristics it has no element for.
    func patient(id: String, characteristics: [(type: HKCharacteristicTypeIdentifier, value: String)])
        -> (json: String, written: Int, notWritten: [String])
    {
        var patient = JSONObject()
        var written = 0
        var notWritten: [String] = []
        patient.string("resourceType", "Patient")
        patient.string("id", id)
        for (type, stored) in characteristics where !stored.isEmpty {
            switch type {
            case .biologicalSex:
                let gender = ["1": "female", "2": "male", "3": "other"][stored]
                patient.string("gender", gender)
                if gender != nil { written += 1 }
            case .dateOfBirth:
                patient.string("birthDate", stored)
                written += 1
            default: notWritten.append(type.rawValue)
            }
        }
        return (patient.json, written, notWritten)
    }

    /// A device that recorded samples, as a `Device`: its name, manufacturer, model, UDI and versions; `id` names it.
    func device(_ device: DeviceRow, id: String) -> String {
        var resource = JSONObject()
        resource.string("resourceType", "Device")
        resource.string("id", id)
        if !device.udiDeviceIdentifier.isEmpty {
            var carrier = JSONObject()
            carrier.string("deviceIdentifier", device.udiDeviceIdentifier)
            resource.array("udiCarrier", [carrier])
        }
        if !device.localIdentifier.isEmpty {
            var identifier = JSONObject()
            identifier.string("value", device.localIdentifier)
            resource.array("identifier", [identifier])
        }
        resource.string("manufacturer", device.manufacturer.isEmpty ? nil : device.manufacturer)
        if !device.name.isEmpty {
            var name = JSONObject()
            name.string("name", device.name)
            name.string("type", "user-friendly-name")
            resource.array("deviceName", [name])
        }
        resource.string("modelNumber", device.model.isEmpty ? nil : device.model)
        let versions = [
            ("hardware", device.hardwareVersion), ("firmware", device.firmwareVersion),
            ("software", device.softwareVersion),
        ]
        resource.array(
            "version",
            versions.filter { !$0.1.isEmpty }.map { kind, value in
                var version = JSONObject()
                var type = JSONObject()
                type.string("text", kind)
                version.object("type", type)
                version.string("value", value)
                return version
            })
        return resource.json
    }

    /// The Observation of a sample, nil for a record FHIR has no Observation for (see docs/FHIR.md: routes,
    /// audiograms, clinical records, states of mind...). A correlation's members come with it in `record`.
    func observation(for record: ExportRecord) -> String? {
        let row = record.sample
        switch kind(row.typeIdentifier) {
        case .quantity(let type): return quantityObservation(row, type: type).json
        case .category(let type): return categoryObservation(row, type: type).json
        case .correlation(let type): return correlationObservation(record, type: type).json
        case .workout: return workoutObservation(row)?.json
        case .electrocardiogram: return electrocardiogramObservation(record)?.json
        case .scoredAssessment: return assessmentObservation(row)?.json
        case .audiogram, .heartbeatSeries, .clinicalRecord, .visionPrescription, .cdaDocument, .stateOfMind,
            .medicationDoseEvent, .other:
            return nil
        }
    }

    // MARK: Observations

    /// What every Observation has: its id and identifier (HealthKit's UUID), status, category, code, subject,
    /// effective time, device and source.
    func commonObservation(_ row: SampleRow) -> JSONObject {
        let code = code(of: row)
        let id = row.uuid.uuidString.lowercased()
        var observation = JSONObject()
        observation.string("resourceType", "Observation")
        observation.string("id", id)
        if let profile = code.profile {
            var meta = JSONObject()
            meta.raw("profile", "[" + JSONStringLiteral.quoted(profile) + "]")
            observation.object("meta", meta)
        }
        var source = JSONObject()
        source.string("url", FHIRCodes.sourceNameExtension)
        source.string("valueString", row.source.name)
        observation.array("extension", [source])
        var identifier = JSONObject()
        identifier.string("system", "urn:ietf:rfc:3986")
        identifier.string("value", "urn:uuid:" + id)
        observation.array("identifier", [identifier])
        observation.string("status", "final")
        if let category = code.category {
            observation.raw(
                "category",
                conceptJSON(key: "category\u{1F}" + category.rawValue) { "[" + Self.category(category).json + "]" })
        }
        // Every row of a type has its type's code.
        observation.raw(
            "code", conceptJSON(key: row.typeIdentifier) { Self.concept(code.codings, text: code.text).json })
        var subject = JSONObject()
        subject.string("reference", patientReference)
        observation.object("subject", subject)
        if row.startDate == row.endDate {
            observation.string("effectiveDateTime", isoDate(row.startDate))
        } else {
            var period = JSONObject()
            period.string("start", isoDate(row.startDate))
            period.string("end", isoDate(row.endDate))
            observation.object("effectivePeriod", period)
        }
        if let device = row.device, let description = Self.deviceDisplay(device) {
            var reference = JSONObject()
            reference.string("reference", deviceReference?(device))
            reference.string("display", description)
            observation.object("device", reference)
        }
        return observation
    }

    private func quantityObservation(_ row: SampleRow, type: HKQuantityType) -> JSONObject {
        let mapping = FHIRCodes.quantityTypes[type.name]
        var observation = commonObservation(row)
        observation.object("valueQuantity", quantity(row.value ?? 0, type: type, mapping: mapping))
        return observation
    }

    private func categoryObservation(_ row: SampleRow, type: HKCategoryType) -> JSONObject {
        var observation = commonObservation(row)
        let number = Int(row.value ?? 0)
        if let name = type.valueName(for: number) {
            let label = type.descriptor.valueEnum + name.prefix(1).uppercased() + name.dropFirst()
            observation.object(
                "valueCodeableConcept",
                Self.concept(
                    [FHIRCodes.Coding(system: FHIRCodes.healthKitCategoryValue, code: label, display: name)], text: name
                ))
        } else {
            observation.raw("valueInteger", String(number))
        }
        return observation
    }

    /// A blood pressure correlation is one Observation with systolic and diastolic components; another correlation
    /// lists its members (`hasMember`).
    private func correlationObservation(_ record: ExportRecord, type: HKCorrelationType) -> JSONObject {
        let row = record.sample
        var observation = commonObservation(row)
        let isBloodPressure = type.identifier == HKCorrelationTypeIdentifier.bloodPressure.rawValue
        if isBloodPressure {
            let components = record.members.compactMap { member -> JSONObject? in
                guard case .quantity(let memberType) = kind(member.sample.typeIdentifier),
                    let memberMapping = FHIRCodes.quantityTypes[memberType.name], let coding = memberMapping.loinc.first
                else { return nil }
                var component = JSONObject()
                component.object(
                    "code",
                    Self.concept(
                        [coding, FHIRCodes.typeCoding(memberType.identifier, memberType.name)], text: coding.display))
                component.object(
                    "valueQuantity", quantity(member.sample.value ?? 0, type: memberType, mapping: memberMapping))
                return component
            }
            observation.array("component", components)
        } else {
            let references = record.members.map { member -> JSONObject in
                var reference = JSONObject()
                reference.string("reference", observationReference(member.sample.uuid))
                return reference
            }
            observation.array("hasMember", references)
        }
        return observation
    }

    /// A workout: "exercise activity" whose value is the activity type, with its duration, energy and distance.
    private func workoutObservation(_ row: SampleRow) -> JSONObject? {
        guard let workout = row.workout, let activityType = HKWorkoutActivityType(rawValue: workout.activityType) else {
            return nil
        }
        var observation = commonObservation(row)
        let name = String(describing: activityType)
        observation.object(
            "valueCodeableConcept",
            Self.concept(
                [
                    FHIRCodes.Coding(
                        system: FHIRCodes.healthKitWorkoutActivityType, code: activityType.exportName, display: name)
                ], text: name))
        var components: [JSONObject] = []
        func component(_ coding: FHIRCodes.Coding, _ value: Double?, storedIn stored: HKUnit, unit: String) {
            guard let value, let unitObject = try? HKUnit(parsing: unit),
                let converted = stored.convert(value, to: unitObject)
            else { return }
            var component = JSONObject()
            component.object("code", Self.concept([coding], text: coding.display))
            component.object("valueQuantity", Self.ucumQuantity(converted, unit: unitObject))
            components.append(component)
        }
        component(FHIRCodes.exerciseDuration, row.value, storedIn: .second(), unit: "min")
        component(FHIRCodes.caloriesBurned, workout.totalEnergyBurned, storedIn: .kilocalorie(), unit: "kcal")
        component(
            FHIRCodes.Coding(
                system: FHIRCodes.healthKitType, code: "HKWorkoutTotalDistance", display: "Total distance"),
            workout.totalDistance, storedIn: .meter(), unit: "m")
        observation.array("component", components)
        return observation
    }

    /// An electrocardiogram: "EKG study", its leads' voltages as SampledData components (microvolts, one every
    /// sampling period), its classification as the impression, and its average heart rate when known.
    private func electrocardiogramObservation(_ record: ExportRecord) -> JSONObject? {
        let row = record.sample
        guard case .electrocardiogram(let detail) = row.detail else { return nil }
        var observation = commonObservation(row)
        var components: [JSONObject] = []
        let duration = row.endDate - row.startDate
        let frequency =
            detail.samplingFrequency ?? (duration > 0 ? Double(detail.voltageCount) / duration : nil)
        if let frequency, frequency > 0 {
            for lead in record.electrocardiogramLeads
            where lead.lead == HKElectrocardiogram.Lead.appleWatchSimilarToLeadI.rawValue {
                var component = JSONObject()
                component.object("code", Self.concept([FHIRCodes.leadI], text: "Lead I"))
                var origin = JSONObject()
                origin.number("value", 0)
                origin.string("unit", "uV")
                origin.string("system", FHIRCodes.ucum)
                origin.string("code", "uV")
                var sampled = JSONObject()
                sampled.object("origin", origin)
                sampled.number("period", 1000 / frequency)
                sampled.number("dimensions", 1)
                sampled.string("data", lead.microvolts.map(NumberText.decimal).joined(separator: " "))
                component.object("valueSampledData", sampled)
                components.append(component)
            }
        }
        let classification = HKElectrocardiogram.Classification(rawValue: detail.classification) ?? .unrecognized
        if classification != .notSet {
            var component = JSONObject()
            component.object(
                "code",
                Self.concept(
                    [FHIRCodes.electrocardiogramImpression], text: FHIRCodes.electrocardiogramImpression.display))
            component.string("valueString", ElectrocardiogramTexts.text(classification))
            components.append(component)
        }
        if let rate = detail.averageHeartRate {
            var component = JSONObject()
            component.object("code", Self.concept([FHIRCodes.heartRate], text: FHIRCodes.heartRate.display))
            component.object(
                "valueQuantity", Self.ucumQuantity(rate, unit: .count().unitDivided(by: .minute()), ucum: "/min"))
            components.append(component)
        }
        observation.array("component", components)
        return observation
    }

    // MARK: Values

    /// A quantity in the mapping's unit (else the owner's preferred unit), with its UCUM code when it has one.
    private func quantity(_ canonicalValue: Double, type: HKQuantityType, mapping: FHIRCodes.Mapping?) -> JSONObject {
        let target =
            mapping?.unit.flatMap { try? HKUnit(parsing: $0) } ?? preferredUnits[type.identifier]
            ?? type.canonicalUnit
        let value = type.canonicalUnit.convert(canonicalValue, to: target) ?? canonicalValue
        return Self.ucumQuantity(value, unit: target, ucum: mapping?.ucum)
    }

    /// A Quantity: in UCUM when the HealthKit unit has a UCUM code (or `ucum` names the code), else with the unit's
    /// text alone.
    private static func ucumQuantity(_ value: Double, unit: HKUnit, ucum override: String? = nil) -> JSONObject {
        var quantity = JSONObject()
        if let code = override {
            quantity.number("value", value)
            quantity.string("unit", code)
            quantity.string("system", FHIRCodes.ucum)
            quantity.string("code", code)
        } else if let ucum = FHIRCodes.ucum(for: unit) {
            quantity.number("value", value * ucum.factor)
            quantity.string("unit", ucum.code == "1" ? "count" : ucum.code)
            quantity.string("system", FHIRCodes.ucum)
            quantity.string("code", ucum.code)
        } else {
            quantity.number("value", value)
            quantity.string("unit", unit.unitString)
        }
        return quantity
    }

    /// The code of a row's type; the kinds ``observation(for:)`` builds all have one.
    private func code(of row: SampleRow) -> FHIRCodes.ObservationCode {
        FHIRCodes.observationCode(of: row.typeIdentifier, kind: kind(row.typeIdentifier))!
    }

    static func concept(_ codings: [FHIRCodes.Coding], text: String) -> JSONObject {
        var concept = JSONObject()
        concept.array(
            "coding",
            codings.map { coding in
                var object = JSONObject()
                object.string("system", coding.system)
                object.string("code", coding.code)
                object.string("display", coding.display)
                return object
            })
        concept.string("text", text)
        return concept
    }

    private func conceptJSON(key: String, _ make: () -> String) -> String {
        if let known = conceptJSONs[key] { return known }
        let json = make()
        conceptJSONs[key] = json
        return json
    }

    private static func category(_ category: FHIRCodes.Category) -> JSONObject {
        concept(
            [
                FHIRCodes.Coding(
                    system: FHIRCodes.observationCategory, code: category.rawValue, display: category.display)
            ], text: category.display)
    }

    private static func deviceDisplay(_ device: DeviceRow) -> String? {
        let fields = DeviceText.labelled(device)
        guard !fields.isEmpty else { return nil }
        return fields.map { "\($0.label): \($0.value)" }.joined(separator: ", ")
    }

    private func isoDate(_ seconds: Double) -> String {
        offsets.iso(seconds)
    }
}
