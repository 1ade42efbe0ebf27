import OpenHealthKitModel

extension SampleDetail {
    /// Whether samples of this type keep a summary in a table of their own that a read looks up beside the sample
    /// row: heartbeat series, electrocardiograms, audiograms and workout routes (the count of their locations). (A
    /// quantity series' summary is joined to its row; the records' kinds are ``SampleDetailKind``.)
    package static func isRecordingType(_ typeIdentifier: String) -> Bool {
        typeIdentifier == HKDataTypeIdentifierHeartbeatSeries || typeIdentifier == electrocardiogramTypeIdentifier
            || typeIdentifier == audiogramTypeIdentifier || typeIdentifier == HKWorkoutRouteTypeIdentifier
    }

    /// `HKElectrocardiogramType`'s identifier.
    package static let electrocardiogramTypeIdentifier = HKObjectType.electrocardiogramType().identifier
    /// `HKAudiogramSampleType`'s identifier.
    package static let audiogramTypeIdentifier = HKObjectType.audiogramSampleType().identifier
}
