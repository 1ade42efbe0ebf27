package import Foundation

/// Failures of the storage itself (not of the caller's input).
package enum StorageError: Error, CustomStringConvertible {
    case cannotCreate(String)
    case duplicateUUID(UUID)
    case missingParent(UUID)
    /// No object with this UUID is stored (or not one of the kind the call needs).
    case notFound(UUID)

    package var description: String {
        switch self {
        case .cannotCreate(let path): return "cannot create the database file at \(path)"
        case .duplicateUUID(let uuid): return "an object with UUID \(uuid.uuidString) is already stored"
        case .missingParent(let uuid):
            return "the correlation \(uuid.uuidString) that a sample belongs to is not stored"
        case .notFound(let uuid): return "no object with UUID \(uuid.uuidString) is stored"
        }
    }
}
