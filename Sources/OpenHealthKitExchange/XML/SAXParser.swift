import CLibXML2
import Foundation

/// A problem in a document: what libxml2 reported, or a stretch the parser had to skip.
struct XMLProblem: Sendable {
    enum Kind: Sendable {
        case warning, error
        /// The parser could not go on at `line` and skipped to `resumeLine`.
        case skipped(resumeLine: Int)
    }

    let kind: Kind
    let line: Int
    let message: String
}

/// What receives a document's elements from ``SAXParser``. Element and attribute indices refer to the name lists
/// of the parser's ``SAXVocabulary``; nil is an element outside it.
protocol SAXDelegate: AnyObject {
    func startElement(_ element: Int?, name: UnsafePointer<xmlChar>, attributes: XMLAttributes, line: Int)
    func endElement(_ element: Int?, line: Int)
    /// Text content, in pieces (only when the vocabulary asks for it).
    func characters(_ bytes: UnsafeBufferPointer<UInt8>)
    /// A warning or error libxml2 reported at `line`; parsing goes on.
    func problem(_ problem: XMLProblem)
    /// The parser lost its place, skipped to a later element and goes on from there: whatever element was being
    /// built is lost.
    func restarted(after problem: XMLProblem)
}

/// The names a delegate knows, and the elements the parser may restart at after a fatal error.
struct SAXVocabulary {
    let elements: [String]
    let attributes: [String]
    /// Elements that start on their own line and at which a document can be picked up again (e.g. `Record`).
    let restartElements: [String]
    /// The root element, reopened (without attributes) when the parser restarts inside the document.
    let root: String
    let wantsCharacters: Bool
}

/// The attributes of one start tag, valid during the ``SAXDelegate/startElement(_:name:attributes:line:)`` call.
struct XMLAttributes {
    /// libxml2's array: five pointers per attribute (local name, prefix, URI, value start, value end).
    fileprivate let raw: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    fileprivate let count: Int
    fileprivate let names: UnsafeMutableBufferPointer<UnsafePointer<xmlChar>?>

    /// The value of the attribute with this vocabulary index, as UTF-8 bytes (entities already replaced).
    func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let raw, let name = names[index] else { return nil }
        for attribute in 0..<count where raw[5 * attribute] == name {
            return value(attribute)
        }
        return nil
    }

    /// The value of the attribute at `position`.
    ///
    /// Without entity substitution (which stays off: see ``SAXParser``), libxml2 hands over an escaped ampersand as
    /// the five characters `&#38;`, so that a tree builder could tell it from an entity. Any `&` in a value comes from
    /// such an escape, so each `&#38;` is turned back into `&`, in place: such a value is always in a buffer libxml2
    /// made for this attribute and frees after the callback (values read straight from the input never contain `&`).
    private func value(_ position: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let raw, let start = raw[5 * position + 3], let end = raw[5 * position + 4] else { return nil }
        let count = end - start
        guard memchr(start, Int32(UInt8(ascii: "&")), count) != nil else {
            return UnsafeBufferPointer(start: start, count: count)
        }
        let bytes = UnsafeMutablePointer(mutating: start)
        let escape = Array("&#38;".utf8)
        var read = 0
        var written = 0
        while read < count {
            if bytes[read] == UInt8(ascii: "&"), read + 5 <= count,
                (0..<5).allSatisfy({ bytes[read + $0] == escape[$0] })
            {
                bytes[written] = UInt8(ascii: "&")
                read += 5
            } else {
                bytes[written] = bytes[read]
                read += 1
            }
            written += 1
        }
        // The value's end moves too, so that reading the attribute again gives the same bytes (libxml2 frees values
        // by their start).
        raw[5 * position + 4] = start + written
        return UnsafeBufferPointer(start: start, count: written)
    }

    func string(_ index: Int) -> String? {
        bytes(index).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every attribute, in document order.
    func forEach(_ body: (String, UnsafeBufferPointer<UInt8>) -> Void) {
        guard let raw else { return }
        for attribute in 0..<count {
            guard let name = raw[5 * attribute], let value = value(attribute) else { continue }
            body(String(cString: name), value)
        }
    }
}

