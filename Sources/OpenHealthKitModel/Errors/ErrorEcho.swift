/// What an error message repeats of its input, bounded: a request may carry a 16 MB name, and an answer that echoes
/// it whole would be as large as the request (and a log line as long).
package enum ErrorEcho {
    /// The most characters a message repeats of one input.
    package static let maximumEcho = 100
    /// The most characters a message sent as an answer holds, whatever it repeats.
    package static let maximumMessage = 1_000

    /// `text` as a message repeats it: its first `limit` characters, then `…` when there was more.
    package static func text(_ text: String, limit: Int = maximumEcho) -> String {
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex
        else { return text }
        return String(text[..<end]) + "…"
    }
}
