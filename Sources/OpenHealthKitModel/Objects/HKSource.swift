public import Foundation

/// An app or device that saves data to the store.
///
/// Two sources are equal when their bundle identifiers are equal, as in HealthKit.
public final class HKSource: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The name shown to people, e.g. the app's display name.
    public let name: String
    /// The source's bundle identifier, e.g. `"com.example.heartrate"`.
    public let bundleIdentifier: String

    package init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        super.init()
    }

    /// The source of the current process: the app its first store acts for (see ``adoptProcessApp(resolvingWith:)``),
    /// otherwise one named after the executable.
    public class func `default`() -> HKSource {
        processApp.withLock { $0 }?.call(()) ?? executableSource
    }

    /// Makes the app a store acts for the process's source, unless a store did so before: as on iOS, a process acts
    /// for one app, so the first store's app is the process's for good, and no later store (of a test beside it,
    /// say) changes what ``default()`` returns. `resolve` may answer nil while it cannot tell yet (a store on healthd
    /// learns its app from healthd); ``default()`` then names the executable.
    package static func adoptProcessApp(resolvingWith resolve: @escaping @Sendable () -> HKSource?) {
        processApp.withLock { adopted in
            if adopted == nil { adopted = SendableFunction(resolve) }
        }
    }

    private static let processApp = Locked<SendableFunction<Void, HKSource?>?>(nil)

    private static let executableSource: HKSource = {
        let name = ProcessInfo.processInfo.processName
        return HKSource(name: name, bundleIdentifier: Bundle.main.bundleIdentifier ?? name)
    }()

    /// Sources are equal when their bundle identifiers are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKSource)?.bundleIdentifier == bundleIdentifier
    }

    /// The bundle identifier's hash.
    public override var hash: Int { bundleIdentifier.hashValue }

    /// The name and bundle identifier, for debugging.
    public override var description: String { "<HKSource name:\(name), bundle:\(bundleIdentifier)>" }

    // MARK: NSSecureCoding

    /// Sources are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the name and the bundle identifier.
    public func encode(with coder: NSCoder) {
        coder.encodeString(name, forKey: "name")
        coder.encodeString(bundleIdentifier, forKey: "bundleIdentifier")
    }

    /// Unarchives a source; nil without a name or a bundle identifier.
    public init?(coder: NSCoder) {
        guard let name = coder.decodeString(forKey: "name"),
            let bundleIdentifier = coder.decodeString(forKey: "bundleIdentifier")
        else { return nil }
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        super.init()
    }
}