/// libxml2's SAX2 push parser, fed a chunk at a time: constant memory whatever the document's size.
///
/// Safe with hostile input: no DTD is loaded or validated (`XML_PARSE_NONET`, never `DTDLOAD` or `NOENT`), entity
/// declarations are ignored (so no entity expands — no "billion laughs" — and no external entity is read — no XXE;
/// only the five predefined entities and character references work). Errors are reported, not fatal: libxml2
/// recovers where it can, control characters (which XML forbids and iOS exports contain) are replaced by spaces
/// before parsing, and where libxml2 gives up the parser skips to the next restart element and goes on.
final class SAXParser {
    private let vocabulary: SAXVocabulary
    private unowned let delegate: any SAXDelegate
    private let documentName: String
    private var handler = xmlSAXHandler()

    private var context: xmlParserCtxtPtr?
    private let elementNames: UnsafeMutableBufferPointer<UnsafePointer<xmlChar>?>
    private let attributeNames: UnsafeMutableBufferPointer<UnsafePointer<xmlChar>?>
    /// Lines before the current context's first line (after a restart, the context counts from 1 again).
    private var lineBase = 0
    /// The absolute byte offset where the current context's input starts, minus the bytes added to reopen the root.
    private var contextStartOffset: Int64 = 0
    /// Where the current context's own input starts.
    private var restartOffset: Int64 = 0
    private var lastErrorOffset: Int64 = 0
    private var lastError: XMLProblem?

    /// Control characters replaced so far, and the line of the first.
    private(set) var replacedControlCharacters = 0
    private(set) var firstControlCharacterLine = 0

    /// The most attributes an element may have. libxml2 2.9 compares each attribute of a start tag with every one
    /// before it (quadratic: 50,000 attributes took seconds); Apple's elements have about ten. A start tag with more
    /// is cut short, and the element is skipped with this reason.
    static let maximumAttributes = 1_000
    /// `=` signs since the last `<`: at least the attributes of the tag being read (values may hold some too).
    private var equalsSinceTagStart = 0
    /// Whether the rest of a start tag with too many attributes is being blanked, up to the next `<`.
    private var blankingTag = false
    /// How many bytes of `/>` are still to be written over the blanked tag: its first two bytes after the cut that are
    /// not blanks (normally the quote and first byte of the cut attribute's value) become `/>`, so that libxml2 reads
    /// an element that ends there, instead of one left open to the end of the document.
    private var cutTagEndLeft = 0
    /// The problem to report for the error libxml2 finds in a start tag cut short.
    private var attributeOverflow: XMLProblem?

    init(vocabulary: SAXVocabulary, delegate: any SAXDelegate, documentName: String) {
        self.vocabulary = vocabulary
        self.delegate = delegate
        self.documentName = documentName
        elementNames = .allocate(capacity: vocabulary.elements.count)
        elementNames.initialize(repeating: nil)
        attributeNames = .allocate(capacity: max(vocabulary.attributes.count, 1))
        attributeNames.initialize(repeating: nil)
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { user, localname, _, _, _, _, count, _, attributes in
            SAXParser.from(user).start(localname!, Int(count), attributes)
        }
        handler.endElementNs = { user, localname, _, _ in
            SAXParser.from(user).end(localname!)
        }
        handler.getEntity = { _, name in xmlGetPredefinedEntity(name) }
        handler.serror = { user, error in
            guard let user, let error else { return }
            SAXParser.from(user).report(error.pointee)
        }
        if vocabulary.wantsCharacters {
            handler.characters = { user, bytes, count in
                guard let bytes else { return }
                SAXParser.from(user).delegate.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
            }
        }
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
        elementNames.deallocate()
        attributeNames.deallocate()
    }

