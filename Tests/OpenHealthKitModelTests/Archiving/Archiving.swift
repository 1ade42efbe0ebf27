import Foundation
import Testing
@testable import OpenHealthKitModel

/// Archives `object` with a secure keyed archiver and unarchives it as `type`, as an app restoring it would.
func archivedCopy<T: NSObject & NSSecureCoding>(_ object: some NSObject & NSSecureCoding, as type: T.Type) throws -> T {
    let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
    return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: type, from: data))
}

/// Archives `object` and unarchives it as its own class.
func archivedCopy<T: NSObject & NSSecureCoding>(_ object: T) throws -> T {
    try archivedCopy(object, as: T.self)
}

/// A secure unarchiver positioned on the keys `encode` writes: what `init?(coder:)` reads from a damaged or forged
/// archive.
func forgedCoder(_ encode: (NSKeyedArchiver) -> Void) throws -> NSKeyedUnarchiver {
    let archiver = NSKeyedArchiver(requiringSecureCoding: true)
    encode(archiver)
    archiver.finishEncoding()
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
    unarchiver.requiresSecureCoding = true
    unarchiver.decodingFailurePolicy = .setErrorAndReturn
    return unarchiver
}
