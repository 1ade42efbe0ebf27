import Foundation

/// The body of a SMART Health Link manifest request (`POST` to the link's `url`, `application/json`): who is asking
/// (`recipient`, required: the owner sees it under the link and in the access log), the passcode, and the largest
/// file the client takes embedded in the manifest (`embeddedLengthMax`; otherwise each file comes as a short-lived
/// `location`).
struct HealthLinkManifestRequest: Equatable {
    var recipient: String
    var passcode: String?
    var embeddedLengthMax: Int?

    /// The longest recipient kept; a longer one is cut (it is a name shown to the owner, not a key).
    static let maximumRecipientLength = 200

    /// Reads a request's body; a refusal says what is wrong.
    init(json body: Data) throws(HealthLinkRefusal) {
        struct Body: Decodable {
            var recipient: String?
            var passcode: String?
            var embeddedLengthMax: Int?
        }
        let decoded: Body
        do {
            decoded = try JSONDecoder().decode(Body.self, from: body)
        } catch DecodingError.typeMismatch(_, let context) {
            throw .badRequest(
                context.codingPath.last.map { "\($0.stringValue) has the wrong type" }
                    ?? "Send a JSON object: {\"recipient\": \"...\", \"passcode\": \"...\"}")
        } catch {
            throw .badRequest("Send a JSON object: {\"recipient\": \"...\", \"passcode\": \"...\"}")
        }
        // What is shown to the owner: no control, format or line-breaking characters, at most 200 characters.
        let hidden = CharacterSet.controlCharacters.union(.newlines).union(.illegalCharacters)
        let recipient = String(
            String.UnicodeScalarView((decoded.recipient ?? "").unicodeScalars.filter { !hidden.contains($0) })
        ).trimmingCharacters(in: .whitespaces)
        guard !recipient.isEmpty else { throw .badRequest("recipient is required: a name for who is opening the link") }
        guard (decoded.embeddedLengthMax ?? 0) >= 0 else {
            throw .badRequest("embeddedLengthMax must be 0 or more")
        }
        self.recipient = String(recipient.prefix(Self.maximumRecipientLength))
        passcode = decoded.passcode
        embeddedLengthMax = decoded.embeddedLengthMax
    }
}

/// Why a SMART Health Link request is refused, as its status and JSON body.
enum HealthLinkRefusal: Error, Equatable {
    /// 400: the request is malformed.
    case badRequest(String)
    /// 413: the request is larger than a manifest request can be.
    case tooLarge(String)
    /// 401: the passcode is missing or wrong; this many wrong ones remain before the link is disabled.
    case passcode(remainingAttempts: Int)
    /// 404: no active link (never made, removed, expired, disabled, or a ticket expired): one answer for all.
    case notActive
}
