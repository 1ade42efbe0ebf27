import Foundation
import Testing
@testable import OpenHealthKitExchange

/// Health Auto Export's dates, read by hand.
@Suite struct AutoExportDateTests {
    @Test func aDateKeepsItsOffsetAndNamesTheSameInstantAsAFormatter() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        for text in ["2024-02-29 23:59:59 -0800", "1969-12-31 23:00:00 +0000", "2026-03-05 07:41:09 +0530"] {
            let date = try #require(AutoExportDate(text))
            #expect(date.date == formatter.date(from: text), "\(text)")
        }
        #expect(AutoExportDate("2026-03-05 07:41:09 +0530")?.offset == 19_800)
    }

    @Test func aDayAloneIsItsMidnightInUTC() {
        #expect(AutoExportDate("2026-03-05") == nil ? false : AutoExportDate("2026-03-05")!.seconds == 1_772_668_800)
        #expect(AutoExportDate("2026-03-05")?.offset == nil)
    }

    @Test(arguments: [
        "", "2026-02-30 00:00:00 +0000", "2026-13-01 00:00:00 +0000", "2026-03-05 24:00:00 +0000",
        "2026-03-05 07:41:09", "2026-03-05T07:41:09Z", "2026-03-05 07:41:09 +1500", "2026-03-05 07:41:09 +0100x",
    ])
    func anythingElseIsNoDate(_ text: String) {
        #expect(AutoExportDate(text) == nil)
    }
}
