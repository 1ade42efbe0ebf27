/// One value of a `token` search parameter (`code`, `category`): `[system]|[code]`, or a code in any system (FHIR
/// R4, Search: "token").
struct FHIRToken: Equatable {
    /// nil: any system; "": codes without a system (none here).
    let system: String?
    let code: String

    init(_ text: Substring) throws(FHIRError) {
        if let bar = text.firstIndex(of: "|") {
            system = String(text[..<bar])
            code = String(text[text.index(after: bar)...])
        } else {
            system = nil
            code = String(text)
        }
        guard !code.isEmpty else { throw .invalid("The token \(text) names no code") }
    }

    /// The comma-separated values of one parameter: any of them matches.
    static func list(_ text: String) throws(FHIRError) -> [FHIRToken] {
        var tokens: [FHIRToken] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) { tokens.append(try FHIRToken(part)) }
        return tokens
    }

    func matches(system other: String, code otherCode: String) -> Bool {
        code == otherCode && (system == nil || system == other)
    }
}
