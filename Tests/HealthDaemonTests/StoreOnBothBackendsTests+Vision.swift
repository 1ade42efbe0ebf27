import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// Vision prescriptions and their attachments on both backends: an app reads the prescriptions it saved and those
/// the user allows one by one; a scan attaches to a prescription the app saved, checked before it is stored.
extension StoreOnBothBackendsTests {
    static let prescriptionType = HKObjectType.visionPrescriptionType()

    static func diopters(_ value: Double) -> HKQuantity { HKQuantity(unit: .diopter(), doubleValue: value) }
    static func millimetres(_ value: Double) -> HKQuantity {
        HKQuantity(unit: .meterUnit(with: .milli), doubleValue: value)
    }

    /// Glasses issued `day` days after 14 November 2023, with a prism on the right lens.
    static func glasses(issuedAfter day: Double = 0) -> HKGlassesPrescription {
        let issued = Date(timeIntervalSince1970: 1_700_000_000 + day * 86_400)
        let right = HKGlassesLensSpecification(
            sphere: diopters(-1.25), cylinder: diopters(-0.5), axis: HKQuantity(unit: .degreeAngle(), doubleValue: 90),
            addPower: diopters(1), vertexDistance: millimetres(12),
            prism: HKVisionPrism(
                amount: HKQuantity(unit: .prismDiopter(), doubleValue: 1),
                angle: HKQuantity(unit: .degreeAngle(), doubleValue: 90), eye: .right),
            farPupillaryDistance: millimetres(31.5), nearPupillaryDistance: millimetres(29))
        let left = HKGlassesLensSpecification(
            sphere: diopters(-1), cylinder: nil, axis: nil, addPower: nil, vertexDistance: nil, prism: nil,
            farPupillaryDistance: millimetres(31), nearPupillaryDistance: nil)
        return HKGlassesPrescription(
            rightEyeSpecification: right, leftEyeSpecification: left, dateIssued: issued,
            expirationDate: issued.addingTimeInterval(2 * 365 * 86_400), device: nil,
            metadata: [HKMetadataKeyGlassesPrescriptionDescription: "Distance"])
    }

    /// A file holding `bytes` in `folder`.
    static func file(_ bytes: [UInt8], named name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// A store of an optician app allowed to write prescriptions.
    func opticianStore(_ world: StoreWorld) async throws -> HKHealthStore {
        let store = try await world.store(Apps.app("com.example.optician"))
        try await store.requestAuthorization(toShare: [Self.prescriptionType], read: [])
        return store
    }

    /// `body` with a glasses prescription the optician saved, the optician's attachment store and a scratch folder
    /// for files (removed afterwards).
    func withSavedPrescription(
        _ world: StoreWorld, _ body: (HKGlassesPrescription, HKAttachmentStore, URL) async throws -> Void
    ) async throws {
        let folder = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await opticianStore(world)
        let prescription = Self.glasses()
        try await store.save(prescription)
        try await body(prescription, HKAttachmentStore(healthStore: store), folder)
    }

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 600_000)

