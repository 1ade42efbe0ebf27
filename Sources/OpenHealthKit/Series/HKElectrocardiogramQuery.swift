public import Foundation
import OpenHealthKitEngine

/// A query for the voltage measurements of an electrocardiogram, in time order, each with every lead's voltage.
///
/// An electrocardiogram the app may not read, or that no longer exists, has no measurements: the handler only hears
/// that the query is done.
open class HKElectrocardiogramQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    /// What the data handler receives.
    public enum Result: @unchecked Sendable {
        /// One voltage measurement.
        case measurement(HKElectrocardiogram.VoltageMeasurement)
        /// Every measurement was delivered.
        case done
        /// The query failed.
        case error(any Error)
    }

    private let electrocardiogram: HKElectrocardiogram
    private nonisolated(unsafe) let handler:
        (HKElectrocardiogramQuery, HKElectrocardiogram.VoltageMeasurement?, Bool, (any Error)?) -> Void

    /// A query for the voltages of `electrocardiogram`: `dataHandler` receives each measurement with `done` false,
    /// then a nil measurement with `done` true, or an error (HealthKit's form before ``Result``).
    public init(
        electrocardiogram: HKElectrocardiogram,
        dataHandler:
            @escaping (HKElectrocardiogramQuery, HKElectrocardiogram.VoltageMeasurement?, Bool, (any Error)?) ->
            Void
    ) {
        self.electrocardiogram = electrocardiogram
        handler = dataHandler
        super.init(
            objectType: HKObjectType.electrocardiogramType(),
            predicate: HKQuery.predicateForObject(with: electrocardiogram.uuid))
    }

    /// A query for the voltages of `ecg`: `dataHandler` receives each measurement, then `.done` (or `.error`).
    public convenience init(
        _ ecg: HKElectrocardiogram, dataHandler: @escaping (HKElectrocardiogramQuery, Result) -> Void
    ) {
        self.init(electrocardiogram: ecg) { query, measurement, done, error in
            if let error {
                dataHandler(query, .error(error))
            } else if let measurement {
                dataHandler(query, .measurement(measurement))
            } else if done {
                dataHandler(query, .done)
            }
        }
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        let uuid = electrocardiogram.uuid
        queue.async { [self] in
            switch Swift.Result(catching: { try backend.voltages(ofElectrocardiogram: uuid) }) {
            case .failure(let error):
                if !isStopped { handler(self, nil, true, HKError(wrapping: error)) }
            case .success(let voltages):
                for measurement in voltages?.measurements ?? [] {
                    guard !isStopped else { return }
                    handler(self, measurement, false, nil)
                }
                if !isStopped { handler(self, nil, true, nil) }
            }
        }
        return nil
    }
}
