import Foundation

/// What a state of mind holds beyond its sample row (whose value is the valence): its kind, labels and associations,
/// as raw values in their order.
package struct StateOfMindRow: Sendable, Equatable {
    package var kind: Int
    package var labels: [Int]
    package var associations: [Int]

    package init(kind: Int, labels: [Int], associations: [Int]) {
        self.kind = kind
        self.labels = labels
        self.associations = associations
    }
}