    private static func from(_ user: UnsafeMutableRawPointer?) -> SAXParser {
        Unmanaged<SAXParser>.fromOpaque(user!).takeUnretainedValue()
    }

    // MARK: Feeding

    /// Parses a whole document that `read` hands over a chunk at a time. `progress` gets the bytes read so far after
    /// each chunk, and stops the parse by returning false.
    func parse(_ read: (ChunkReceiver) throws -> Void, progress: (Int64) -> Bool = { _ in true }) throws {
        var window = RestartWindow()
        var offset: Int64 = 0
        var line = 1
        var stopped = false
        try startContext(prefix: [], at: 0, line: 1)
        try withoutActuallyEscaping(progress) { progress in
            try read { chunk in
                let chunkLine = line
                line = sanitize(chunk, line: line)
                window.append(chunk, offset: offset, line: chunkLine)
                if window.isSkipping {
                    try resume(from: &window)
                } else {
                    feed(UnsafeBufferPointer(chunk))
                    if isHalted { try resume(from: &window) }
                }
                offset += Int64(chunk.count)
                stopped = !progress(offset)
                return !stopped
            }
        }
        guard !stopped else { return }
        if window.isSkipping, let problem = window.skippingSince {
            delegate.restarted(
                after: XMLProblem(
                    kind: .skipped(resumeLine: line), line: problem.line, message: problem.message + " (to the end)"))
        } else if let context {
            xmlParseChunk(context, nil, 0, 1)
        }
    }

    private var isHalted: Bool {
        guard let context else { return true }
        return context.pointee.instate == XML_PARSER_EOF
    }

