import Foundation

/// A JSON value read whole: one record of a streamed document (a sample, a workout), never the document itself.
enum JSONValue: Equatable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// A number, or a string that holds one (some senders quote numbers).
    var number: Double? {
        switch self {
        case .number(let value): value
        case .string(let text): Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }

    var array: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    var isObject: Bool {
        if case .object = self { true } else { false }
    }
}

extension JSONPullReader {
    /// The value that `first`, the token just read, begins, read whole. `budget` counts the tokens it may still
    /// take, so that one record cannot hold the document: past it the read fails.
    mutating func value(startingWith first: Token, budget: inout Int) throws -> JSONValue {
        budget -= 1
        guard budget >= 0 else { throw JSONSyntaxError(offset: offset, problem: "a record too large to read") }
        // (``skipValue(startingWith:budget:)`` counts as this does: a value read whole here was skipped there.)
        switch first {
        case .beginObject:
            var members: [String: JSONValue] = [:]
            while case .key(let name) = try next() {
                members[name] = try value(startingWith: try next(), budget: &budget)
            }
            return .object(members)
        case .beginArray:
            var elements: [JSONValue] = []
            while true {
                let token = try next()
                if token == .endArray { return .array(elements) }
                elements.append(try value(startingWith: token, budget: &budget))
            }
        case .string(let text): return .string(text)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .key, .endObject, .endArray, .end:
            // The reader checks the grammar: a value's place never holds these.
            throw JSONSyntaxError(offset: offset, problem: "a value expected")
        }
    }
}
