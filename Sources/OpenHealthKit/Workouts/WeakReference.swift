/// A weak reference to a delegate, as HealthKit's `weak var delegate` properties hold theirs.
struct WeakReference<Object> {
    private weak var storage: AnyObject?

    init(_ object: Object?) {
        storage = object as AnyObject?
    }

    var object: Object? { storage as? Object }
}
