import Foundation
import OpenHealthKitEngine
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TestDaemon {
    /// Registers an app with healthd, as the owner does (`POST /v1/owner/apps`); returns its credential.
    func register(_ manifest: AppManifest) async throws -> String {
        func xml(_ dictionary: [String: Any]) throws -> String {
            String(decoding: try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0), as: UTF8.self)
        }
        let registration = WireAppRegistration(
            infoPlist: try xml([
                "CFBundleIdentifier": manifest.bundleIdentifier, "CFBundleName": manifest.name,
                "NSHealthShareUsageDescription": "Reads.", "NSHealthUpdateUsageDescription": "Writes.",
            ]),
            entitlements: try xml(["com.apple.developer.healthkit": true]), credentialLifetime: nil)
        var request = URLRequest(url: address.appendingPathComponent("v1/owner/apps"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(ownerSecret)", forHTTPHeaderField: "Authorization")
        request.httpBody = try JSONEncoder().encode(registration)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let data = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
            URLSession.shared.dataTask(with: request) { data, _, error in
                if let data { continuation.resume(returning: data) } else { continuation.resume(throwing: error ?? URLError(.badServerResponse)) }
            }.resume()
        }
        return try JSONDecoder().decode(WireIssuedCredential.self, from: data).credential
    }
}
