#if canImport(UniformTypeIdentifiers)
@_exported public import UniformTypeIdentifiers
#else
public import Foundation

/// A uniform type identifier (`public.jpeg`, `com.adobe.pdf`), as UniformTypeIdentifiers declares it on Apple
/// platforms, which Linux lacks: the identifier, its preferred MIME type and file name extension, and conformance.
///
/// Only the types OpenHealthKit works with are known (images and PDF documents, for attachments); an identifier
/// outside them is created with `init(_:)` and conforms to itself and `public.data` only.
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// The type's identifier, e.g. `public.jpeg`.
    public let identifier: String
    /// The MIME type of the type, e.g. `image/jpeg`.
    public let preferredMIMEType: String?
    /// The usual file name extension, e.g. `jpeg`.
    public let preferredFilenameExtension: String?
    private let supertypeIdentifiers: Set<String>

    private init(_ identifier: String, mime: String?, fileExtension: String?, supertypes: Set<String>) {
        self.identifier = identifier
        preferredMIMEType = mime
        preferredFilenameExtension = fileExtension
        supertypeIdentifiers = supertypes
    }

    /// The type with this identifier: a known one with its MIME type and supertypes, else a bare type.
    public init?(_ identifier: String) {
        guard !identifier.isEmpty else { return nil }
        self =
            Self.known.first { $0.identifier == identifier }
            ?? UTType(identifier, mime: nil, fileExtension: nil, supertypes: ["public.data"])
    }

    /// The known type with this MIME type, or nil.
    public init?(mimeType: String) {
        guard let type = Self.known.first(where: { $0.preferredMIMEType == mimeType.lowercased() }) else { return nil }
        self = type
    }

    /// The known type with this file name extension, or nil.
    public init?(filenameExtension: String) {
        let lowered = filenameExtension.lowercased()
        let aliases = ["jpg": "jpeg", "tif": "tiff", "heif": "heic"]
        let wanted = aliases[lowered] ?? lowered
        guard let type = Self.known.first(where: { $0.preferredFilenameExtension == wanted }) else { return nil }
        self = type
    }

    /// Whether this type is `type` or one of its subtypes (`public.jpeg` conforms to `public.image`).
    public func conforms(to type: UTType) -> Bool {
        type.identifier == identifier || supertypeIdentifiers.contains(type.identifier)
    }

    /// The identifier.
    public var description: String { identifier }

    /// Any data.
    public static let data = UTType("public.data", mime: nil, fileExtension: nil, supertypes: [])
    /// Any image.
    public static let image = UTType("public.image", mime: nil, fileExtension: nil, supertypes: ["public.data"])
    /// A JPEG image.
    public static let jpeg = UTType(
        "public.jpeg", mime: "image/jpeg", fileExtension: "jpeg", supertypes: ["public.image", "public.data"])
    /// A PNG image.
    public static let png = UTType(
        "public.png", mime: "image/png", fileExtension: "png", supertypes: ["public.image", "public.data"])
    /// A HEIC image.
    public static let heic = UTType(
        "public.heic", mime: "image/heic", fileExtension: "heic", supertypes: ["public.image", "public.data"])
    /// A GIF image.
    public static let gif = UTType(
        "com.compuserve.gif", mime: "image/gif", fileExtension: "gif", supertypes: ["public.image", "public.data"])
    /// A TIFF image.
    public static let tiff = UTType(
        "public.tiff", mime: "image/tiff", fileExtension: "tiff", supertypes: ["public.image", "public.data"])
    /// A PDF document.
    public static let pdf = UTType(
        "com.adobe.pdf", mime: "application/pdf", fileExtension: "pdf", supertypes: ["public.data"])
    /// Plain text.
    public static let plainText = UTType(
        "public.plain-text", mime: "text/plain", fileExtension: "txt", supertypes: ["public.data"])

    private static let known: [UTType] = [.data, .image, .jpeg, .png, .heic, .gif, .tiff, .pdf, .plainText]
}
#endif
