public import Foundation

/// An app or device that saves data to the store.
///
/// Two sources are equal when their bundle identifiers are equal, as in HealthKit.
public final class HKSource: NSObject, @unchecked Sendable {
    /// The name shown to people, e.g. the app's display name.
    public let name: String
    /// The source's bundle identifier, e.g. `"com.example.heartrate"`.
    public let bundleIdentifier: String

    package init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        super.init()
    }

    /// The source of the current process: the one the store configuration set, otherwise one named after the executable.
    public class func `default`() -> HKSource {
        processDefault ?? executableSource
    }

    /// The process-wide source that ``default()`` returns, set by the store configuration (nil: named after the executable).
    package static var processDefault: HKSource? {
        get { processDefaultBox.withLock { $0 }?() }
        set {
            let source = newValue
            let resolve: @Sendable () -> HKSource? = { source }
            processDefaultBox.withLock { $0 = source == nil ? nil : resolve }
        }
    }

    /// Sets the process-wide source to one found when first asked for: a store on healthd learns from healthd which
    /// app its credential names. `resolve` answers nil while it cannot tell (``default()`` then names the executable).
    package static func setProcessDefault(resolvingWith resolve: @escaping @Sendable () -> HKSource?) {
        processDefaultBox.withLock { $0 = resolve }
    }

    private static let processDefaultBox = Locked<(@Sendable () -> HKSource?)?>(nil)

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
}
