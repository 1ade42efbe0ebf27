/// Reads JSON for the fast codec, strictly: it understands a subset of what `JSONDecoder` accepts and gives up
/// (``Unsupported``) on anything else, so that the Codable types (the reference) decide every case it does not
/// read, their errors included.
///
/// What it gives up on: a string with an escape or invalid UTF-8, a number outside JSON's grammar or one that does
/// not fit (not finite, a non-zero value rounded to zero, an integer of more than 18 digits or with a fraction or
/// exponent), an object naming a key twice, a key the reading type does not know, nesting deeper than 64 levels,
/// anything after the value but whitespace. Whatever it reads, `JSONDecoder` reads the same way.
package struct WireJSONReader {
    /// The reader cannot vouch for this input: decode it with the Codable types instead.
    package struct Unsupported: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    /// A reader of `bytes`, which must outlive it.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func peek() throws(Unsupported) -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw Unsupported() }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws(Unsupported) {
        guard try peek() == byte else { throw Unsupported() }
        index += 1
    }

    /// Checks that nothing but whitespace follows the value read.
    package mutating func end() throws(Unsupported) {
        skipWhitespace()
        guard index == bytes.count else { throw Unsupported() }
    }

    /// Whether the next value is `null` (consumed if so).
    package mutating func null() throws(Unsupported) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    private mutating func literal(_ word: StaticString) throws(Unsupported) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Unsupported() }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw Unsupported() }
        index += count
    }

    /// Reads an object, calling `field` with each key (keys are unique; `field` reads the value).
    package mutating func object(_ field: (inout WireJSONReader, String) throws(Unsupported) -> Void)
        throws(Unsupported)
    {
        try expect(UInt8(ascii: "{"))
        depth += 1
        guard depth <= 64 else { throw Unsupported() }
        var keys: [String] = []
        if try peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                let key = try string()
                if keys.contains(key) { throw Unsupported() }
                keys.append(key)
                try expect(UInt8(ascii: ":"))
                try field(&self, key)
                let next = try peek()
                index += 1
                if next == UInt8(ascii: "}") { break }
                guard next == UInt8(ascii: ",") else { throw Unsupported() }
            }
        }
        depth -= 1
    }

    /// Reads an array, calling `element` to read each element.
    package mutating func array(_ element: (inout WireJSONReader) throws(Unsupported) -> Void) throws(Unsupported) {
        try expect(UInt8(ascii: "["))
        depth += 1
        guard depth <= 64 else { throw Unsupported() }
        if try peek() == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                try element(&self)
                let next = try peek()
                index += 1
                if next == UInt8(ascii: "]") { break }
                guard next == UInt8(ascii: ",") else { throw Unsupported() }
            }
        }
        depth -= 1
    }

    /// A string without escapes, valid UTF-8 and free of control characters.
    package mutating func string() throws(Unsupported) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { throw Unsupported() }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        guard index < bytes.count else { throw Unsupported() }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        if ascii { return String(decoding: text, as: UTF8.self) }
        guard let valid = String(validating: text, as: UTF8.self) else { throw Unsupported() }
        return valid
    }

    package mutating func bool() throws(Unsupported) -> Bool {
        switch try peek() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default: throw Unsupported()
        }
    }

    /// A finite number in JSON's grammar.
    package mutating func double() throws(Unsupported) -> Double {
        let (text, _, nonZeroDigit) = try numberText()
        guard let value = Double(Substring(text)), value.isFinite, value != 0 || !nonZeroDigit else {
            throw Unsupported()
        }
        return value
    }

    /// An integer written without fraction or exponent, of at most 18 digits, not `-0`.
    package mutating func integer() throws(Unsupported) -> Int {
        let (text, integral, _) = try numberText()
        guard integral, text.utf8.count <= 18, text != "-0", let value = Int(text) else { throw Unsupported() }
        return value
    }

    /// The text of a number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`; whether it is integral (no fraction
    /// or exponent) and whether a digit of its mantissa is not zero.
    private mutating func numberText() throws(Unsupported) -> (String, integral: Bool, nonZeroDigit: Bool) {
        _ = try peek()
        let start = index
        var nonZero = false
        func digits(_ reader: inout WireJSONReader, mantissa: Bool) throws(Unsupported) {
            let first = reader.index
            while reader.index < reader.bytes.count, (0x30...0x39).contains(reader.bytes[reader.index]) {
                if mantissa, reader.bytes[reader.index] != 0x30 { nonZero = true }
                reader.index += 1
            }
            guard reader.index > first else { throw Unsupported() }
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw Unsupported() }
        if bytes[index] == 0x30 {
            index += 1
        } else {
            try digits(&self, mantissa: true)
        }
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            integral = false
            try digits(&self, mantissa: true)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            integral = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            try digits(&self, mantissa: false)
        }
        return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), integral, nonZero)
    }
}
