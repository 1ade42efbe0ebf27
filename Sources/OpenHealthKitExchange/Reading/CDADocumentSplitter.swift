import Foundation
import OpenHealthKitModel

/// Splits `export_cda.xml` into its documents. Apple's file holds one `ClinicalDocument` after another, so it is not
/// one XML document and no XML parser reads it whole; this reader finds where each top-level element starts and ends
/// and hands over its bytes, for ``CDADocumentReader`` to check and read.
///
/// Safe with hostile input, as the importer's SAX parser is: it is fed a chunk at a time and holds one document at
/// most (and no more than ``CDADocumentReader/maximumSize`` bytes of it: a larger one is reported and skipped); it
/// expands nothing and resolves nothing (a `<!DOCTYPE` between documents is skipped whole, its internal subset
/// included, and never read). Comments, processing instructions, CDATA sections and quoted attribute values are
/// followed, so that a `>` or `<` inside them does not end or start an element.
struct CDADocumentSplitter {
    /// What the splitter found at the top level.
    enum Piece {
        /// A document's bytes, and the line it starts on.
        case document(Data, line: Int)
        /// A document larger than the limit, skipped.
        case tooLarge(line: Int)
    }

    private enum State {
        case text
        /// After `<`, reading the bytes that tell what follows.
        case markup([UInt8])
        case startTag(quote: UInt8?, last: UInt8)
        case endTag
        case comment(dashes: Int)
        case cdata(brackets: Int)
        case instruction(question: Bool)
        /// A declaration (`<!DOCTYPE ...>`): the bracket depth of its internal subset and the open quote.
        case declaration(brackets: Int, quote: UInt8?)
    }

    private var state = State.text
    private var depth = 0
    private var line = 1
    /// Whether the bytes belong to a top-level element (or may: a `<` at the top level until the next byte tells).
    private var capturing = false
    private var documentLine = 1
    private var buffer = Data()
    private var oversized = false
    private let limit: Int

    init(limit: Int = CDADocumentReader.maximumSize) {
        self.limit = limit
    }

    /// Whether the file ended inside a document.
    var isInsideDocument: Bool { capturing }

    /// Reads a chunk; `emit` gets each piece as it ends.
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ emit: (Piece) throws -> Void) rethrows {
        for byte in chunk {
            if byte == 0x0A { line += 1 }
            if capturing { capture(byte) }
            try step(byte, emit)
        }
    }

    private mutating func step(_ byte: UInt8, _ emit: (Piece) throws -> Void) rethrows {
        switch state {
        case .text:
            guard byte == UInt8(ascii: "<") else { return }
            state = .markup([])
            if depth == 0 {
                capturing = true
                oversized = false
                buffer = Data([byte])
                documentLine = line
            }
        case .markup(var seen):
            seen.append(byte)
            if seen == [UInt8(ascii: "/")] {
                state = .endTag
            } else if seen == [UInt8(ascii: "?")] {
                state = .instruction(question: false)
            } else if seen.first == UInt8(ascii: "!") {
                let comment = Array("!--".utf8), cdata = Array("![CDATA[".utf8)
                if seen == comment {
                    state = .comment(dashes: 0)
                } else if seen == cdata {
                    state = .cdata(brackets: 0)
                } else if comment.starts(with: seen) || cdata.starts(with: seen) {
                    state = .markup(seen)
                } else {
                    state = .declaration(brackets: 0, quote: nil)
                }
            } else {
                state = .startTag(quote: nil, last: byte)
                if byte == UInt8(ascii: ">") { try closeStartTag(selfClosing: false, emit) }
                return
            }
            // At the top level only elements are documents: anything else is dropped.
            if depth == 0, !isStartTag { capturing = false }
        case .startTag(let quote, let last):
            if let quote {
                state = .startTag(quote: byte == quote ? nil : quote, last: byte)
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                state = .startTag(quote: byte, last: byte)
            } else if byte == UInt8(ascii: ">") {
                try closeStartTag(selfClosing: last == UInt8(ascii: "/"), emit)
            } else if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                state = .startTag(quote: nil, last: byte)
            }
        case .endTag:
            guard byte == UInt8(ascii: ">") else { return }
            state = .text
            depth = max(0, depth - 1)
            if depth == 0, capturing { try end(emit) }
        case .comment(let dashes):
            state =
                byte == UInt8(ascii: ">") && dashes >= 2
                ? .text : .comment(dashes: byte == UInt8(ascii: "-") ? dashes + 1 : 0)
        case .cdata(let brackets):
            state =
                byte == UInt8(ascii: ">") && brackets >= 2
                ? .text : .cdata(brackets: byte == UInt8(ascii: "]") ? brackets + 1 : 0)
        case .instruction(let question):
            state = byte == UInt8(ascii: ">") && question ? .text : .instruction(question: byte == UInt8(ascii: "?"))
        case .declaration(let brackets, let quote):
            if let quote {
                state = .declaration(brackets: brackets, quote: byte == quote ? nil : quote)
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                state = .declaration(brackets: brackets, quote: byte)
            } else if byte == UInt8(ascii: "[") {
                state = .declaration(brackets: brackets + 1, quote: nil)
            } else if byte == UInt8(ascii: "]") {
                state = .declaration(brackets: max(0, brackets - 1), quote: nil)
            } else if byte == UInt8(ascii: ">"), brackets == 0 {
                state = .text
            }
        }
    }

    private var isStartTag: Bool {
        if case .startTag = state { return true }
        if case .markup(let seen) = state { return seen.first.map { $0 != UInt8(ascii: "!") } ?? true }
        return false
    }

    private mutating func closeStartTag(selfClosing: Bool, _ emit: (Piece) throws -> Void) rethrows {
        state = .text
        if !selfClosing {
            depth += 1
        } else if depth == 0, capturing {
            try end(emit)
        }
    }

    private mutating func capture(_ byte: UInt8) {
        guard !oversized else { return }
        guard buffer.count < limit else {
            oversized = true
            buffer = Data()
            return
        }
        buffer.append(byte)
    }

    private mutating func end(_ emit: (Piece) throws -> Void) rethrows {
        capturing = false
        let piece: Piece = oversized ? .tooLarge(line: documentLine) : .document(buffer, line: documentLine)
        buffer = Data()
        oversized = false
        try emit(piece)
    }

    /// A document's XML without a leading byte order mark and XML declaration, as text: documents are written one
    /// after the other under the file's own declaration.
    static func withoutProlog(_ data: Data) -> String {
        var text = Substring(String(decoding: data, as: UTF8.self))
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        let trimmed = text.drop(while: \.isWhitespace)
        if trimmed.hasPrefix("<?xml"), let end = trimmed.range(of: "?>") {
            text = trimmed[end.upperBound...].drop(while: \.isWhitespace)
        }
        return String(text)
    }
}
