import Foundation
import HKCommandLine
import OpenHealthKitExchange
import OpenHealthKitModel
import OpenHealthKitWire

/// Metadata values from outside: an export's `MetadataEntry` (a key and a text), the wire's JSON values, `hk`'s
/// `KEY=VALUE`. The input's first line is the key, the rest the value; the whole input is also read as the wire's
/// metadata object. Whatever reads is checked by the validation every save runs, which refuses only as bad input; an
/// export value written back as the export writes it reads again as the same text.
enum MetadataFuzzing {
    static func run(_ data: Data) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
        let key = String(text.prefix { $0 != "\n" })
        let value = String(text.dropFirst(key.count + 1))
        let export = exportValue(key: key, text: value)
        let wire = wireValue(data)
        let commandLine = FuzzCheck.refusesOnlyAsInvalid("hk's metadata option") {
            guard let metadata = try CommandLineInput.metadata(["\(key)=\(value)"], timeZone: .gmt) else { return }
            try MetadataValidation.validate(metadata)
        }
        return export || wire || commandLine
    }

    private static func exportValue(key: String, text: String) -> Bool {
        let reader = MetadataValueReader()
        let value = reader.value(forKey: key, text: text)
        let written = MetadataText.text(value, offset: { _ in 0 })
        let rewritten = MetadataText.text(reader.value(forKey: key, text: written), offset: { _ in 0 })
        FuzzCheck.require(
            rewritten == written, "export metadata \(key)='\(text)' was written as '\(written)', then '\(rewritten)'")
        return FuzzCheck.refusesOnlyAsInvalid("validating imported metadata") {
            try MetadataValidation.validate([key: value])
        }
    }

    private static func wireValue(_ data: Data) -> Bool {
        guard let values = try? WireRequestBody.decode([String: WireMetadataValue].self, from: data) else {
            return false
        }
        return FuzzCheck.refusesOnlyAsInvalid("reading wire metadata") {
            guard let metadata = try WireMetadata.decode(values) else { return }
            try MetadataValidation.validate(metadata)
        }
    }
}
