import Foundation

/// A `multipart/form-data` body (RFC 7578), as a form with a file field sends it: its parts, each a text field or a
/// file. Read from a body already limited in size; at most ``maximumParts`` parts with headers of at most 8 KiB
/// each, and anything else is refused rather than guessed at.
struct MultipartForm: Sendable {
    struct Part: Sendable {
        let name: String
        /// The file's name as the browser gave it (nil for a text field).
        let fileName: String?
        /// The part's `Content-Type` (nil when the browser sent none).
        let contentType: String?
        let data: Data
    }

    static let maximumParts = 16

    let parts: [Part]

    /// Reads `body`; `contentType` is the request's (`multipart/form-data; boundary=...`).
    init(body: Data, contentType: String) throws(WebError) {
        let invalid = WebError.badRequest("The form could not be read: send it again.")
        guard contentType.lowercased().hasPrefix("multipart/form-data"),
            let boundary = Self.parameter("boundary", in: contentType), !boundary.isEmpty, boundary.count <= 200
        else { throw invalid }
        let delimiter = Data(("--" + boundary).utf8)
        let separator = Data("\r\n\r\n".utf8), newline = Data("\r\n".utf8)
        guard let first = body.range(of: delimiter), first.lowerBound == body.startIndex else { throw invalid }
        var parts: [Part] = []
        var cursor = first.upperBound
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if body[cursor...].starts(with: Data("--".utf8)) { break }
            guard body[cursor...].starts(with: newline), parts.count < Self.maximumParts else { throw invalid }
            let headerStart = cursor + 2
            guard let headerEnd = body.range(of: separator, in: headerStart..<body.endIndex),
                headerEnd.lowerBound - headerStart <= 8 << 10,
                let next = body.range(of: newline + delimiter, in: headerEnd.upperBound..<body.endIndex)
            else { throw invalid }
            let headers = String(decoding: body[headerStart..<headerEnd.lowerBound], as: UTF8.self)
            var disposition: String?, partType: String?
            for line in headers.components(separatedBy: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                switch line[..<colon].lowercased() {
                case "content-disposition": disposition = value
                case "content-type": partType = value
                default: continue
                }
            }
            guard let disposition, disposition.lowercased().hasPrefix("form-data"),
                let name = Self.parameter("name", in: disposition)
            else { throw invalid }
            parts.append(
                Part(
                    name: name, fileName: Self.parameter("filename", in: disposition), contentType: partType,
                    data: Data(body[headerEnd.upperBound..<next.lowerBound])))
            cursor = next.upperBound
        }
        self.parts = parts
    }

    /// A text field's value.
    subscript(name: String) -> String? {
        parts.first { $0.name == name && $0.fileName == nil }.map { String(decoding: $0.data, as: UTF8.self) }
    }

    /// A file field.
    func file(_ name: String) -> Part? {
        parts.first { $0.name == name && $0.fileName != nil }
    }

    /// A header parameter's value (`name="x"` or `name=x`).
    static func parameter(_ name: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.trimmingCharacters(in: .whitespaces)
            guard let equals = pair.firstIndex(of: "="), pair[..<equals].lowercased() == name.lowercased() else {
                continue
            }
            var value = pair[pair.index(after: equals)...]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }
}
