import Foundation
package import OpenHealthKitModel

extension HealthEngine {
    private static func key(_ type: HKCharacteristicTypeIdentifier) -> String { "characteristic/\(type.rawValue)" }

    /// The stored value of a characteristic as the principal may see it. An app needs a read decision: none yet is
    /// `errorAuthorizationNotDetermined`; a denial looks like an unset value (HealthKit never reveals it).
    package func characteristic(_ type: HKCharacteristicTypeIdentifier, as principal: Principal) async throws -> String?
    {
        if case .app(let app) = principal {
            try app.checkProvisioning()
            switch try await storageCall({ try await grants.grant(app: app.bundleIdentifier, type: type.rawValue).read }
            ) {
            case .notDetermined:
                throw HKError(.errorAuthorizationNotDetermined, "Authorization not determined for \(type.rawValue)")
            case .denied: return nil
            case .authorized: break
            }
        }
        return try await storageCall { try await storage.setting(Self.key(type)) }
    }

    /// Sets (or, with nil, clears) a characteristic: the user's own act, through their tools.
    package func setCharacteristic(_ type: HKCharacteristicTypeIdentifier, to value: String?) async throws {
        try await storageCall { try await storage.setSettings([Self.key(type): value]) }
    }
}
