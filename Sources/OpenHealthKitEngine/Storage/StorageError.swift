package import Foundation

/// Failures of the storage itself (not of the caller's input).
package enum StorageError: Error, CustomStringConvertible {
    case cannotCreate(String)
    case duplicateUUID(UUID)
    case missingParent(UUID)

    package var description: String {
        switch self {
        case .cannotCreate(let path): return "cannot create the database file at \(path)"
        case .duplicateUUID(let uuid): return "an object with UUID \(uuid.uuidString) is already stored"
        case .missingParent(let uuid):
            return "the correlation \(uuid.uuidString) that a sample belongs to is not stored"
        }
    }
}
