import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

/// The owner's medication routes: the medications they track and the doses they log (there is no phone app to
/// record them; apps only read them, as HealthKit's do).
struct OwnerMedicationRoutes {
    let bodies: BodyReader

    func add(to router: RouterGroup<OwnerContext>) {
        let medicationType = HKDataTypeIdentifierUserAnnotatedMedicationConcept
        router.on(WireRoutes.ownerMedications) { [self] request, context in
            let user = try context.caller
            let medications = try await user.auditor.audited(
                AuditEntry.owner, "query.medications", types: [medicationType], count: \.count
            ) {
                try await offload { [user] in
                    try await user.engine.medications(matching: nil, limit: 0, as: try OwnerWebStore.owner())
                }
            }
            return JSONResponses.response(WireMedicationsResponse(medications: medications.map(WireMedication.init)))
        }

        router.on(WireRoutes.saveOwnerMedication) { [self] request, context in
            let user = try context.caller
            let body = try await bodies.decode(WireMedication.self, from: request)
            try await user.auditor.audited(AuditEntry.owner, "medication.save", types: [medicationType]) {
                try await offload { [user] in
                    try await user.engine.saveMedication(
                        MedicationCoding.row(body.medication), as: try OwnerWebStore.owner())
                }
            }
            return JSONResponses.response(body)
        }

        router.on(WireRoutes.logOwnerDose) { [self] request, context in
            let user = try context.caller
            let body = try await bodies.decode(WireSample.self, from: request)
            let event = try await user.auditor.audited(
                AuditEntry.owner, "medication.dose", types: [WireTypes.identifier(body.type)], count: { _ in 1 }
            ) {
                guard let event = try body.sample() as? HKMedicationDoseEvent else {
                    throw APIError.badRequest(
                        "A dose is a sample of \(HKMedicationDoseEventTypeIdentifierMedicationDoseEvent)")
                }
                try await offload { [user] in try await user.engine.logDose(event, as: try OwnerWebStore.owner()) }
                return event
            }
            return JSONResponses.response(WireSample(event), status: .created)
        }
    }
}
