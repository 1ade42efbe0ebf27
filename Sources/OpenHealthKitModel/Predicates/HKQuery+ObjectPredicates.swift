public import Foundation

extension HKQuery {
    /// A predicate that matches objects saved by `source`.
    public class func predicateForObjects(from source: HKSource) -> NSPredicate {
        HKQueryPredicate(.sources(bundleIdentifiers: [source.bundleIdentifier]))
    }

    /// A predicate that matches objects saved by any of `sources`.
    public class func predicateForObjects(from sources: Set<HKSource>) -> NSPredicate {
        HKQueryPredicate(.sources(bundleIdentifiers: Set(sources.map(\.bundleIdentifier))))
    }

    /// A predicate that matches objects saved by any of `sourceRevisions`.
    ///
    /// A revision made with `HKSourceRevisionAnyVersion`, `HKSourceRevisionAnyProductType` or
    /// `HKSourceRevisionAnyOperatingSystem` matches any value of that field.
    public class func predicateForObjects(from sourceRevisions: Set<HKSourceRevision>) -> NSPredicate {
        HKQueryPredicate(.sourceRevisions(Set(sourceRevisions.map(SourceRevisionPattern.init))))
    }

    /// A predicate that matches objects from any of `devices`: every property of the object's device must equal the
    /// given device's, nil values included.
    public class func predicateForObjects(from devices: Set<HKDevice>) -> NSPredicate {
        HKQueryPredicate(.devices(Set(devices.map(DeviceProperty.values(of:)))))
    }

    /// A predicate that matches objects whose device has the property `key` (an `HKDevicePropertyKey...` constant)
    /// equal to one of `allowedValues`; an empty set matches devices where that property is nil.
    ///
    /// Any other key raises `NSInvalidArgumentException`.
    public class func predicateForObjects(withDeviceProperty key: String, allowedValues: Set<String>) -> NSPredicate {
        HKQueryPredicate { () throws(HKError) in
            .deviceProperty(try DeviceProperty(key: key), allowedValues: allowedValues)
        }
    }

    /// A predicate that matches the object with this UUID.
    public class func predicateForObject(with UUID: UUID) -> NSPredicate {
        HKQueryPredicate(.uuids([UUID]))
    }

    /// A predicate that matches the objects with any of these UUIDs.
    public class func predicateForObjects(with UUIDs: Set<UUID>) -> NSPredicate {
        HKQueryPredicate(.uuids(UUIDs))
    }

    /// A predicate that matches samples that are not part of a correlation.
    public class func predicateForObjectsWithNoCorrelation() -> NSPredicate {
        HKQueryPredicate(.noCorrelation)
    }

    /// A predicate that matches the samples added to `workout`.
    public class func predicateForObjects(from workout: HKWorkout) -> NSPredicate {
        HKQueryPredicate(.workout(uuid: workout.uuid))
    }
}
