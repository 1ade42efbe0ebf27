public import Foundation
import OpenHealthKitEngine

/// A query for the voltage measurements of an electrocardiogram, in time order, each with every lead's voltage.
///
/// An electrocardiogram the app may not read, or that no longer exists, has no measurements: the handler only hears
/// that the query is done.
public final class HKElectrocardiogramQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
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
    private nonisolated(unsafe) let handler: (HKElectrocardiogramQuery, Result) -> Void

    /// A query for the voltages of `ecg`: `dataHandler` receives each measurement, then `.done` (or `.error`).
    public init(_ ecg: HKElectrocardiogram, dataHandler: @escaping (HKElectrocardiogramQuery, Result) -> Void) {
        electrocardiogram = ecg
        handler = dataHandler
        super.init(
            objectType: HKObjectType.electrocardiogramType(), predicate: HKQuery.predicateForObject(with: ecg.uuid))
    }

    /// A query for the voltages of `electrocardiogram`: `dataHandler` receives each measurement with `done` false,
    /// then a nil measurement with `done` true, or an error (HealthKit's form before ``Result``).
    @available(*, deprecated, message: "Use init(_:dataHandler:)")
    public convenience init(
        electrocardiogram: HKElectrocardiogram,
        dataHandler:
            @escaping (HKElectrocardiogramQuery, HKElectrocardiogram.VoltageMeasurement?, Bool, (any Error)?) ->
            Void
    ) {
        self.init(electrocardiogram) { query, result in
            switch result {
            case .measurement(let measurement): dataHandler(query, measurement, false, nil)
            case .done: dataHandler(query, nil, true, nil)
            case .error(let error): dataHandler(query, nil, true, error)
            }
        }
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        let uuid = electrocardiogram.uuid
        queue.async { [self] in
            switch Swift.Result(catching: { try backend.voltages(ofElectrocardiogram: uuid) }) {
            case .failure(let error):
                if !isStopped { handler(self, .error(HKError(wrapping: error))) }
            case .success(let voltages):
                for measurement in voltages?.measurements ?? [] {
                    guard !isStopped else { return }
                    handler(self, .measurement(measurement))
                }
                if !isStopped { handler(self, .done) }
            }
        }
        return nil
    }
}