    private func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let context, !bytes.isEmpty else { return }
        bytes.withMemoryRebound(to: CChar.self) { _ = xmlParseChunk(context, $0.baseAddress, Int32($0.count), 0) }
    }

    /// Replaces the control characters XML 1.0 forbids by spaces (keeping offsets and line numbers), counting lines,
    /// and cuts short a start tag with more than ``maximumAttributes`` attributes (counted as `=` signs since the last
    /// `<`: no attribute value holds a `<`) by blanking the rest of it and ending it with `/>` (a name with no value
    /// before it: libxml2 reports an error, which becomes the overflow, and reads the element as empty).
    ///
    /// Eight bytes are tested at once (a word without a byte below 0x20 or a `<` is skipped whole, its `=` counted
    /// together), since every byte of the export passes here: a loop over single bytes took 5 % of the parsing thread.
    private func sanitize(_ chunk: UnsafeMutableBufferPointer<UInt8>, line: Int) -> Int {
        guard let base = chunk.baseAddress else { return line }
        var line = line
        var index = 0
        while index < chunk.count {
            if index + 8 <= chunk.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // Sets the high bit of each byte below 0x20 (and maybe of a byte after one): zero means none.
                let below = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                if below == 0, !blankingTag, Self.zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C) == 0 {
                    let equals = Self.zeroBytes(word ^ 0x3D3D_3D3D_3D3D_3D3D).nonzeroBitCount
                    if equalsSinceTagStart + equals <= Self.maximumAttributes {
                        equalsSinceTagStart += equals
                        index += 8
                        continue
                    }
                }
                for offset in index..<index + 8 { sanitize(byteAt: offset, of: base, line: &line) }
                index += 8
            } else {
                sanitize(byteAt: index, of: base, line: &line)
                index += 1
            }
        }
        return line
    }

    /// The high bit set in exactly the bytes of `word` that are zero.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word | 0x7F7F_7F7F_7F7F_7F7F)
    }

    @inline(__always)
    private func sanitize(byteAt index: Int, of base: UnsafeMutablePointer<UInt8>, line: inout Int) {
        switch base[index] {
        case UInt8(ascii: "<"):
            equalsSinceTagStart = 0
            blankingTag = false
            cutTagEndLeft = 0
        case _ where blankingTag:
            switch (cutTagEndLeft, base[index]) {
            case (2, 0x21...):
                base[index] = UInt8(ascii: "/")
                cutTagEndLeft = 1
            case (1, 0x20...):
                base[index] = UInt8(ascii: ">")
                cutTagEndLeft = 0
            case (_, 0x20...):
                base[index] = 0x20
            default:
                // A line break right after the `/` is kept (line numbers count it): the tag is then left unended.
                if cutTagEndLeft == 1 { cutTagEndLeft = 0 }
            }
        case UInt8(ascii: "="):
            equalsSinceTagStart += 1
            if equalsSinceTagStart > Self.maximumAttributes {
                blankingTag = true
                cutTagEndLeft = 2
                base[index] = 0x20
                attributeOverflow = XMLProblem(
                    kind: .error, line: line,
                    message: "an element has more than \(Self.maximumAttributes) attributes (the most one may have)")
            }
        default:
            break
        }
        guard base[index] < 0x20 else { return }
        switch base[index] {
        case 0x0A: line += 1
        case 0x09, 0x0D: break
        default:
            if replacedControlCharacters == 0 { firstControlCharacterLine = line }
            replacedControlCharacters += 1
            base[index] = 0x20
        }
    }

    // MARK: Restarting after a fatal error

    private func startContext(prefix: [UInt8], at offset: Int64, line: Int) throws {
        if let context { xmlFreeParserCtxt(context) }
        context = xmlCreatePushParserCtxt(&handler, Unmanaged.passUnretained(self).toOpaque(), nil, 0, documentName)
        guard let context else { throw ExportSourceError("libxml2 cannot make a parser for \(documentName)") }
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue | XML_PARSE_COMPACT.rawValue
        xmlCtxtUseOptions(context, Int32(options))
        for (index, name) in vocabulary.elements.enumerated() {
            elementNames[index] = xmlDictLookup(context.pointee.dict, name, -1)
        }
        for (index, name) in vocabulary.attributes.enumerated() {
            attributeNames[index] = xmlDictLookup(context.pointee.dict, name, -1)
        }
        lineBase = line - 1
        contextStartOffset = offset - Int64(prefix.count)
        restartOffset = offset
        lastError = nil
        prefix.withUnsafeBufferPointer { feed($0) }
    }

    /// Finds the next restart element after the last error in the bytes read so far, and parses on from there in a
    /// new context; when none is in sight yet, waits for more bytes.
    private func resume(from window: inout RestartWindow) throws {
        let problem = lastError ?? XMLProblem(kind: .error, line: lineBase + 1, message: "the parser stopped")
        // Always past the current context's start, so that the same place is never tried twice.
        let searchFrom = window.isSkipping ? window.skipFrom : max(lastErrorOffset, restartOffset + 1)
        guard let restart = window.findRestart(atOrAfter: searchFrom, elements: vocabulary.restartElements) else {
            // A restart line may straddle the next chunk boundary.
            window.skipFrom = max(searchFrom, window.endOffset - 1024)
            if !window.isSkipping { window.skippingSince = problem }
            window.isSkipping = true
            return
        }
        let reported = window.skippingSince ?? problem
        window.isSkipping = false
        window.skippingSince = nil
        delegate.restarted(
            after: XMLProblem(kind: .skipped(resumeLine: restart.line), line: reported.line, message: reported.message))
        let prefix: [UInt8] = restart.element == vocabulary.root ? [] : Array("<\(vocabulary.root)>".utf8)
        try startContext(prefix: prefix, at: restart.offset, line: restart.line)
        window.withBytes(from: restart.offset) { feed($0) }
        if isHalted { try resume(from: &window) }
    }

    // MARK: Callbacks

    private func start(
        _ localname: UnsafePointer<xmlChar>, _ count: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        let element = index(of: localname)
        delegate.startElement(
            element, name: localname, attributes: XMLAttributes(raw: attributes, count: count, names: attributeNames),
            line: currentLine)
    }

    private func end(_ localname: UnsafePointer<xmlChar>) {
        delegate.endElement(index(of: localname), line: currentLine)
    }

    /// The vocabulary index of an element name: libxml2 interns names, so a pointer comparison finds it.
    private func index(of name: UnsafePointer<xmlChar>) -> Int? {
        for index in 0..<elementNames.count where elementNames[index] == name { return index }
        return nil
    }

    private var currentLine: Int {
        guard let context, let input = context.pointee.input else { return lineBase }
        return lineBase + Int(input.pointee.line)
    }

    private func report(_ error: xmlError) {
        let message =
            error.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "XML error"
        var problem = XMLProblem(
            kind: error.level == XML_ERR_WARNING ? .warning : .error, line: lineBase + Int(error.line), message: message
        )
        // The first error after a start tag was cut short is its consequence: the cut is what to report.
        if case .error = problem.kind, let overflow = attributeOverflow {
            problem = overflow
            attributeOverflow = nil
        }
        if case .error = problem.kind, let context {
            lastErrorOffset = contextStartOffset + Int64(xmlByteConsumed(context))
            lastError = problem
        }
        delegate.problem(problem)
    }
}

