package import Foundation

/// The checks an attachment gets before it is stored: its size, its content type against its bytes, its name and
/// metadata.
package enum AttachmentValidation {
    /// The largest attachment accepted: 20 MiB, larger than any scan or photo of a prescription needs.
    package static let maximumSize = 20 << 20
    /// The content types accepted: images and PDF documents.
    package static let acceptedTypes: [UTType] = [.jpeg, .png, .heic, .gif, .tiff, .pdf]

    /// Checks a name (1–255 characters, no path separators or control characters), the data's size, and that the
    /// data starts as `contentType` says (its signature: `FF D8 FF` for JPEG, `%PDF-` for PDF...). Metadata values must
    /// be strings, numbers or dates. Throws `errorDataSizeExceeded` for a file too large, `errorInvalidArgument`
    /// otherwise.
    package static func validate(name: String, contentType: UTType, data: Data, metadata: [String: Any]?)
        throws(HKError)
    {
        guard !name.isEmpty, name.count <= 255,
            !name.unicodeScalars.contains(where: {
                $0 == "/" || $0 == "\\" || $0.properties.generalCategory == .control
            })
        else {
            throw HKError.invalidArgument(
                "An attachment's name must be 1 to 255 characters without path separators or control characters")
        }
        guard data.count <= maximumSize else {
            throw HKError(
                .errorDataSizeExceeded,
                "The attachment is \(data.count) bytes; attachments of at most \(maximumSize) bytes are accepted")
        }
        guard !data.isEmpty else { throw HKError.invalidArgument("The attachment is empty") }
        guard let accepted = acceptedTypes.first(where: { contentType.identifier == $0.identifier }) else {
            throw HKError.invalidArgument(
                "Attachments of type \(contentType.identifier) are not accepted: use "
                    + acceptedTypes.map(\.identifier).joined(separator: ", "))
        }
        guard matches(data, accepted) else {
            throw HKError.invalidArgument("The attachment's bytes are not a \(accepted.identifier) file")
        }
        for (key, value) in metadata ?? [:] {
            switch value {
            case is String, is NSNumber, is Date, is Int, is Double, is Bool: continue
            default:
                throw HKError.invalidArgument(
                    "Invalid class \(type(of: value)) for attachment metadata key \(key): use a string, number or date")
            }
        }
    }

    /// Whether `data` starts with `type`'s signature.
    static func matches(_ data: Data, _ type: UTType) -> Bool {
        let head = [UInt8](data.prefix(12))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<(offset + signature.count)]) == signature
        }
        switch type.identifier {
        case UTType.jpeg.identifier: return starts([0xFF, 0xD8, 0xFF])
        case UTType.png.identifier: return starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case UTType.gif.identifier: return starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8))
        case UTType.tiff.identifier: return starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
        case UTType.pdf.identifier: return starts(Array("%PDF-".utf8))
        case UTType.heic.identifier:
            // An ISO base media file whose first box is `ftyp` with a HEIF brand.
            let brands = ["heic", "heix", "hevc", "hevx", "mif1", "msf1"].map { Array($0.utf8) }
            return starts(Array("ftyp".utf8), at: 4) && brands.contains { starts($0, at: 8) }
        default: return false
        }
    }
}
