package import Foundation
package import OpenHealthKitModel

/// A vision prescription as Apple's export writes it: a `VisionPrescription` element (`type`, `dateIssued`,
/// `expirationDate`, `brand`) with `RightEye` and `LeftEye` children (each value with its unit attribute: `sphere`
/// and `sphereUnit`...), `MetadataEntry` and `Attachment` children. Read by the importer, and by the store's upgrade
/// of prescriptions an earlier import kept verbatim; written back by the Apple XML export.
package enum ExportedVisionPrescription {
    /// What a `VisionPrescription` element holds, read.
    package struct Read: Sendable {
        package var dateIssued: Double
        package var prescription: VisionPrescriptionRow
        /// `MetadataEntry` keys and values, as exported.
        package var metadata: [(key: String, value: String)]
        /// The identifiers of the `Attachment` children (exports hold no attachment files).
        package var attachmentIdentifiers: [String]
    }

    /// The type names of the export.
    static let typeNames: [HKVisionPrescriptionType: String] = [
        .glasses: "HKVisionPrescriptionTypeGlasses", .contacts: "HKVisionPrescriptionTypeContacts",
    ]

    /// Each lens value: its attribute, the row's field and the unit the row keeps it in.
    static var lensFields: [(attribute: String, field: WritableKeyPath<VisionLensRow, Double?>, unit: HKUnit)] {
        [
            ("cylinder", \.cylinder, .diopter()), ("axis", \.axis, .degreeAngle()), ("add", \.addPower, .diopter()),
            ("vertex", \.vertexDistance, .meterUnit(with: .milli)), ("prismAmount", \.prismAmount, .prismDiopter()),
            ("prismAngle", \.prismAngle, .degreeAngle()), ("farPD", \.farPupillaryDistance, .meterUnit(with: .milli)),
            ("nearPD", \.nearPupillaryDistance, .meterUnit(with: .milli)),
            ("baseCurve", \.baseCurve, .meterUnit(with: .milli)),
            ("diameter", \.diameter, .meterUnit(with: .milli)),
        ]
    }

    /// Reads an element's attributes and children (element name and attributes, in order); `date` parses the
    /// export's dates to seconds since 1970. The prescription is checked as a saved one would be.
    package static func read(
        attributes: [String: String], children: [(element: String, attributes: [String: String])],
        date: (String) -> Double?
    ) throws(HKError) -> Read {
        guard let typeName = attributes["type"],
            let type = typeNames.first(where: { $0.value == typeName })?.key
        else {
            throw HKError.invalidArgument("type \(attributes["type"] ?? "(none)") is not a vision prescription type")
        }
        guard let issued = attributes["dateIssued"].flatMap(date) else {
            throw HKError.invalidArgument("dateIssued \(attributes["dateIssued"] ?? "(none)") is not a date")
        }
        var expiration: Double?
        if let text = attributes["expirationDate"], !text.isEmpty {
            guard let seconds = date(text) else {
                throw HKError.invalidArgument("expirationDate \(text) is not a date")
            }
            expiration = seconds
        }
        var lenses: [VisionLensRow] = []
        var metadata: [(key: String, value: String)] = []
        var attachments: [String] = []
        for child in children {
            switch child.element {
            case "RightEye", "LeftEye":
                let eye: HKVisionEye = child.element == "RightEye" ? .right : .left
                guard !lenses.contains(where: { $0.eye == eye.rawValue }) else {
                    throw HKError.invalidArgument("the prescription has two \(child.element) elements")
                }
                lenses.append(try lens(child.attributes, eye: eye))
            case "MetadataEntry":
                if let key = child.attributes["key"], let value = child.attributes["value"] {
                    metadata.append((key, value))
                }
            case "Attachment":
                attachments.append(child.attributes["identifier"] ?? "")
            default:
                continue
            }
        }
        let row = VisionPrescriptionRow(
            prescriptionType: Int(type.rawValue), expirationDate: expiration,
            brand: type == .contacts ? attributes["brand"] ?? "" : attributes["brand"], lenses: lenses)
        try check(row, issued: issued)
        return Read(dateIssued: issued, prescription: row, metadata: metadata, attachmentIdentifiers: attachments)
    }

    /// The attributes of a `RightEye` or `LeftEye` element for a lens, values with their units (`D`, `deg`, `mm`,
    /// `pD`), in the export's order.
    package static func attributes(of lens: VisionLensRow) -> [(String, String)] {
        var attributes = [("sphere", number(lens.sphere)), ("sphereUnit", HKUnit.diopter().unitString)]
        for (attribute, field, unit) in lensFields {
            guard let value = lens[keyPath: field] else { continue }
            attributes += [(attribute, number(value)), (attribute + "Unit", unit.unitString)]
        }
        return attributes
    }

    /// The export's name of a prescription type raw value.
    package static func typeName(_ rawValue: Int) -> String {
        HKVisionPrescriptionType(rawValue: UInt(max(0, rawValue))).flatMap { typeNames[$0] } ?? ""
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    private static func lens(_ attributes: [String: String], eye: HKVisionEye) throws(HKError) -> VisionLensRow {
        func value(_ attribute: String, _ unit: HKUnit) throws(HKError) -> Double? {
            guard let text = attributes[attribute], !text.isEmpty else { return nil }
            guard let number = Double(text), number.isFinite else {
                throw HKError.invalidArgument("\(attribute) \(text) is not a number")
            }
            guard let unitText = attributes[attribute + "Unit"], !unitText.isEmpty else { return number }
            guard let given = try? HKUnit(parsing: unitText), let converted = given.convert(number, to: unit) else {
                throw HKError.invalidArgument("\(attribute)Unit \(unitText) is not compatible with \(unit.unitString)")
            }
            return converted
        }
        guard let sphere = try value("sphere", .diopter()) else {
            throw HKError.invalidArgument("a lens needs a sphere")
        }
        var row = VisionLensRow(eye: eye.rawValue, sphere: sphere)
        for (attribute, field, unit) in lensFields { row[keyPath: field] = try value(attribute, unit) }
        guard (row.prismAmount == nil) == (row.prismAngle == nil) else {
            throw HKError.invalidArgument("a prism needs both its amount and its angle")
        }
        if let amount = row.prismAmount, let angle = row.prismAngle {
            let prism = try HKVisionPrism.validating(
                amount: HKQuantity(unit: .prismDiopter(), doubleValue: amount),
                angle: HKQuantity(unit: .degreeAngle(), doubleValue: angle), eye: eye
            ).get()
            row.prismVerticalAmount = prism.verticalAmount.doubleValue(for: .prismDiopter())
            row.prismVerticalBase = prism.verticalBase.rawValue
            row.prismHorizontalAmount = prism.horizontalAmount.doubleValue(for: .prismDiopter())
            row.prismHorizontalBase = prism.horizontalBase.rawValue
        }
        return row
    }

    /// The checks a saved prescription gets (dates, lens values), on the row.
    private static func check(_ row: VisionPrescriptionRow, issued: Double) throws(HKError) {
        let prescription = VisionPrescriptionCoding.prescription(
            row, uuid: UUID(), dateIssued: Date(timeIntervalSince1970: issued), device: nil, metadata: nil,
            sourceRevision: .placeholder())
        try prescription.validate()
    }
}

extension ExportedVisionPrescription {
    /// An export date (`2021-05-05 00:00:00 +0200`) in seconds since 1970, for the few dates read outside the
    /// importer's fast parser.
    package static func seconds(_ text: String) -> Double? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter.date(from: text)?.timeIntervalSince1970
    }
}
