package import Foundation

/// What HealthKit extracts from a CDA document: its title and the names of its patient, author and custodian.
package struct CDAHeader: Sendable, Equatable {
    package var title = ""
    package var patientName = ""
    package var authorName = ""
    package var custodianName = ""
    /// The document's `effectiveTime` (an HL7 timestamp, `20221020120000+0200`), when it has one.
    package var effectiveTime: String?
    /// The `low` and `high` of the `documentationOf/serviceEvent/effectiveTime`, when given: the time the document
    /// covers.
    package var serviceStart: String?
    package var serviceEnd: String?

    package init(title: String = "", patientName: String = "", authorName: String = "", custodianName: String = "") {
        self.title = title
        self.patientName = patientName
        self.authorName = authorName
        self.custodianName = custodianName
    }
}

/// Reads and checks a CDA (HL7 Clinical Document Architecture R2) document, as HealthKit does before it stores one.
///
/// The reader is written for hostile input, as the importer's SAX parser is (and for the same reasons), but needs
/// nothing beyond Foundation: the model must validate a document an app hands to `HKCDADocumentSample` wherever it
/// runs. What it guarantees:
/// - **No entity expands and no external file or address is read**: a document type declaration (`<!DOCTYPE`) is
///   refused outright (a CDA document has none), and only XML's five predefined entities and character references are
///   understood; any other `&name;` is an error.
/// - **Bounded work**: at most ``maximumSize`` bytes, ``maximumDepth`` nested elements and ``maximumAttributes``
///   attributes on an element; one pass over the bytes, no backtracking.
/// - **Well-formed XML** in UTF-8: one root, tags closed in order, attribute values quoted, no `<` in a value.
///
/// Then the CDA checks: the root is `ClinicalDocument` in the `urn:hl7-org:v3` namespace, and it has the header
/// elements the CDA schema requires (`typeId`, `id`, `code`, `effectiveTime`, `confidentialityCode`, `recordTarget`,
/// `author`, `custodian`) and a `component` body. (HealthKit validates against the full CDA schema, which is not
/// reproduced here.) Failures are ``HKError`` `errorInvalidArgument` carrying the detail under
/// ``HKDetailedCDAValidationErrorKey``; a document over the size limit is `errorDataSizeExceeded`.
package enum CDADocumentReader {
    /// The largest document accepted: 16 MiB.
    package static let maximumSize = 16 << 20
    /// The deepest nesting accepted.
    package static let maximumDepth = 256
    /// The most attributes accepted on one element.
    package static let maximumAttributes = 1000

    static let namespace = "urn:hl7-org:v3"
    static let requiredHeaderElements = [
        "typeId", "id", "code", "effectiveTime", "confidentialityCode", "recordTarget", "author", "custodian",
        "component",
    ]

    /// The document's header fields, or the reason it is not a valid CDA document.
    package static func header(of data: Data) throws(HKError) -> CDAHeader {
        guard data.count <= maximumSize else {
            throw HKError(
                .errorDataSizeExceeded,
                "The CDA document is \(data.count) bytes; documents of at most \(maximumSize) bytes are accepted")
        }
        var scanner = CDAScanner(bytes: [UInt8](data))
        do {
            return try scanner.read()
        } catch {
            throw HKError(
                .errorInvalidArgument,
                userInfo: [
                    NSLocalizedDescriptionKey: "The document is not a valid CDA document: \(error.reason)",
                    HKDetailedCDAValidationErrorKey: error.reason,
                ])
        }
    }
}

/// Why a document is not a valid CDA document.
struct CDAProblem: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

/// One pass over a document's bytes (see ``CDADocumentReader``).
private struct CDAScanner {
    let bytes: [UInt8]
    var position = 0
    /// The open elements: local name, whether it is in the CDA namespace, and its namespace declarations.
    var open: [(name: String, isCDA: Bool, namespaces: [String: String])] = []
    var sawRoot = false
    var rootChildren: Set<String> = []
    var header = CDAHeader()
    /// The field being collected and the depth of the element holding it, with its text so far.
    var collecting: (field: WritableKeyPath<CDAHeader, String>, depth: Int, text: String)?
    var filled: Set<WritableKeyPath<CDAHeader, String>> = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// The paths (local names below the root, all in the CDA namespace) whose text is each field.
    static var fieldPaths: [([String], WritableKeyPath<CDAHeader, String>)] {
        [
            (["title"], \.title),
            (["recordTarget", "patientRole", "patient", "name"], \.patientName),
            (["author", "assignedAuthor", "assignedPerson", "name"], \.authorName),
            (["custodian", "assignedCustodian", "representedCustodianOrganization", "name"], \.custodianName),
        ]
    }

