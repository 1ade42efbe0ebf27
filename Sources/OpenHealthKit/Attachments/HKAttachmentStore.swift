public import Foundation
import OpenHealthKitEngine

/// Adds, lists, reads and removes the files attached to objects in the store, such as the scan of a vision
/// prescription.
///
/// Files attach to vision prescriptions the app saved; they are checked before they are stored (at most 20 MiB, an
/// image or PDF whose bytes match its content type) and kept in the store's database (private to its owner). An app
/// reads the attachments of the objects it may read.
public final class HKAttachmentStore: NSObject, @unchecked Sendable {
    private let healthStore: HKHealthStore

    /// A store of the attachments of `healthStore`'s objects.
    public init(healthStore: HKHealthStore) {
        self.healthStore = healthStore
        super.init()
    }

    /// Attaches the file at `URL` (a file URL) to `object`; `completion` gets the attachment, or an error.
    public func addAttachment(
        to object: HKObject, name: String, contentType: UTType, url URL: URL, metadata: [String: Any]?,
        completion: @escaping @Sendable (HKAttachment?, (any Error)?) -> Void
    ) {
        let metadata = SendableMetadata(metadata)
        healthStore.dispatch({ [backend = healthStore.backend] in
            try backend.addAttachment(
                to: object.uuid, name: name, contentType: contentType, data: try Self.contents(of: URL),
                metadata: metadata.value)
        }) { result in
            switch result {
            case .success(let attachment): completion(attachment, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// Attaches the file at `URL` (a file URL) to `object` and returns the attachment; throws ``HKError``.
    public func addAttachment(
        to object: HKObject, name: String, contentType: UTType, url URL: URL, metadata: [String: Any]? = nil
    ) async throws -> HKAttachment {
        let metadata = SendableMetadata(metadata)
        return try await healthStore.perform { [backend = healthStore.backend] in
            try backend.addAttachment(
                to: object.uuid, name: name, contentType: contentType, data: try Self.contents(of: URL),
                metadata: metadata.value)
        }
    }

    /// Removes an attachment from `object`; `completion` gets whether it did, and the error if not.
    public func removeAttachment(
        _ attachment: HKAttachment, from object: HKObject, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        healthStore.dispatch({ [backend = healthStore.backend] in
            try backend.removeAttachment(attachment.identifier, from: object.uuid)
        }) { result in
            switch result {
            case .success: completion(true, nil)
            case .failure(let error): completion(false, error)
            }
        }
    }

    /// Removes an attachment from `object`; throws ``HKError``.
    public func removeAttachment(_ attachment: HKAttachment, from object: HKObject) async throws {
        try await healthStore.perform { [backend = healthStore.backend] in
            try backend.removeAttachment(attachment.identifier, from: object.uuid)
        }
    }

    /// The attachments of `object`, oldest first; none for an object the app may not read.
    public func getAttachments(
        for object: HKObject, completion: @escaping @Sendable ([HKAttachment]?, (any Error)?) -> Void
    ) {
        healthStore.dispatch({ [backend = healthStore.backend] in try backend.attachments(of: object.uuid) }) {
            result in
            switch result {
            case .success(let attachments): completion(attachments, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// The attachments of `object`, oldest first; none for an object the app may not read.
    public func attachments(for object: HKObject) async throws -> [HKAttachment] {
        try await healthStore.perform { [backend = healthStore.backend] in try backend.attachments(of: object.uuid) }
    }

    /// Reads an attachment's bytes; `completion` gets them, or an error. The progress counts the bytes read.
    @discardableResult
    public func getData(for attachment: HKAttachment, completion: @escaping @Sendable (Data?, (any Error)?) -> Void)
        -> Progress
    {
        let progress = Progress(totalUnitCount: Int64(attachment.size))
        let counter = ProgressCounter(progress)
        healthStore.dispatch({ [backend = healthStore.backend] in
            var data = Data()
            try backend.readAttachment(attachment.identifier) { chunk in
                data.append(chunk)
                counter.add(chunk.count)
                return true
            }
            return data
        }) { result in
            switch result {
            case .success(let data): completion(data, nil)
            case .failure(let error): completion(nil, error)
            }
        }
        return progress
    }

    /// Streams an attachment's bytes in chunks, in order: `dataHandler` gets each chunk with `done` false, then
    /// `nil, nil, true`; or an error with `done` true.
    @discardableResult
    public func streamData(
        for attachment: HKAttachment, dataHandler: @escaping @Sendable (Data?, (any Error)?, Bool) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: Int64(attachment.size))
        let counter = ProgressCounter(progress)
        healthStore.dispatch({ [backend = healthStore.backend] in
            try backend.readAttachment(attachment.identifier) { chunk in
                counter.add(chunk.count)
                dataHandler(chunk, nil, false)
                return !progress.isCancelled
            }
        }) { result in
            switch result {
            case .success: dataHandler(nil, nil, true)
            case .failure(let error): dataHandler(nil, error, true)
            }
        }
        return progress
    }

    /// A reader of an attachment's bytes, whole or as an asynchronous sequence.
    public func dataReader(for attachment: HKAttachment) -> HKAttachmentDataReader {
        HKAttachmentDataReader(attachment: attachment, store: healthStore)
    }

    /// The file's bytes: a file URL only, refused before reading when larger than an attachment may be.
    private static func contents(of url: URL) throws -> Data {
        guard url.isFileURL else { throw HKError.invalidArgument("\(url) is not a file URL") }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
        guard let size else { throw HKError.invalidArgument("\(url.path) cannot be read") }
        guard size <= AttachmentValidation.maximumSize else {
            throw HKError(
                .errorDataSizeExceeded,
                "The file is \(size) bytes; attachments of at most \(AttachmentValidation.maximumSize) bytes are accepted"
            )
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw HKError.invalidArgument("\(url.path) cannot be read")
        }
        return data
    }
}

/// Metadata handed to a background queue (its values are immutable strings, numbers and dates).
struct SendableMetadata: @unchecked Sendable {
    let value: [String: Any]?

    init(_ value: [String: Any]?) {
        self.value = value
    }
}

/// Counts read bytes into a `Progress` (which is thread-safe).
struct ProgressCounter: @unchecked Sendable {
    let progress: Progress

    init(_ progress: Progress) {
        self.progress = progress
    }

    func add(_ bytes: Int) {
        progress.completedUnitCount += Int64(bytes)
    }
}
