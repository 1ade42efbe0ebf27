import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import Testing

/// A type's samples, newest first, a page at a time: every sample appears exactly once, even where many share a
/// start date across a page boundary.
extension HealthdBacked {
    @Suite struct SampleListTests {
        @Test func pagingShowsEverySampleOnce() async throws {
            let daemon = try await TestDaemon.start()
            do {
                let owner = Principal.owner(source: try SourceRow.owner(named: "Health"))
                let start = Date(timeIntervalSince1970: 1_790_000_000)
                // 70 samples at one instant (across the first page's end), then 60 a minute apart.
                var samples: [HKSample] = []
                for index in 0..<130 {
                    let date = index < 70 ? start : start.addingTimeInterval(Double(index) * -60)
                    samples.append(
                        try HKQuantitySample(
                            validating: HKQuantityType(.heartRate),
                            quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: Double(50 + index % 40)),
                            start: date, end: date))
                }
                try await daemon.engine.save(samples, as: owner)
                let browser = try await daemon.signedInClient()
                var seen: [String] = []
                var path: String? = "/types/heartRate"
                var pages = 0
                while let next = path, pages < 10 {
                    let page = try await browser.get(next)
                    #expect(page.status == 200)
                    seen += Self.matches(of: #"data-uuid="([^"]+)""#, in: page.text)
                    path = Self.matches(of: #"href="([^"]+)" id="older""#, in: page.text).first?.replacingOccurrences(
                        of: "&amp;", with: "&")
                    pages += 1
                }
                #expect(pages == 3)
                #expect(seen.count == 130)
                #expect(Set(seen) == Set(samples.map(\.uuid.uuidString)))
            } catch {
                try await daemon.stop()
                throw error
            }
            try await daemon.stop()
        }

        private static func matches(of pattern: String, in text: String) -> [String] {
            let expression = try! NSRegularExpression(pattern: pattern)
            return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            }
        }
    }
}
