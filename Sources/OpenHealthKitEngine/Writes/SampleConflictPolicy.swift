/// What a sample whose UUID is stored already does in a batch being inserted (``SampleWritePlanner``).
package enum SampleConflictPolicy: Sendable {
    /// It fails the whole batch with ``StorageError/duplicateUUID(_:)`` (a save). Rows are inserted in the batch's
    /// order, so their anchors follow it.
    case fail
    /// It is skipped, and a correlation member stored already on its own joins its correlation (an import: the
    /// export lists blood-pressure values both inside their correlation and at top level). Rows are inserted in
    /// ``SampleRow/insertionOrder(_:)``.
    case skip

    /// The order in which the rows of `rows` are considered and inserted.
    package func order(_ rows: [SampleRow]) -> [Int] {
        switch self {
        case .fail: Array(rows.indices)
        case .skip: SampleRow.insertionOrder(rows)
        }
    }
}
