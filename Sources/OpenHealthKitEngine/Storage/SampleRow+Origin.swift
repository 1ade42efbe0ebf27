extension SampleRow {
    /// What a row shares with every row of its type and provenance: the type, the source, the source revision and the
    /// device.
    ///
    /// Boxed and immutable. A read hands its rows one origin per distinct combination, so that buffering or handing on
    /// a row retains one object instead of each of these strings, and a decoder knows a run of rows of one origin by
    /// identity instead of comparing strings (``RowDecoding``). Equal origins are equal by value, whether shared or not.
    package final class Origin: Sendable, Equatable, CustomStringConvertible {
        package let typeIdentifier: String
        package let source: SourceRow
        package let revision: RevisionRow
        package let device: DeviceRow?

        package init(typeIdentifier: String, source: SourceRow, revision: RevisionRow, device: DeviceRow?) {
            self.typeIdentifier = typeIdentifier
            self.source = source
            self.revision = revision
            self.device = device
        }

        /// The fields, as a row's own would print (a failed comparison of rows in a test shows them).
        package var description: String {
            "Origin(typeIdentifier: \(typeIdentifier), source: \(source), revision: \(revision), device: "
                + "\(device.map(String.init(describing:)) ?? "nil"))"
        }

        /// Whether this origin holds these values: a reader that decodes them for every row shares the origin of the
        /// row before when they are the same.
        package func holds(
            typeIdentifier: String, source: SourceRow, revision: RevisionRow, device: DeviceRow?
        ) -> Bool {
            self.typeIdentifier == typeIdentifier && self.source == source && self.revision == revision
                && self.device == device
        }

        package static func == (lhs: Origin, rhs: Origin) -> Bool {
            lhs === rhs
                || lhs.holds(
                    typeIdentifier: rhs.typeIdentifier, source: rhs.source, revision: rhs.revision, device: rhs.device)
        }
    }
}