    mutating func read() throws(CDAProblem) -> CDAHeader {
        guard String(validating: bytes[position...], as: UTF8.self) != nil else {
            throw CDAProblem("the document is not UTF-8 text")
        }
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "<") {
                try markup()
            } else {
                try text()
            }
        }
        guard sawRoot else { throw CDAProblem("the document has no root element") }
        if let unclosed = open.last { throw CDAProblem("the element \(unclosed.name) is not closed") }
        let missing = CDADocumentReader.requiredHeaderElements.filter { !rootChildren.contains($0) }
        guard missing.isEmpty else {
            throw CDAProblem("ClinicalDocument lacks required elements: " + missing.joined(separator: ", "))
        }
        return header
    }

    // MARK: Markup

    private mutating func markup() throws(CDAProblem) {
        if starts(with: "<?") {
            try skip(past: "?>", what: "processing instruction")
        } else if starts(with: "<!--") {
            try skip(past: "-->", what: "comment")
        } else if starts(with: "<![CDATA[") {
            guard !open.isEmpty else { throw CDAProblem("character data outside the root element") }
            let start = position + 9
            try skip(past: "]]>", what: "CDATA section")
            collect(String(decoding: bytes[start..<(position - 3)], as: UTF8.self))
        } else if starts(with: "<!") {
            throw CDAProblem("a CDA document may not declare a document type (<!DOCTYPE or another <! declaration)")
        } else if starts(with: "</") {
            try endTag()
        } else {
            try startTag()
        }
    }

    private mutating func startTag() throws(CDAProblem) {
        position += 1
        let name = try self.name()
        var attributes: [(String, String)] = []
        var selfClosing = false
        while true {
            skipSpaces()
            guard position < bytes.count else { throw CDAProblem("the tag \(name) is not closed") }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                break
            }
            if starts(with: "/>") {
                position += 2
                selfClosing = true
                break
            }
            let attribute = try self.name()
            skipSpaces()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw CDAProblem("the attribute \(attribute) of \(name) has no value")
            }
            position += 1
            skipSpaces()
            let value = try quoted(attribute, of: name)
            guard !attributes.contains(where: { $0.0 == attribute }) else {
                throw CDAProblem("the attribute \(attribute) appears twice on \(name)")
            }
            attributes.append((attribute, value))
            guard attributes.count <= CDADocumentReader.maximumAttributes else {
                throw CDAProblem("\(name) has more than \(CDADocumentReader.maximumAttributes) attributes")
            }
        }
        try open(name, attributes: attributes)
        if selfClosing { try close(name) }
    }

    private mutating func open(_ qualified: String, attributes: [(String, String)]) throws(CDAProblem) {
        if open.isEmpty, sawRoot { throw CDAProblem("the document has more than one root element (\(qualified))") }
        guard open.count < CDADocumentReader.maximumDepth else {
            throw CDAProblem("elements are nested more than \(CDADocumentReader.maximumDepth) deep")
        }
        var namespaces: [String: String] = [:]
        for (attribute, value) in attributes {
            if attribute == "xmlns" { namespaces[""] = value }
            if attribute.hasPrefix("xmlns:") { namespaces[String(attribute.dropFirst(6))] = value }
        }
        let (prefix, local) = Self.split(qualified)
        let namespace = namespaces[prefix] ?? open.reversed().lazy.compactMap { $0.namespaces[prefix] }.first
        if !prefix.isEmpty, namespace == nil {
            throw CDAProblem("the prefix \(prefix) of \(qualified) is not declared")
        }
        let isCDA = namespace == CDADocumentReader.namespace
        if open.isEmpty {
            guard local == "ClinicalDocument", isCDA else {
                throw CDAProblem(
                    "the root element is \(qualified), not ClinicalDocument in the \(CDADocumentReader.namespace) namespace"
                )
            }
            sawRoot = true
        } else if open.count == 1, isCDA {
            rootChildren.insert(local)
        }
        open.append((local, isCDA, namespaces))
        if open.allSatisfy(\.isCDA), let value = attributes.first(where: { $0.0 == "value" })?.1 {
            switch Array(open.dropFirst().map(\.name)) {
            case ["effectiveTime"]: header.effectiveTime = value
            case ["documentationOf", "serviceEvent", "effectiveTime", "low"]: header.serviceStart = value
            case ["documentationOf", "serviceEvent", "effectiveTime", "high"]: header.serviceEnd = value
            default: break
            }
        }
        if collecting == nil, open.allSatisfy(\.isCDA) {
            let path = open.dropFirst().map(\.name)
            if let (_, field) = Self.fieldPaths.first(where: { $0.0 == path }), !filled.contains(field) {
                collecting = (field, open.count, "")
            }
        }
    }

    private mutating func endTag() throws(CDAProblem) {
        position += 2
        let qualified = try name()
        skipSpaces()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw CDAProblem("the end tag \(qualified) is not closed")
        }
        position += 1
        try close(qualified)
    }

    private mutating func close(_ qualified: String) throws(CDAProblem) {
        let local = Self.split(qualified).1
        guard let last = open.last, last.name == local else {
            throw CDAProblem("the end tag \(qualified) does not match the open element \(open.last?.name ?? "(none)")")
        }
        if let current = collecting, current.depth == open.count {
            header[keyPath: current.field] = current.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            filled.insert(current.field)
            collecting = nil
        }
        open.removeLast()
    }

    // MARK: Text

    private mutating func text() throws(CDAProblem) {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
        let raw = bytes[start..<position]
        if open.isEmpty {
            guard raw.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
                throw CDAProblem("text outside the root element")
            }
            return
        }
        collect(try Self.unescape(raw))
    }

    private mutating func collect(_ text: String) {
        guard collecting != nil else { return }
        collecting?.text += " " + text
    }

    /// Text with XML's predefined entities and character references replaced; any other entity is an error.
    static func unescape(_ raw: ArraySlice<UInt8>) throws(CDAProblem) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var result = ""
        var rest = Substring(String(decoding: raw, as: UTF8.self))
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";"),
                rest.distance(from: ampersand, to: semicolon) <= 12
            else {
                throw CDAProblem("an & is not the start of an entity or character reference")
            }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "lt": result += "<"
            case "gt": result += ">"
            case "amp": result += "&"
            case "apos": result += "'"
            case "quot": result += "\""
            default:
                let number: UInt32?
                if entity.hasPrefix("#x") {
                    number = UInt32(entity.dropFirst(2), radix: 16)
                } else if entity.hasPrefix("#") {
                    number = UInt32(entity.dropFirst(), radix: 10)
                } else {
                    throw CDAProblem("the entity &\(entity); is not defined (CDA documents use no DTD)")
                }
                guard let number, let scalar = Unicode.Scalar(number), number != 0 else {
                    throw CDAProblem("&\(entity); is not a valid character reference")
                }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    // MARK: Lexing

    private func starts(with prefix: String) -> Bool {
        let utf8 = Array(prefix.utf8)
        return bytes.count - position >= utf8.count && bytes[position..<(position + utf8.count)].elementsEqual(utf8)
    }

    private mutating func skip(past terminator: String, what: String) throws(CDAProblem) {
        let end = Array(terminator.utf8)
        while position + end.count <= bytes.count {
            if bytes[position..<(position + end.count)].elementsEqual(end) {
                position += end.count
                return
            }
            position += 1
        }
        throw CDAProblem("a \(what) is not closed")
    }

    private mutating func skipSpaces() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func name() throws(CDAProblem) -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "<")]
                .contains(byte)
            {
                break
            }
            position += 1
        }
        guard position > start else { throw CDAProblem("a tag or attribute has no name") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func quoted(_ attribute: String, of element: String) throws(CDAProblem) -> String {
        guard position < bytes.count, [UInt8(ascii: "\""), UInt8(ascii: "'")].contains(bytes[position]) else {
            throw CDAProblem("the value of \(attribute) on \(element) is not quoted")
        }
        let quote = bytes[position]
        position += 1
        let start = position
        while position < bytes.count, bytes[position] != quote {
            guard bytes[position] != UInt8(ascii: "<") else {
                throw CDAProblem("the value of \(attribute) on \(element) contains <")
            }
            position += 1
        }
        guard position < bytes.count else { throw CDAProblem("the value of \(attribute) on \(element) is not closed") }
        position += 1
        return try Self.unescape(bytes[start..<(position - 1)])
    }

    static func split(_ qualified: String) -> (String, String) {
        guard let colon = qualified.firstIndex(of: ":") else { return ("", qualified) }
        return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
    }
}
