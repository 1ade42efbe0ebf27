import Foundation
import Testing
@testable import OpenHealthKitExchange

/// The streaming JSON reader: the grammar checked token by token, across chunk boundaries, within its bounds.
@Suite struct JSONPullReaderTests {
    func tokens(_ text: String, chunkSize: Int = 3) throws -> [JSONPullReader.Token] {
        var chunks = Array(text.utf8).chunked(chunkSize)
        var reader = JSONPullReader(nextChunk: { chunks.isEmpty ? nil : chunks.removeFirst() })
        var tokens: [JSONPullReader.Token] = []
        while true {
            let token = try reader.next()
            tokens.append(token)
            if token == .end { return tokens }
        }
    }

    @Test func aDocumentSplitAcrossChunksReadsAsWhole() throws {
        let text = #"{"a": [1, -2.5e3, true, null, "x\"\u00e9\ud83d\ude00"], "b": {}}"#
        #expect(try tokens(text, chunkSize: 1) == tokens(text, chunkSize: 1_000))
        #expect(
            try tokens(text) == [
                .beginObject, .key("a"), .beginArray, .number(1), .number(-2500), .bool(true), .null,
                .string("x\"é😀"), .endArray, .key("b"), .beginObject, .endObject, .endObject, .end,
            ])
    }

    @Test(arguments: [
        "", "{", #"{"a" 1}"#, #"{"a": 1,}"#, "[1,]", "[01]", "[1.]", "[-]", "[+1]", #"["\x"]"#, #"["\ud800"]"#,
        "[\"\u{01}\"]", "[tru]", "{} []", "[1e999]", #"{1: 2}"#,
    ])
    func anythingThatIsNotJSONFailsWithItsOffset(_ text: String) {
        #expect(throws: JSONSyntaxError.self) { try tokens(text) }
    }

    @Test func invalidUTF8InAStringFails() {
        var reader = JSONPullReader(bytes: [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])
        #expect(throws: JSONSyntaxError.self) {
            while try reader.next() != .end {}
        }
    }

    @Test func nestingBeyondTheBoundFailsInsteadOfGrowing() {
        let deep = String(repeating: "[", count: JSONPullReader.maximumDepth + 1)
        #expect(throws: JSONSyntaxError.self) { try tokens(deep) }
    }

    @Test func aRecordOverItsBudgetFails() throws {
        var reader = JSONPullReader(bytes: Array("[1, 2, 3, 4]".utf8))
        var budget = 3
        let first = try reader.next()
        #expect(throws: JSONSyntaxError.self) { try reader.value(startingWith: first, budget: &budget) }
    }
}

extension Array {
    fileprivate func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
