import Testing
@testable import OpenHealthKitExchange

/// Batch sizes: small first batches, full ones in the middle, a third of what is left near the end.
@Suite struct BatchSizingTests {
    @Test func theFirstBatchesDoubleUpToTheMaximum() {
        var sizing = BatchSizing(maximum: 50_000, documentSize: nil)
        var targets: [Int] = []
        for _ in 0..<7 {
            let target = sizing.target(bytesRead: 0)
            targets.append(target)
            sizing.submitted(rows: target)
        }
        #expect(targets == [2_000, 4_000, 8_000, 16_000, 32_000, 50_000, 50_000])
    }

    @Test func nearTheEndABatchTakesAThirdOfTheRowsToCome() {
        var sizing = BatchSizing(maximum: 50_000, documentSize: 100_000_000)
        for _ in 0..<16 { sizing.submitted(rows: 50_000) }
        // 800,000 rows in the first 90 MB: about 88,900 in the last 10 MB.
        #expect(sizing.target(bytesRead: 50_000_000) == 50_000)
        #expect(sizing.target(bytesRead: 90_000_000) == 29_629)
        #expect(sizing.target(bytesRead: 99_000_000) == 2_693)
        #expect(sizing.target(bytesRead: 99_900_000) == 2_000)
        #expect(sizing.target(bytesRead: 100_000_000) == 2_000)
    }

    @Test func withoutADocumentSizeBatchesStayFull() {
        var sizing = BatchSizing(maximum: 50_000, documentSize: nil)
        for _ in 0..<16 { sizing.submitted(rows: 50_000) }
        #expect(sizing.target(bytesRead: 1_000_000_000) == 50_000)
    }

    @Test func aMaximumBelowTheMinimumWins() {
        let sizing = BatchSizing(maximum: 500, documentSize: nil)
        #expect(sizing.target(bytesRead: 0) == 500)
    }
}
