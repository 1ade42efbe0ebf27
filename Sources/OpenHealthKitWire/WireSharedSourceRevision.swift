import Foundation
import OpenHealthKitModel

/// A source revision and device that samples of one query answer share, listed once in the answer
/// (``WireSamplesResponse/sourceRevisions``) and named by each of its samples by index
/// (``WireSample/sourceRevisionIndex``): an answer of a thousand readings of one watch says who wrote them once.
public struct WireSharedSourceRevision: Codable, Sendable, Hashable {
    /// The source revision.
    public var sourceRevision: WireSourceRevision
    /// The device of the samples that name this entry; nil when they have none.
    public var device: WireDevice?

    /// An entry of a revision and device.
    public init(sourceRevision: WireSourceRevision, device: WireDevice?) {
        self.sourceRevision = sourceRevision
        self.device = device
    }
}

extension WireSamplesResponse {
    /// An answer listing its samples' distinct source revisions and devices once, in order of first use, each sample
    /// naming its own by index; a sample without a source revision keeps its device.
    package init(sharingSourceRevisionsOf samples: [WireSample]) {
        var entries: [WireSharedSourceRevision] = []
        var indexes: [WireSharedSourceRevision: Int] = [:]
        self.init(
            samples: samples.map { sample in
                guard let revision = sample.sourceRevision else { return sample }
                let entry = WireSharedSourceRevision(sourceRevision: revision, device: sample.device)
                let index =
                    indexes[entry]
                    ?? {
                        entries.append(entry)
                        indexes[entry] = entries.count - 1
                        return entries.count - 1
                    }()
                var shared = sample
                shared.sourceRevision = nil
                shared.device = nil
                shared.sourceRevisionIndex = index
                return shared
            })
        sourceRevisions = entries
    }

    /// The samples with their source revisions and devices in place, whether the answer shares them or not.
    ///
    /// - Throws: an `HKError` (`errorUnknown`) when a sample names an entry the answer does
    ///   not list (healthd never writes such an answer).
    package func resolvedSamples() throws -> [WireSample] {
        try samples.map { sample in
            guard let index = sample.sourceRevisionIndex else { return sample }
            guard let entries = sourceRevisions, entries.indices.contains(index) else {
                throw HKError(
                    .unknownError,
                    "healthd's answer names source revision \(index) of \(sourceRevisions?.count ?? 0) it lists")
            }
            var resolved = sample
            resolved.sourceRevisionIndex = nil
            resolved.sourceRevision = entries[index].sourceRevision
            resolved.device = entries[index].device
            return resolved
        }
    }
}
