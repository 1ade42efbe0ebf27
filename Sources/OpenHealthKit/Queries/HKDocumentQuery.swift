public import Foundation
import OpenHealthKitEngine

/// A query for documents with their content (``HKCDADocumentSample/document``), which sample and anchored object
/// queries leave out.
///
/// Before it reads, the user is asked about the matching documents of other sources they have not decided on yet
/// (only the new ones, as HealthKit asks); the query then returns the documents the app saved and those the user
/// allowed. Results come in batches through `resultsHandler`, the last call with `done` true and no documents.
open class HKDocumentQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    /// The most documents to return; ``HKObjectQueryNoLimit`` (0) for all.
    public let limit: Int
    /// The order of the documents; nil for no particular order.
    public let sortDescriptors: [NSSortDescriptor]?
    /// Whether the documents carry their XML (``HKCDADocument/documentData``).
    public let includeDocumentData: Bool
    private let resultsHandler: @Sendable (HKDocumentQuery, [HKDocumentSample]?, Bool, (any Error)?) -> Void

    /// A query for up to `limit` documents of `documentType` matching `predicate`, sorted; with their XML when
    /// `includeDocumentData`.
    public init(
        documentType: HKDocumentType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
        includeDocumentData: Bool,
        resultsHandler: @escaping @Sendable (HKDocumentQuery, [HKDocumentSample]?, Bool, (any Error)?) -> Void
    ) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.includeDocumentData = includeDocumentData
        self.resultsHandler = resultsHandler
        super.init(objectType: documentType, predicate: predicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        let task = Task { [self] in
            let result: Result<[HKCDADocumentSample], HKError>
            do {
                guard let type = objectType as? HKDocumentType else {
                    throw HKError.invalidArgument("\(objectType?.identifier ?? "nil") is not a document type")
                }
                result = .success(
                    try await backend.documents(
                        of: type, predicate: predicateTree(), sort: try RowSort.from(sortDescriptors),
                        limit: max(0, limit), includeData: includeDocumentData))
            } catch {
                result = .failure(HKError(wrapping: error))
            }
            queue.async { [self] in
                guard !isStopped else { return }
                switch result {
                case .success(let documents):
                    if !documents.isEmpty { resultsHandler(self, documents, false, nil) }
                    resultsHandler(self, [], true, nil)
                case .failure(let error):
                    resultsHandler(self, nil, true, error)
                }
            }
        }
        return { task.cancel() }
    }
}
