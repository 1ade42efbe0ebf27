import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// An attachment's bytes read as text on both backends: Unicode scalars, characters and lines, decoded from UTF-8 as
/// Foundation's `AsyncBytes` decode them.
extension StoreOnBothBackendsTests {
    /// A PDF whose bytes are text: a header, a line ending in CR LF, an empty line, accents and an emoji.
    static let textPDF = Array("%PDF-1.7\r\nCafé 👍🏽\n\nlast\u{2028}part".utf8)

    /// `body` with a reader of a PDF attachment holding ``textPDF``.
    func withTextAttachment(
        _ backend: StoreBackend, _ body: (HKAttachmentDataReader) async throws -> Void
    ) async throws {
        try await withWorld(backend) { world in
            try await withSavedPrescription(world) { prescription, attachments, folder in
                let attachment = try await attachments.addAttachment(
                    to: prescription, name: "letter.pdf", contentType: .pdf,
                    url: try Self.file(Self.textPDF, named: "letter.pdf", in: folder), metadata: nil)
                try await body(attachments.dataReader(for: attachment))
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAttachmentReadsAsNonEmptyLinesWithoutTheirBreaks(_ backend: StoreBackend) async throws {
        try await withTextAttachment(backend) { reader in
            var lines: [String] = []
            for try await line in reader.bytes.lines { lines.append(line) }
            #expect(lines == ["%PDF-1.7", "Café 👍🏽", "last", "part"])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAttachmentReadsAsCharactersKeepingGraphemeClustersWhole(_ backend: StoreBackend) async throws {
        try await withTextAttachment(backend) { reader in
            var characters: [Character] = []
            for try await character in reader.bytes.characters { characters.append(character) }
            #expect(String(characters) == String(decoding: Self.textPDF, as: UTF8.self))
            #expect(characters.contains("👍🏽"))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAttachmentReadsAsTheUnicodeScalarsOfItsUTF8(_ backend: StoreBackend) async throws {
        try await withTextAttachment(backend) { reader in
            var scalars = String.UnicodeScalarView()
            for try await scalar in reader.bytes.unicodeScalars { scalars.append(scalar) }
            #expect(Array(scalars) == Array(String(decoding: Self.textPDF, as: UTF8.self).unicodeScalars))
        }
    }
}
