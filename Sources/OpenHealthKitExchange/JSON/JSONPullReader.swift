import Foundation

/// A pull parser of JSON (RFC 8259) over a stream of bytes, for documents too large to hold: the caller asks for one
/// token at a time, and only the current chunk of input and the string or number being read are in memory.
///
/// Guarantees: the grammar is checked as tokens are read (a document that is not JSON fails at its first wrong byte,
/// with its offset); strings must be valid UTF-8 without raw control characters; numbers must fit a double; nesting
/// deeper than ``maximumDepth``, a string longer than ``maximumTokenBytes`` and a number longer than 64 characters are
/// refused, so that no input can grow memory beyond those bounds; nothing after the top-level value but whitespace is
/// accepted. A value skipped (``skipValue(startingWith:budget:)``) is checked the same way.
struct JSONPullReader {
    enum Token: Equatable {
        case beginObject, endObject, beginArray, endArray
        /// An object member's name.
        case key(String)
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        /// The end of the document, after its one value.
        case end
    }

    static let maximumDepth = 64
    static let maximumTokenBytes = 1 << 20

    /// The next chunk of input, or nil at its end.
    private let nextChunk: () throws -> [UInt8]?
    private var chunk: [UInt8] = []
    private var position = 0
    private var consumedBefore = 0
    private var isAtEnd = false
    private var containers: [Container] = []
    private var expecting: Expectation = .value
    private var scratch: [UInt8] = []
    /// False while a value is skipped: strings and numbers are checked but not made (their tokens carry "" and 0).
    private var keepsValues = true

    private enum Container { case object, array }
    private enum Expectation {
        case value, valueOrEnd, key, keyOrEnd, colon, commaOrEnd, documentEnd
    }

    /// A reader of the chunks `nextChunk` returns, in order, until it returns nil.
    init(nextChunk: @escaping () throws -> [UInt8]?) {
        self.nextChunk = nextChunk
    }

    /// A reader of bytes in memory.
    init(bytes: [UInt8]) {
        var remaining: [UInt8]? = bytes
        self.init(nextChunk: {
            defer { remaining = nil }
            return remaining
        })
    }

    /// How many bytes of input were read so far (where an error is).
    var offset: Int { consumedBefore + position }

    /// How deep the last token is: 0 outside any container, 1 inside the top-level object or array...
    var depth: Int { containers.count }

    mutating func next() throws -> Token {
        guard let byte = try skipWhitespace() else {
            guard expecting == .documentEnd else { throw error("the document ends early") }
            return .end
        }
        switch expecting {
        case .documentEnd:
            throw error("a second value after the document's one")
        case .colon:
            guard byte == UInt8(ascii: ":") else { throw error("':' expected after a member's name") }
            position += 1
            expecting = .value
            return try next()
        case .commaOrEnd:
            if byte == UInt8(ascii: ",") {
                position += 1
                expecting = containers.last == .object ? .key : .value
                return try next()
            }
            return try closeContainer(byte)
        case .key, .keyOrEnd:
            if expecting == .keyOrEnd, byte == UInt8(ascii: "}") { return try closeContainer(byte) }
            guard byte == UInt8(ascii: "\"") else { throw error("a member's name (a string) expected") }
            position += 1
            let name = try readString()
            expecting = .colon
            return .key(name)
        case .value, .valueOrEnd:
            if expecting == .valueOrEnd, byte == UInt8(ascii: "]") { return try closeContainer(byte) }
            return try readValueToken(byte)
        }
    }

