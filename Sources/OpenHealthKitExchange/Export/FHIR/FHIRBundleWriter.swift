import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Writes a FHIR R4 Bundle (`type: collection`) of Observations, one entry at a time (docs/FHIR.md).
///
/// The owner is a Patient (gender and birth date from the characteristics) that every Observation refers to. Quantity
/// samples become Observations with a `valueQuantity` in UCUM, coded with LOINC and following the R4 vital-signs
/// profiles where they apply; a blood pressure correlation is one Observation with systolic and diastolic components;
/// category samples get a coded value; other correlations list their members (`hasMember`); workouts are "exercise
/// activity" Observations with duration, energy and distance components; PHQ-9 and GAD-7 assessments are Observations
/// of their LOINC total score with a component per question. Clinical records written in FHIR R4 are included as they
/// were received. Every Observation also carries OpenHealthKit's coding of its HealthKit type, and
/// HealthKit's UUID as its id and identifier.
final class FHIRBundleWriter: ExportWriter {
    let context: ExportContext
    private let file: ExportFile
    private let patientReference: String
    private var entries = 0
    /// The JSON of each `code` and `category` written so far, by what it is made of: every record of a type has the
    /// same, and building it (quoting the systems, codes and displays) was a third of the export's time.
    private var conceptJSONs: [String: String] = [:]
    init(context: ExportContext) throws {
        self.context = context
        file = try ExportFile(creating: context.root)
        let identity = ImportIdentity()
        identity.reset()
        identity.add("Patient")
        patientReference = "urn:uuid:" + identity.uuid().uuidString.lowercased()
    }

    func begin() throws {
        var bundle = JSONObject()
        bundle.string("resourceType", "Bundle")
        bundle.string("type", "collection")
        bundle.string("timestamp", isoDate(context.exportDate.timeIntervalSince1970))
        var head = bundle.json
        head.removeLast()  // the entries follow
        try file.write(head + ",\"entry\":[\n")
        try writeEntry(fullUrl: patientReference, resource: patient())
    }

    func finish() throws {
        try file.write("\n]}\n")
        try file.close()
    }

    func writeEntry(fullUrl: String, resource: String) throws {
        var entry = JSONObject()
        entry.string("fullUrl", fullUrl)
        entry.raw("resource", resource)
        try file.write((entries > 0 ? ",\n" : "") + entry.json)
        entries += 1
    }

    /// The owner, with the characteristics FHIR's Patient has.
    private func patient() -> String {
        var patient = JSONObject()
        patient.string("resourceType", "Patient")
        patient.string("id", String(patientReference.dropFirst("urn:uuid:".count)))
        for (type, stored) in context.characteristics where !stored.isEmpty {
            switch type {
            case .biologicalSex:
                let gender = ["1": "female", "2": "male", "3": "other"][stored]
                patient.string("gender", gender)
                if gender != nil { context.summary.characteristics += 1 }
            case .dateOfBirth:
                patient.string("birthDate", stored)
                context.summary.characteristics += 1
            default: context.notWritten(type.rawValue)
            }
        }
        return patient.json
    }

    // MARK: Records

    func record(_ record: ExportRecord) throws {
        let row = record.sample
        switch context.kind(row.typeIdentifier) {
        case .quantity(let type):
            // Blood pressure values are components of their correlation's Observation.
            if row.correlationUUID != nil,
                type.name == "bloodPressureSystolic" || type.name == "bloodPressureDiastolic",
                context.exportedTypes.contains(HKCorrelationTypeIdentifier.bloodPressure.rawValue)
            {
                return
            }
            try writeObservation(quantityObservation(row, type: type), of: row)
        case .category(let type):
            try writeObservation(categoryObservation(row, type: type), of: row)
        case .correlation(let type):
            try writeCorrelation(record, type: type)
            return
        case .workout:
            guard let observation = workoutObservation(row) else { return context.notWritten(row.typeIdentifier) }
            try writeObservation(observation, of: row)
            for route in record.members { context.notWritten(route.sample.typeIdentifier) }
            context.summary.records[row.typeIdentifier, default: 0] += 1
            return
        case .electrocardiogram:
            guard let observation = electrocardiogramObservation(record) else {
                return context.notWritten(row.typeIdentifier)
            }
            try writeObservation(observation, of: row)
        case .clinicalRecord:
            return try writeClinicalRecord(row)
        case .scoredAssessment:
            guard let observation = assessmentObservation(row) else { return context.notWritten(row.typeIdentifier) }
            try writeObservation(observation, of: row)
        case .audiogram, .heartbeatSeries, .visionPrescription, .cdaDocument, .stateOfMind, .medicationDoseEvent,
            .other:
            return context.notWritten(row.typeIdentifier)
        }
        context.summary.records[row.typeIdentifier, default: 0] += 1
    }

    func writeObservation(_ observation: JSONObject, of row: SampleRow) throws {
        try writeEntry(fullUrl: "urn:uuid:" + row.uuid.uuidString.lowercased(), resource: observation.json)
    }

