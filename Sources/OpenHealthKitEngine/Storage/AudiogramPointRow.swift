package import Foundation

/// One frequency of an audiogram, in Hz and dBHL.
package struct AudiogramPointRow: Sendable, Equatable {
    package var sampleUUID: UUID
    package var position: Int
    package var frequency: Double
    package var leftEar: Double?
    package var rightEar: Double?
    /// The point's other exported attributes (masking, clamping ranges) as a JSON object, or nil.
    package var attributes: String?

    package init(
        sampleUUID: UUID, position: Int, frequency: Double, leftEar: Double?, rightEar: Double?, attributes: String?
    ) {
        self.sampleUUID = sampleUUID
        self.position = position
        self.frequency = frequency
        self.leftEar = leftEar
        self.rightEar = rightEar
        self.attributes = attributes
    }
}