    private mutating func readValueToken(_ byte: UInt8) throws -> Token {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.count < Self.maximumDepth else {
                throw error("nested deeper than \(Self.maximumDepth) levels")
            }
            position += 1
            let isObject = byte == UInt8(ascii: "{")
            containers.append(isObject ? .object : .array)
            expecting = isObject ? .keyOrEnd : .valueOrEnd
            return isObject ? .beginObject : .beginArray
        case UInt8(ascii: "\""):
            position += 1
            let text = try readString()
            valueEnded()
            return .string(text)
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try readNumber()
            valueEnded()
            return .number(number)
        default:
            throw error("a value expected")
        }
    }

    private mutating func closeContainer(_ byte: UInt8) throws -> Token {
        switch (containers.last, byte) {
        case (.object, UInt8(ascii: "}")):
            position += 1
            containers.removeLast()
            valueEnded()
            return .endObject
        case (.array, UInt8(ascii: "]")):
            position += 1
            containers.removeLast()
            valueEnded()
            return .endArray
        default:
            throw error(containers.last == .object ? "',' or '}' expected" : "',' or ']' expected")
        }
    }

    private mutating func valueEnded() {
        expecting = containers.isEmpty ? .documentEnd : .commaOrEnd
    }

    private mutating func readLiteral(_ literal: StaticString) throws {
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for expected in bytes {
            guard let byte = try peek(), byte == expected else { throw error("a value expected") }
            position += 1
        }
        valueEnded()
    }

    /// A number by JSON's grammar (no leading zeros, no '+', digits on both sides of '.').
    private mutating func readNumber() throws -> Double {
        scratch.removeAll(keepingCapacity: true)
        func take(_ reader: inout JSONPullReader, _ byte: UInt8) throws {
            guard reader.scratch.count < 64 else { throw reader.error("a number longer than 64 characters") }
            reader.scratch.append(byte)
            reader.position += 1
        }
        func digits(_ reader: inout JSONPullReader) throws -> Int {
            var count = 0
            while let byte = try reader.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                try take(&reader, byte)
                count += 1
            }
            return count
        }
        if try peek() == UInt8(ascii: "-") { try take(&self, UInt8(ascii: "-")) }
        if try peek() == UInt8(ascii: "0") {
            try take(&self, UInt8(ascii: "0"))
        } else if try digits(&self) == 0 {
            throw error("a digit expected in a number")
        }
        if try peek() == UInt8(ascii: ".") {
            try take(&self, UInt8(ascii: "."))
            guard try digits(&self) > 0 else { throw error("a digit expected after '.'") }
        }
        var hasExponent = false
        if let byte = try peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            hasExponent = true
            try take(&self, byte)
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { try take(&self, sign) }
            guard try digits(&self) > 0 else { throw error("a digit expected in an exponent") }
        }
        // Without an exponent, 64 digits fit a double: a skipped number needs converting only with one.
        guard keepsValues || hasExponent else { return 0 }
        scratch.append(0)
        let value = scratch.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { strtod($0.baseAddress!, nil) }
        }
        guard value.isFinite else { throw error("a number too large for a double") }
        return value
    }

    /// A string's contents, after its opening quote, through its closing one.
    private mutating func readString() throws -> String {
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard let byte = try peek() else { throw error("the document ends inside a string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard keepsValues else {
                    // Checked without making the string: ASCII is UTF-8.
                    guard scratch.allSatisfy({ $0 < 0x80 }) || String(validating: scratch, as: UTF8.self) != nil else {
                        throw error("a string that is not UTF-8")
                    }
                    return ""
                }
                guard let text = String(validating: scratch, as: UTF8.self) else {
                    throw error("a string that is not UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                try readEscape()
            case 0..<0x20:
                throw error("a control character inside a string")
            default:
                scratch.append(byte)
            }
            guard scratch.count <= Self.maximumTokenBytes else {
                throw error("a string longer than \(Self.maximumTokenBytes) bytes")
            }
        }
    }

    private mutating func readEscape() throws {
        guard let byte = try peek() else { throw error("the document ends inside a string") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by its low one.
                guard try peek() == UInt8(ascii: "\\") else { throw error("a lone surrogate in a string") }
                position += 1
                guard try peek() == UInt8(ascii: "u") else { throw error("a lone surrogate in a string") }
                position += 1
                let low = try readHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a string") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("a lone surrogate in a string")
            }
            scratch.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
        default:
            throw error("an unknown escape in a string")
        }
    }

    private mutating func readHexQuad() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek(), let digit = Self.hexDigit(byte) else {
                throw error("four hex digits expected after \\u")
            }
            position += 1
            value = value << 4 | digit
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func skipWhitespace() throws -> UInt8? {
        while let byte = try peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return byte
            }
        }
        return nil
    }

    /// The byte at the reading position, reading the next chunk when the current one is used up; nil at the end.
    private mutating func peek() throws -> UInt8? {
        while position == chunk.count {
            guard !isAtEnd, let next = try nextChunk() else {
                isAtEnd = true
                return nil
            }
            consumedBefore += chunk.count
            chunk = next
            position = 0
        }
        return chunk[position]
    }

    /// Reads past the value `first` begins, keeping nothing: its grammar, strings and numbers are checked as
    /// ``next()`` checks them, without making the strings and numbers. With a `budget`, a value of more values than
    /// that (as ``value(startingWith:budget:)`` counts them) fails, as its read would.
    mutating func skipValue(startingWith first: Token, budget: Int = .max) throws {
        guard first == .beginObject || first == .beginArray else { return }
        let level = depth - 1
        keepsValues = false
        defer { keepsValues = true }
        var values = 1
        while depth > level {
            switch try next() {
            case .key, .endObject, .endArray, .end: break
            default: values += 1
            }
            guard values <= budget else { throw error("a record too large to read") }
        }
    }

    private func error(_ problem: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, problem: problem)
    }
}

/// Why a document is not JSON, and where.
struct JSONSyntaxError: Error, CustomStringConvertible {
    /// The byte offset of the problem.
    let offset: Int
    let problem: String

    var description: String { "not JSON at byte \(offset): \(problem)" }
}