/// The last two chunks, where the parser looks for a place to restart after a fatal error.
private struct RestartWindow {
    private var previous: [UInt8] = []
    private var current: [UInt8] = []
    private var previousOffset: Int64 = 0
    private var previousLine = 1
    private var currentOffset: Int64 = 0
    private var currentLine = 1
    var isSkipping = false
    /// While skipping: the offset the search for a restart goes on from.
    var skipFrom: Int64 = 0
    var skippingSince: XMLProblem?

    var endOffset: Int64 { currentOffset + Int64(current.count) }

    struct Restart {
        let offset: Int64
        let line: Int
        let element: String
    }

    mutating func append(_ chunk: UnsafeMutableBufferPointer<UInt8>, offset: Int64, line: Int) {
        swap(&previous, &current)
        (previousOffset, previousLine) = (currentOffset, currentLine)
        current.removeAll(keepingCapacity: true)
        current.append(contentsOf: chunk)
        (currentOffset, currentLine) = (offset, line)
        if previous.isEmpty { (previousOffset, previousLine) = (offset, line) }
    }

    /// The first line that starts (after blanks) with `<` and one of `elements`, at `offset` or after it: the error
    /// offset points into a broken start tag (its line is passed over) or at content the parser refused (which is
    /// tried again).
    func findRestart(atOrAfter offset: Int64, elements: [String]) -> Restart? {
        let bytes = previous + current
        let target = Int(min(max(offset - previousOffset, 0), Int64(bytes.count)))
        var index = target
        while index > 0, bytes[index - 1] != 0x0A { index -= 1 }
        var line = previousLine + bytes[0..<index].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        while index < bytes.count {
            var start = index
            while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            if start >= target, start < bytes.count, bytes[start] == UInt8(ascii: "<"),
                let element = elements.first(where: { Self.names($0, bytes, at: start + 1) })
            {
                return Restart(offset: previousOffset + Int64(start), line: line, element: element)
            }
            guard let newline = bytes[index...].firstIndex(of: 0x0A) else { return nil }
            index = newline + 1
            line += 1
        }
        return nil
    }

    /// Whether `bytes` hold `element` at `index`, followed by the end of the name.
    private static func names(_ element: String, _ bytes: [UInt8], at index: Int) -> Bool {
        let name = Array(element.utf8)
        let end = index + name.count
        guard end < bytes.count, bytes[index..<end].elementsEqual(name) else { return false }
        return [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[end])
    }

    func withBytes(from offset: Int64, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let bytes = previous + current
        let start = Int(max(offset - previousOffset, 0))
        guard start < bytes.count else { return }
        bytes[start...].withUnsafeBufferPointer(body)
    }
}