    @Test(arguments: StoreBackend.allCases)
    func aGlassesPrescriptionComesBackWithItsLensesAndPrism(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await opticianStore(world)
            let saved = Self.glasses()
            try await store.save(saved)
            let found = try await HKSampleQueryDescriptor(predicates: [.visionPrescription()], sortDescriptors: [])
                .result(for: store)
            let glasses = try #require(found.first as? HKGlassesPrescription)
            #expect(found.count == 1)
            #expect(glasses.uuid == saved.uuid)
            #expect(glasses.prescriptionType == .glasses)
            #expect(glasses.dateIssued == saved.dateIssued)
            #expect(glasses.expirationDate == saved.expirationDate)
            #expect(glasses.metadata?[HKMetadataKeyGlassesPrescriptionDescription] as? String == "Distance")
            let right = try #require(glasses.rightEye)
            #expect(right.sphere.doubleValue(for: .diopter()) == -1.25)
            #expect(right.axis?.doubleValue(for: .degreeAngle()) == 90)
            #expect(right.vertexDistance?.doubleValue(for: .meterUnit(with: .milli)) == 12)
            #expect(right.farPupillaryDistance?.doubleValue(for: .meterUnit(with: .milli)) == 31.5)
            let prism = try #require(right.prism)
            #expect(prism.eye == .right)
            #expect(prism.verticalBase == .up)
            #expect(abs(prism.verticalAmount.doubleValue(for: .prismDiopter()) - 1) < 1e-9)
            #expect(glasses.leftEye?.cylinder == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aContactLensPrescriptionKeepsItsBrandAndFit(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await opticianStore(world)
            let lens = HKContactsLensSpecification(
                sphere: Self.diopters(-2), cylinder: nil, axis: nil, addPower: nil, baseCurve: Self.millimetres(8.6),
                diameter: Self.millimetres(14.2))
            let saved = HKContactsPrescription(
                rightEyeSpecification: lens, leftEyeSpecification: lens, brand: "Acuvue Oasys",
                dateIssued: Date(timeIntervalSince1970: 1_700_000_000), expirationDate: nil, device: nil, metadata: nil)
            try await store.save(saved)
            let contacts = try #require(
                try await Fetch.samples(store, Self.prescriptionType).first as? HKContactsPrescription)
            #expect(contacts.brand == "Acuvue Oasys")
            #expect(contacts.expirationDate == nil)
            #expect(contacts.leftEye?.baseCurve?.doubleValue(for: .meterUnit(with: .milli)) == 8.6)
            #expect(contacts.rightEye?.diameter?.doubleValue(for: .meterUnit(with: .milli)) == 14.2)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppReadsAnotherSourcesPrescriptionsOnlyOnceTheUserAllowsEach(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let optician = try await opticianStore(world)
            let older = Self.glasses(), newer = Self.glasses(issuedAfter: 400)
            try await optician.save([older, newer])
            let reader = try await world.store(Apps.app("com.example.frames")) { request in
                AuthorizationAnswer(allowedObjects: [newer.uuid.uuidString])
            }
            #expect(try await Fetch.samples(reader, Self.prescriptionType).isEmpty)
            try await reader.requestPerObjectReadAuthorization(for: Self.prescriptionType, predicate: nil)
            #expect(try await Fetch.samples(reader, Self.prescriptionType).map(\.uuid) == [newer.uuid])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func prescriptionsCannotBeAskedForWithTheTypePermissionSheet(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.store(Apps.app("com.example.frames"))
            #expect(
                await failure { try await store.requestAuthorization(toShare: [], read: [Self.prescriptionType]) }
                    == .errorInvalidArgument)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aScanIsAttachedListedReadAndRemoved(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await withSavedPrescription(world) { prescription, attachments, folder in
                let attachment = try await attachments.addAttachment(
                    to: prescription, name: "scan.png", contentType: .png,
                    url: try Self.file(Self.png, named: "scan.png", in: folder), metadata: ["page": "1"])
                #expect(attachment.name == "scan.png")
                #expect(attachment.size == Self.png.count)
                #expect(attachment.contentType == .png)
                #expect(
                    try await attachments.attachments(for: prescription).map(\.identifier) == [attachment.identifier])
                let reader = attachments.dataReader(for: attachment)
                #expect(try await reader.data == Data(Self.png))
                var count = 0
                for try await _ in attachments.dataReader(for: attachment).bytes { count += 1 }
                #expect(count == Self.png.count)
                try await attachments.removeAttachment(attachment, from: prescription)
                #expect(try await attachments.attachments(for: prescription).isEmpty)
                #expect(await failure { _ = try await attachments.dataReader(for: attachment).data } == .errorNoData)
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aFileWhoseBytesAreNotItsContentTypeIsRefused(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await withSavedPrescription(world) { prescription, attachments, folder in
                let script = try Self.file(Array("#!/bin/sh\necho hi\n".utf8), named: "scan.jpg", in: folder)
                #expect(
                    await failure {
                        _ = try await attachments.addAttachment(
                            to: prescription, name: "scan.jpg", contentType: .jpeg, url: script)
                    } == .errorInvalidArgument)
                #expect(try await attachments.attachments(for: prescription).isEmpty)
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aFileLargerThanAnAttachmentMayBeIsRefused(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await withSavedPrescription(world) { prescription, attachments, folder in
                let huge = try Self.file(
                    [0x25, 0x50, 0x44, 0x46, 0x2D] + Array(repeating: 0x20, count: 20 << 20), named: "scan.pdf",
                    in: folder)
                #expect(
                    await failure {
                        _ = try await attachments.addAttachment(
                            to: prescription, name: "scan.pdf", contentType: .pdf, url: huge)
                    } == .errorDataSizeExceeded)
                #expect(try await attachments.attachments(for: prescription).isEmpty)
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppAttachesOnlyToItsOwnPrescriptionsAndSeesOnlyWhatItMayRead(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await withSavedPrescription(world) { prescription, attachments, folder in
                let scan = try await attachments.addAttachment(
                    to: prescription, name: "scan.png", contentType: .png,
                    url: try Self.file(Self.png, named: "scan.png", in: folder))
                let other = try await world.store(Apps.app("com.example.frames")) { _ in AuthorizationAnswer() }
                let theirs = HKAttachmentStore(healthStore: other)
                #expect(
                    await failure {
                        _ = try await theirs.addAttachment(
                            to: prescription, name: "mine.png", contentType: .png,
                            url: try Self.file(Self.png, named: "mine.png", in: folder))
                    } == .errorAuthorizationDenied)
                #expect(try await theirs.attachments(for: prescription).isEmpty)
                #expect(await failure { _ = try await theirs.dataReader(for: scan).data } == .errorNoData)
            }
        }
    }
}
