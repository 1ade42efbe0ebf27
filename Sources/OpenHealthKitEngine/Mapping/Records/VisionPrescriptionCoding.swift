package import Foundation
package import OpenHealthKitModel

/// Vision prescriptions to rows and back, in the row's fixed units: diopters, degrees, millimetres, prism diopters.
package enum VisionPrescriptionCoding {
    static let diopter = HKUnit.diopter(), degree = HKUnit.degreeAngle(), millimeter = HKUnit.meterUnit(with: .milli)
    static let prismDiopter = HKUnit.prismDiopter()

    package static func row(for prescription: HKVisionPrescription) throws -> VisionPrescriptionRow {
        var lenses: [VisionLensRow] = []
        var brand: String?
        switch prescription {
        case let glasses as HKGlassesPrescription:
            for (lens, eye) in [(glasses.rightEye, HKVisionEye.right), (glasses.leftEye, .left)] {
                guard let lens else { continue }
                var row = try common(lens, eye: eye)
                row.vertexDistance = try lens.vertexDistance?.convertedValue(to: millimeter)
                row.farPupillaryDistance = try lens.farPupillaryDistance?.convertedValue(to: millimeter)
                row.nearPupillaryDistance = try lens.nearPupillaryDistance?.convertedValue(to: millimeter)
                if let prism = lens.prism {
                    row.prismAmount = try prism.amount.convertedValue(to: prismDiopter)
                    row.prismAngle = try prism.angle.convertedValue(to: degree)
                    row.prismVerticalAmount = try prism.verticalAmount.convertedValue(to: prismDiopter)
                    row.prismVerticalBase = prism.verticalBase.rawValue
                    row.prismHorizontalAmount = try prism.horizontalAmount.convertedValue(to: prismDiopter)
                    row.prismHorizontalBase = prism.horizontalBase.rawValue
                }
                lenses.append(row)
            }
        case let contacts as HKContactsPrescription:
            brand = contacts.brand
            for (lens, eye) in [(contacts.rightEye, HKVisionEye.right), (contacts.leftEye, .left)] {
                guard let lens else { continue }
                var row = try common(lens, eye: eye)
                row.baseCurve = try lens.baseCurve?.convertedValue(to: millimeter)
                row.diameter = try lens.diameter?.convertedValue(to: millimeter)
                lenses.append(row)
            }
        default:
            break
        }
        return VisionPrescriptionRow(
            prescriptionType: Int(prescription.prescriptionType.rawValue),
            expirationDate: prescription.expirationDate?.timeIntervalSince1970, brand: brand, lenses: lenses)
    }

    private static func common(_ lens: HKLensSpecification, eye: HKVisionEye) throws -> VisionLensRow {
        var row = VisionLensRow(eye: eye.rawValue, sphere: try lens.sphere.convertedValue(to: diopter))
        row.cylinder = try lens.cylinder?.convertedValue(to: diopter)
        row.axis = try lens.axis?.convertedValue(to: degree)
        row.addPower = try lens.addPower?.convertedValue(to: diopter)
        return row
    }

    /// The prescription a row holds, of its type's class (glasses or contacts).
    package static func prescription(
        _ row: VisionPrescriptionRow, uuid: UUID, dateIssued: Date, device: HKDevice?, metadata: [String: Any]?,
        sourceRevision: HKSourceRevision
    ) -> HKVisionPrescription {
        let expiration = row.expirationDate.map(Date.init(timeIntervalSince1970:))
        func quantity(_ value: Double?, _ unit: HKUnit) -> HKQuantity? {
            value.map { HKQuantity(unit: unit, doubleValue: $0) }
        }
        func lens(_ eye: HKVisionEye) -> VisionLensRow? { row.lenses.first { $0.eye == eye.rawValue } }
        switch HKVisionPrescriptionType(rawValue: UInt(max(0, row.prescriptionType))) {
        case .glasses:
            func glasses(_ eye: HKVisionEye) -> HKGlassesLensSpecification? {
                guard let lens = lens(eye) else { return nil }
                var prism: HKVisionPrism?
                if let amount = lens.prismAmount, let angle = lens.prismAngle {
                    prism = try? HKVisionPrism.validating(
                        amount: HKQuantity(unit: prismDiopter, doubleValue: amount),
                        angle: HKQuantity(unit: degree, doubleValue: angle), eye: eye
                    ).get()
                }
                return .stored(
                    sphere: HKQuantity(unit: diopter, doubleValue: lens.sphere),
                    cylinder: quantity(lens.cylinder, diopter), axis: quantity(lens.axis, degree),
                    addPower: quantity(lens.addPower, diopter),
                    vertexDistance: quantity(lens.vertexDistance, millimeter),
                    prism: prism, farPupillaryDistance: quantity(lens.farPupillaryDistance, millimeter),
                    nearPupillaryDistance: quantity(lens.nearPupillaryDistance, millimeter))
            }
            return HKGlassesPrescription(
                uuid: uuid, rightEye: glasses(.right), leftEye: glasses(.left), dateIssued: dateIssued,
                expirationDate: expiration, device: device, metadata: metadata, sourceRevision: sourceRevision)
        case .contacts:
            func contacts(_ eye: HKVisionEye) -> HKContactsLensSpecification? {
                guard let lens = lens(eye) else { return nil }
                return .stored(
                    sphere: HKQuantity(unit: diopter, doubleValue: lens.sphere),
                    cylinder: quantity(lens.cylinder, diopter), axis: quantity(lens.axis, degree),
                    addPower: quantity(lens.addPower, diopter), baseCurve: quantity(lens.baseCurve, millimeter),
                    diameter: quantity(lens.diameter, millimeter))
            }
            return HKContactsPrescription(
                uuid: uuid, rightEye: contacts(.right), leftEye: contacts(.left), brand: row.brand ?? "",
                dateIssued: dateIssued, expirationDate: expiration, device: device, metadata: metadata,
                sourceRevision: sourceRevision)
        case nil:
            return HKVisionPrescription(
                uuid: uuid, prescriptionType: .glasses, dateIssued: dateIssued, expirationDate: expiration,
                device: device, metadata: metadata, sourceRevision: sourceRevision)
        }
    }
}
