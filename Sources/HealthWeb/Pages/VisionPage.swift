import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenHealthKitEngine
import OpenHealthKitModel

/// Vision: the glasses and contact lens prescriptions, each lens's values by eye, and the files attached to them
/// (a scan or photo of the prescription: added here, shown, removed).
struct VisionPage: Sendable {
    struct LensRow: Sendable {
        let label: String
        let right: String
        let left: String
    }

    struct Attachment: Sendable {
        let name: String
        let href: String
        let size: String
        let added: String
        let isImage: Bool
        let removeAction: String
    }

    struct Prescription: Sendable {
        let id: String
        let kind: String
        let issued: String
        let expires: String?
        let brand: String?
        let source: String
        let lenses: [LensRow]
        let attachments: [Attachment]
        let uploadAction: String
    }

    let chrome: Chrome
    let tabs: [RecordsTab]
    let prescriptions: [Prescription]
    let hasPrescriptions: Bool
    let maximumSize: String
    let accepted: String
}

extension HealthWebApp {
    func addVisionRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.vision) { [self] web in
            let store = web.host.store
            let dates = try await pageDates(web.host)
            let prescriptions = try await blocking { () -> [VisionPage.Prescription] in
                try store.samples(
                    of: HKObjectType.visionPrescriptionType(), predicate: nil, newestFirst: true, limit: Self.logLimit
                ).compactMap { $0 as? HKVisionPrescription }.map { prescription in
                    Self.prescriptionCard(
                        prescription, attachments: try store.attachments(of: prescription.uuid), dates: dates)
                }
            }
            return await renderer.html(
                "vision",
                VisionPage(
                    chrome: chrome(web, title: "Vision", section: .browse),
                    tabs: RecordsTab.all(current: WebRoutes.vision), prescriptions: prescriptions,
                    hasPrescriptions: !prescriptions.isEmpty,
                    maximumSize: ProgressText.bytes(Int64(AttachmentValidation.maximumSize)),
                    accepted: AttachmentValidation.acceptedTypes.compactMap(\.preferredMIMEType).joined(separator: ","))
            )
        }

        // A form with a file: multipart, its CSRF token a field of it.
        router.post(WebRoutes.visionAttachments.routerPath) { [self] request, context in
            await respond(request) {
                let signedIn = try await postingSession(request)
                let limit = AttachmentValidation.maximumSize + (64 << 10)
                if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
                    throw WebError(.contentTooLarge, Self.attachmentTooLarge)
                }
                let buffer: ByteBuffer
                do {
                    buffer = try await request.body.collect(upTo: limit)
                } catch {
                    throw WebError(.contentTooLarge, Self.attachmentTooLarge)
                }
                let form = try MultipartForm(
                    body: Data(buffer.readableBytesView), contentType: request.headers[.contentType] ?? "")
                guard let token = form["csrf"], constantTimeEqual(token, signedIn.session.csrfToken) else {
                    throw WebError(.forbidden, "This form has expired. Go back, reload the page and try again.")
                }
                let web = WebRequest(request: request, context: context, signedIn: signedIn, form: FormData(""))
                let uuid = try Self.uuid(try web.parameter("uuid"))
                guard let file = form.file("file"), !file.data.isEmpty else {
                    return redirect(
                        web, to: WebRoutes.vision.path(), message: "Choose a file to attach.", isError: true)
                }
                let name = Self.attachmentName(file.fileName ?? "")
                guard
                    let type = file.contentType.flatMap({ UTType(mimeType: $0) })
                        ?? UTType(filenameExtension: (name as NSString).pathExtension)
                else {
                    throw HKError.invalidArgument("Attach an image (JPEG, PNG, HEIC, GIF, TIFF) or a PDF.")
                }
                let store = web.host.store
                let data = file.data
                let attachment = try await blocking {
                    try store.addAttachment(to: uuid, name: name, contentType: type, data: data)
                }
                await web.host.audit(
                    "attachment.add", types: [HKVisionPrescriptionTypeIdentifier], count: 1, errorCode: nil)
                return redirect(
                    web, to: WebRoutes.vision.path() + "#prescription-\(uuid.uuidString)",
                    message: "Attached \(attachment.name).")
            }
        }

        // The file itself, shown by the browser (images and PDFs only are stored), never run or framed.
        router.get(WebRoutes.visionAttachment.routerPath) { [self] request, context in
            await respond(request) {
                try checkHost(request)
                guard let signedIn = try await signedIn(request) else {
                    throw WebError(.unauthorized, "Sign in to see this file.")
                }
                let id = try Self.uuid(context.parameters.get("id") ?? "")
                let store = signedIn.host.store
                guard let (attachment, data) = try await blocking({ try store.attachmentData(id) }) else {
                    throw WebError.notFound("No file has this address.")
                }
                let ascii = attachment.name.unicodeScalars.map {
                    $0.isASCII && $0 != "\"" && $0 != "\\" ? Character($0) : "_"
                }
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: attachment.contentType.preferredMIMEType ?? "application/octet-stream",
                        .contentDisposition: "inline; filename=\"\(String(ascii))\"",
                        .cacheControl: "no-store", .xContentTypeOptions: "nosniff",
                        .contentSecurityPolicy: "default-src 'none'; sandbox",
                    ],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
            }
        }

        action(router, WebRoutes.visionAttachmentRemove) { [self] web in
            let uuid = try Self.uuid(try web.parameter("uuid")), id = try Self.uuid(try web.parameter("id"))
            let store = web.host.store
            do {
                try await blocking { try store.removeAttachment(id, from: uuid) }
            } catch let error as HKError where [.errorAuthorizationDenied, .errorInvalidArgument].contains(error.code) {
                // The owner may remove any attachment: refused means there is no such file (or prescription).
                throw WebError.notFound("No file has this address.")
            }
            await web.host.audit(
                "attachment.remove", types: [HKVisionPrescriptionTypeIdentifier], count: 1, errorCode: nil)
            return redirect(
                web, to: WebRoutes.vision.path() + "#prescription-\(uuid.uuidString)", message: "Removed the file.")
        }
    }

    static let attachmentTooLarge =
        "The file is larger than \(ProgressText.bytes(Int64(AttachmentValidation.maximumSize))): attach a smaller scan."

    /// A file name without its folders (browsers of old sent whole paths), at most 255 characters.
    static func attachmentName(_ raw: String) -> String {
        let name = raw.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let cleaned = String(name.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(255))
        return cleaned.isEmpty ? "attachment" : cleaned
    }

    static func prescriptionCard(_ prescription: HKVisionPrescription, attachments: [HKAttachment], dates: PageDateText)
        -> VisionPage.Prescription
    {
        let glasses = prescription as? HKGlassesPrescription, contacts = prescription as? HKContactsPrescription
        let right: HKLensSpecification? = glasses?.rightEye ?? contacts?.rightEye
        let left: HKLensSpecification? = glasses?.leftEye ?? contacts?.leftEye
        func value(_ quantity: HKQuantity?, _ unit: HKUnit, _ suffix: String, signed: Bool = false) -> String {
            guard let quantity, let number = try? quantity.convertedValue(to: unit) else { return "" }
            let text = PageNumberText.format(number)
            return (signed && number > 0 ? "+" : "") + text + suffix
        }
        func prism(_ lens: HKLensSpecification?) -> String {
            guard let prism = (lens as? HKGlassesLensSpecification)?.prism else { return "" }
            return value(prism.amount, .prismDiopter(), " pD") + " at " + value(prism.angle, .degreeAngle(), "°")
        }
        let millimetre = HKUnit.meterUnit(with: .milli)
        var rows: [(String, (HKLensSpecification?) -> String)] = [
            ("Sphere", { value($0?.sphere, .diopter(), " D", signed: true) }),
            ("Cylinder", { value($0?.cylinder, .diopter(), " D", signed: true) }),
            ("Axis", { value($0?.axis, .degreeAngle(), "°") }),
            ("Add", { value($0?.addPower, .diopter(), " D", signed: true) }),
        ]
        if glasses != nil {
            rows += [
                ("Prism", prism),
                ("Vertex distance", { value(($0 as? HKGlassesLensSpecification)?.vertexDistance, millimetre, " mm") }),
                (
                    "Pupillary distance (far)",
                    {
                        value(($0 as? HKGlassesLensSpecification)?.farPupillaryDistance, millimetre, " mm")
                    }
                ),
                (
                    "Pupillary distance (near)",
                    {
                        value(($0 as? HKGlassesLensSpecification)?.nearPupillaryDistance, millimetre, " mm")
                    }
                ),
            ]
        } else {
            rows += [
                ("Base curve", { value(($0 as? HKContactsLensSpecification)?.baseCurve, millimetre, " mm") }),
                ("Diameter", { value(($0 as? HKContactsLensSpecification)?.diameter, millimetre, " mm") }),
            ]
        }
        let id = prescription.uuid.uuidString
        return VisionPage.Prescription(
            id: id, kind: glasses != nil ? "Glasses" : "Contact Lenses", issued: dates.day(prescription.dateIssued),
            expires: prescription.expirationDate.map(dates.day), brand: contacts?.brand,
            source: prescription.sourceRevision.source.name,
            lenses: rows.map { VisionPage.LensRow(label: $0.0, right: $0.1(right), left: $0.1(left)) }
                .filter { !$0.right.isEmpty || !$0.left.isEmpty },
            attachments: attachments.map { attachment in
                VisionPage.Attachment(
                    name: attachment.name, href: WebRoutes.visionAttachment.path(attachment.identifier.uuidString),
                    size: ProgressText.bytes(Int64(attachment.size)), added: dates.dateTime(attachment.creationDate),
                    isImage: attachment.contentType.conforms(to: .image),
                    removeAction: WebRoutes.visionAttachmentRemove.path(id, attachment.identifier.uuidString))
            },
            uploadAction: WebRoutes.visionAttachments.path(id))
    }
}
