import Foundation
package import OpenHealthKitModel

extension HealthEngine {
    /// The types whose objects the user allows one by one, by identifier.
    static let perObjectTypes = [
        HKVisionPrescriptionTypeIdentifier, HKDataTypeIdentifierUserAnnotatedMedicationConcept,
        HKDocumentTypeIdentifier.CDA.rawValue,
    ]

    /// `requestPerObjectReadAuthorization(for:predicate:)`: asks the user which objects of `type` matching `predicate`
    /// the app may read, and records the answer. As in HealthKit the user is asked every time, about every matching
    /// object the app did not save (those it saved it always reads); with no such object nobody is asked.
    ///
    /// `type` must require per-object authorization (vision prescriptions, medications): another type is
    /// `errorInvalidArgument`, as is a missing `NSHealthShareUsageDescription`.
    package func requestObjectReadAuthorization(
        for type: HKObjectType, predicate: PredicateTree?, app: AppManifest, answerer: (any AuthorizationAnswerer)?
    ) async throws {
        try app.checkProvisioning()
        guard type.requiresPerObjectAuthorization() else {
            throw HKError.invalidArgument(
                "\(type.identifier) does not require per-object authorization: use requestAuthorization(toShare:read:)")
        }
        try app.checkUsageDescriptions(share: [], read: [type.identifier])
        let candidates = try await objectCandidates(of: type, predicate: predicate, app: app)
        guard !candidates.isEmpty else { return }
        try await askAboutObjects(ObjectReadRequest(type: type, candidates: candidates), app: app, answerer: answerer)
    }

    /// Asks `answerer` about objects and records the decisions (allowed: the keys it answered; denied: the others).
    func askAboutObjects(_ request: ObjectReadRequest, app: AppManifest, answerer: (any AuthorizationAnswerer)?)
        async throws
    {
        let answer = try await ask(
            AuthorizationRequest(app: app, toShare: [], toRead: [], objects: request), answerer: answerer)
        try await recordObjectDecisions(answer, for: request, app: app.bundleIdentifier)
    }

    /// Records the user's decisions about the objects of a request (also the answer to a sheet no call waits for).
    package func recordObjectDecisions(_ answer: AuthorizationAnswer, for request: ObjectReadRequest, app: String)
        async throws
    {
        let decisions = Dictionary(
            uniqueKeysWithValues: request.candidates.map { ($0.key, answer.allowedObjects.contains($0.key)) })
        try await storageCall { try await objectGrants.set(decisions, app: app, type: request.type.identifier) }
        var touched: Set<String> = [request.type.identifier]
        if request.type is HKUserAnnotatedMedicationType {
            touched.insert(HKMedicationDoseEventTypeIdentifierMedicationDoseEvent)
        }
        await publish(
            StoreChange(
                typeIdentifiers: touched, anchor: (try? storage.currentAnchor()) ?? 0, kind: .grants, app: app))
    }

    /// The objects of `type` matching `predicate` that the app did not save, each with the user's earlier decision.
    private func objectCandidates(of type: HKObjectType, predicate: PredicateTree?, app: AppManifest) async throws
        -> [ObjectReadRequest.Candidate]
    {
        let decisions = try await storageCall {
            try await objectGrants.decisions(app: app.bundleIdentifier, type: type.identifier)
        }
        if type is HKUserAnnotatedMedicationType {
            return try await storageCall { try storage.medications(conceptCodes: nil) }.filter {
                try MedicationPredicate.matches(predicate, $0)
            }.map {
                ObjectReadRequest.Candidate(
                    key: $0.conceptCode, label: Self.label(of: MedicationCoding.medication($0)),
                    allowedBefore: decisions[$0.conceptCode] ?? false)
            }
        }
        guard let sampleType = type as? HKSampleType else { return [] }
        let query = RowQuery(
            typeIdentifiers: [type.identifier],
            condition: try PredicateTranslation.condition(for: predicate, type: sampleType),
            sort: [RowSort(.startDate, ascending: false)])
        let rows = try await storageCall { try await storage.fetch(query) }.filter {
            $0.source.bundleIdentifier != app.bundleIdentifier
        }
        return rows.map { row in
            ObjectReadRequest.Candidate(
                key: row.uuid.uuidString, label: Self.label(of: row),
                allowedBefore: decisions[row.uuid.uuidString] ?? false)
        }
    }

    /// What a permission sheet shows for a prescription or a document.
    static func label(of row: SampleRow) -> String {
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = TimeZone(identifier: "UTC")
        day.dateFormat = "yyyy-MM-dd"
        let issued = day.string(from: Date(timeIntervalSince1970: row.startDate))
        switch row.detail {
        case .visionPrescription(let prescription)?:
            let kind =
                prescription.prescriptionType == Int(HKVisionPrescriptionType.contacts.rawValue)
                ? "Contact lens prescription" : "Glasses prescription"
            let expires = prescription.expirationDate.map {
                ", expires " + day.string(from: Date(timeIntervalSince1970: $0))
            }
            return "\(kind) issued \(issued)\(expires ?? "") (\(row.source.name))"
        case .cdaDocument(let document)?:
            let title = document.title.isEmpty ? "Untitled document" : document.title
            let custodian = document.custodianName.isEmpty ? row.source.name : document.custodianName
            return "\(title), \(issued) (\(custodian))"
        default:
            return "\(row.typeIdentifier) \(issued) (\(row.source.name))"
        }
    }

    /// What a permission sheet shows for a medication.
    static func label(of medication: HKUserAnnotatedMedication) -> String {
        let name = medication.medication.displayText
        guard let nickname = medication.nickname, !nickname.isEmpty else { return name }
        return "\(nickname) (\(name))"
    }
}
