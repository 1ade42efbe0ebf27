/// How many rows the batch being filled gets before it goes to the writer.
///
/// The parser and the writer overlap except at the two ends: the writer waits for the first batch, and the parser's
/// end waits for the last batches to be stored. Both waits last as long as a batch, so batches start small and
/// double up to ``maximum``, and near the end of the document (estimated from the bytes read so far and the rows they
/// gave) each batch takes a third of the rows still to come. In between, batches are ``maximum`` rows: every batch
/// costs the writer a commit and a walk through the indexes, so the middle ones stay large.
struct BatchSizing {
    /// Rows of a full batch.
    let maximum: Int
    /// The smallest batch, first and last.
    let minimum: Int
    /// The document's size in bytes, when known.
    let documentSize: Int64?
    private var batchesSubmitted = 0
    private var rowsSubmitted = 0

    init(maximum: Int, documentSize: Int64?) {
        self.maximum = max(maximum, 1)
        self.minimum = min(2_000, self.maximum)
        self.documentSize = documentSize
    }

    /// The size for the batch being filled, after `bytesRead` bytes of the document.
    func target(bytesRead: Int64) -> Int {
        let rampUp = batchesSubmitted >= 16 ? maximum : minimum << batchesSubmitted
        var target = min(maximum, rampUp)
        if let documentSize, documentSize > 0, bytesRead > 0, rowsSubmitted > 0 {
            let rowsPerByte = Double(rowsSubmitted) / Double(bytesRead)
            let rowsToCome = rowsPerByte * Double(max(documentSize - bytesRead, 0))
            target = min(target, Int(rowsToCome / 3))
        }
        return max(target, minimum)
    }

    /// Notes a batch handed to the writer.
    mutating func submitted(rows: Int) {
        batchesSubmitted += 1
        rowsSubmitted += rows
    }
}
