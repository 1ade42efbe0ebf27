import Foundation
import Testing
@testable import HKCommandLine

@Suite struct OutputRendererTests {
    private struct Row: OutputRecord {
        let name: String
        let note: String?
        static let columns = ["name", "note"]
        var cells: [String] { [name, note ?? ""] }
    }

    private let rows = [Row(name: "a", note: "plain"), Row(name: "longer name", note: nil)]

    @Test func tableAlignsAndTrimsTrailingSpaces() throws {
        #expect(
            try OutputFormat.table.render(rows) == """
                name         note
                a            plain
                longer name

                """)
    }

    @Test func tableOfNoRowsIsItsHeader() throws {
        #expect(try OutputFormat.table.render([Row]()) == "name  note\n")
    }

    @Test func csvQuotesPerRFC4180() throws {
        let tricky = [Row(name: "a,b", note: "say \"hi\""), Row(name: "two\nlines", note: "x")]
        #expect(try OutputFormat.csv.render(tricky) == "name,note\n\"a,b\",\"say \"\"hi\"\"\"\n\"two\nlines\",x\n")
    }

    @Test func jsonIsPrettySortedAndOmitsAbsentFields() throws {
        #expect(
            try OutputFormat.json.render([Row(name: "a/b", note: nil)]) == """
                [
                  {
                    "name" : "a/b"
                  }
                ]

                """)
    }

    @Test(arguments: [
        (37.0, "37"), (36.99999999999999, "37"), (-40.00000000000006, "-40"), (1.609344, "1.609344"),
        (0.1 + 0.2, "0.3"), (-0.0, "0"), (2.5e-10, "2.5e-10"), (123_456_789_012_345, "123456789012345"),
        (1e20, "1e+20"), (70.0 / 60.0, "1.16666666667"),
    ])
    func numbers(value: Double, text: String) {
        #expect(value.formattedForOutput == text)
    }
}