    /// What every Observation has: its id and identifier (HealthKit's UUID), status, category, code, subject,
    /// effective time, device and source.
    func observation(
        _ row: SampleRow, codings: [FHIRCodes.Coding], text: String, category: FHIRCodes.Category?, profile: String?
    ) -> JSONObject {
        let id = row.uuid.uuidString.lowercased()
        var observation = JSONObject()
        observation.string("resourceType", "Observation")
        observation.string("id", id)
        if let profile {
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
        if let category {
            observation.raw(
                "category",
                conceptJSON(key: "category\u{1F}" + category.rawValue) { "[" + Self.category(category).json + "]" })
        }
        let codeKey =
            codings.map { $0.system + "\u{1F}" + $0.code + "\u{1F}" + $0.display }.joined(separator: "\u{1E}")
            + "\u{1E}" + text
        observation.raw("code", conceptJSON(key: codeKey) { Self.concept(codings, text: text).json })
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
            reference.string("display", description)
            observation.object("device", reference)
        }
        return observation
    }

    private func quantityObservation(_ row: SampleRow, type: HKQuantityType) -> JSONObject {
        let mapping = FHIRCodes.quantityTypes[type.name]
        let category = mapping?.category ?? (FHIRCodes.activityTypes.contains(type.name) ? .activity : nil)
        var observation = observation(
            row, codings: (mapping?.loinc ?? []) + [typeCoding(type.identifier, display: type.name)], text: type.name,
            category: category, profile: mapping?.profile)
        observation.object("valueQuantity", quantity(row.value ?? 0, type: type, mapping: mapping))
        return observation
    }

    private func categoryObservation(_ row: SampleRow, type: HKCategoryType) -> JSONObject {
        var observation = observation(
            row, codings: [typeCoding(type.identifier, display: type.name)], text: type.name, category: nil,
            profile: nil)
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
    /// lists its members, which are written too when their types are not exported on their own.
    private func writeCorrelation(_ record: ExportRecord, type: HKCorrelationType) throws {
        let row = record.sample
        let name = type.identifier.replacingOccurrences(of: "HKCorrelationTypeIdentifier", with: "")
        let text = name.prefix(1).lowercased() + name.dropFirst()
        let isBloodPressure = type.identifier == HKCorrelationTypeIdentifier.bloodPressure.rawValue
        let mapping = isBloodPressure ? FHIRCodes.bloodPressurePanel : nil
        var observation = observation(
            row, codings: (mapping?.loinc ?? []) + [typeCoding(type.identifier, display: text)], text: text,
            category: mapping?.category, profile: mapping?.profile)
        if isBloodPressure {
            let components = record.members.compactMap { member -> JSONObject? in
                guard case .quantity(let memberType) = context.kind(member.sample.typeIdentifier),
                    let memberMapping = FHIRCodes.quantityTypes[memberType.name], let coding = memberMapping.loinc.first
                else { return nil }
                var component = JSONObject()
                component.object(
                    "code",
                    Self.concept(
                        [coding, typeCoding(memberType.identifier, display: memberType.name)], text: coding.display))
                component.object(
                    "valueQuantity", quantity(member.sample.value ?? 0, type: memberType, mapping: memberMapping))
                return component
            }
            observation.array("component", components)
        } else {
            let references = record.members.map { member -> JSONObject in
                var reference = JSONObject()
                reference.string("reference", "urn:uuid:" + member.sample.uuid.uuidString.lowercased())
                return reference
            }
            observation.array("hasMember", references)
        }
        try writeObservation(observation, of: row)
        context.summary.records[row.typeIdentifier, default: 0] += 1
        for member in record.members
        where !isBloodPressure && !context.exportedTypes.contains(member.sample.typeIdentifier) {
            try self.record(member)
        }
    }

    /// A workout: "exercise activity" whose value is the activity type, with its duration, energy and distance.
    private func workoutObservation(_ row: SampleRow) -> JSONObject? {
        guard let workout = row.workout, let activityType = HKWorkoutActivityType(rawValue: workout.activityType) else {
            return nil
        }
        var observation = observation(
            row, codings: [FHIRCodes.exerciseActivity, typeCoding(HKWorkoutTypeIdentifier, display: "workout")],
            text: "workout",
            category: .activity, profile: nil)
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
        let identifier = HKObjectType.electrocardiogramType().identifier
        var observation = observation(
            row,
            codings: [
                FHIRCodes.electrocardiogramStudy, FHIRCodes.electricPotential,
                typeCoding(identifier, display: "electrocardiogram"),
            ], text: "electrocardiogram", category: .procedure, profile: nil)
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
            mapping?.unit.flatMap { try? HKUnit(parsing: $0) } ?? context.preferredUnits[type.identifier]
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

    func typeCoding(_ identifier: String, display: String) -> FHIRCodes.Coding {
        FHIRCodes.Coding(system: FHIRCodes.healthKitType, code: identifier, display: display)
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
        DateText.iso(seconds, offset: context.offset(seconds))
    }

    // MARK: Records that are not samples

    func activitySummary(_ summary: ActivitySummaryRow) throws {
        context.notWritten("ActivitySummary")
    }

    func unrecognizedRecord(_ record: UnrecognizedRecordRow) throws {
        context.notWritten("Unrecognized")
    }
}
