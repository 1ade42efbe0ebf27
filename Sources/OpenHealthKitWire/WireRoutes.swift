public import Foundation
public import OpenHealthKitModel

/// Every route healthd serves, defined once: the daemon registers its handlers by these and both of its clients
/// (the `OpenHealthKit` facade's remote store and `hk`'s owner commands) build their requests from them.
/// `docs/openapi.yaml` documents exactly ``all`` (HealthDaemonTests checks it). Query parameters (`?type=`) are
/// each handler's business, not part of a route.
public enum WireRoutes {
    // MARK: Public

    /// This API's OpenAPI document.
    public static let openAPI = WireRoute(.get, "/openapi.yaml")
    /// Liveness.
    public static let status = WireRoute(.get, "/v1/status")
    /// The Health web app's Summary page (the web app registers its own pages: docs/WEB.md).
    public static let webApp = WireRoute(.get, "/")

    // MARK: An app's data

    /// The app the credential names.
    public static let app = WireRoute(.get, "/v1/app")
    /// Saves samples (`HKHealthStore.save`).
    public static let saveSamples = WireRoute(.post, "/v1/samples")
    /// Deletes objects by UUID.
    public static let deleteSamples = WireRoute(.post, "/v1/samples/delete")
    /// Deletes the samples of a type matching a predicate.
    public static let deleteMatchingSamples = WireRoute(.post, "/v1/samples/delete-matching")
    /// `HKSampleQuery`.
    public static let querySamples = WireRoute(.post, "/v1/queries/samples")
    /// `HKAnchoredObjectQuery`: changes after an anchor.
    public static let queryAnchored = WireRoute(.post, "/v1/queries/anchored")
    /// `HKSourceQuery`.
    public static let querySources = WireRoute(.post, "/v1/queries/sources")
    /// `HKCorrelationQuery`.
    public static let queryCorrelations = WireRoute(.post, "/v1/queries/correlations")
    /// `HKStatisticsQuery`.
    public static let queryStatistics = WireRoute(.post, "/v1/queries/statistics")
    /// `HKStatisticsCollectionQuery`.
    public static let queryStatisticsCollection = WireRoute(.post, "/v1/queries/statistics-collection")
    /// `HKActivitySummaryQuery`.
    public static let queryActivitySummaries = WireRoute(.post, "/v1/queries/activity-summaries")
    /// `HKQuantitySeriesSampleQuery`: the quantities of the matching samples.
    public static let queryQuantitySeries = WireRoute(.post, "/v1/queries/quantity-series")
    /// `HKHeartbeatSeriesQuery`: a heartbeat series' beats.
    public static let heartbeatSeriesBeats = WireRoute<UUID>(.get, template: "/v1/heartbeat-series/{id}/beats")
    /// `HKElectrocardiogramQuery`: an electrocardiogram's voltages.
    public static let electrocardiogramVoltages = WireRoute<UUID>(
        .get, template: "/v1/electrocardiograms/{id}/voltages")
    /// The store's current anchor.
    public static let anchor = WireRoute(.get, "/v1/anchor")
    /// A characteristic (`dateOfBirth()`, `biologicalSex()`...).
    public static let characteristic = WireRoute<HKCharacteristicTypeIdentifier>(
        .get, template: "/v1/characteristics/{type}")
    /// `preferredUnits(for:)`.
    public static let preferredUnits = WireRoute(.post, "/v1/preferred-units")
    /// `HKDocumentQuery`: waits (`?wait=`) while the owner is asked about new documents.
    public static let queryDocuments = WireRoute(.post, "/v1/queries/documents")
    /// `HKUserAnnotatedMedicationQuery`.
    public static let queryMedications = WireRoute(.post, "/v1/queries/medications")
    /// `supportsHealthRecords()`.
    public static let healthRecords = WireRoute(.get, "/v1/health-records")
    /// `HKAttachmentStore.addAttachment`.
    public static let addAttachment = WireRoute(.post, "/v1/attachments")
    /// `HKAttachmentStore.attachments(for:)`.
    public static let objectAttachments = WireRoute<UUID>(.get, template: "/v1/objects/{uuid}/attachments")
    /// An attachment's bytes (`HKAttachmentDataReader`).
    public static let attachmentData = WireRoute<UUID>(.get, template: "/v1/attachments/{uuid}/data")
    /// `HKAttachmentStore.removeAttachment(_:from:)` (`?object=`).
    public static let removeAttachment = WireRoute<UUID>(.delete, template: "/v1/attachments/{uuid}")

    // MARK: An app's workouts

    /// `HKHealthStore.add(_:to:)`: associates stored samples with a stored workout.
    public static let associateWithWorkout = WireRoute(.post, "/v1/workouts/associate")
    /// `HKWorkoutRouteBuilder.finishRoute(with:metadata:)`: saves a route with its locations.
    public static let saveWorkoutRoute = WireRoute(.post, "/v1/workouts/routes")
    /// `HKWorkoutRouteQuery`: a page of a route's locations.
    public static let queryRouteLocations = WireRoute(.post, "/v1/queries/route-locations")
    /// `relateWorkoutEffortSample(_:with:activity:)`.
    public static let relateWorkoutEffort = WireRoute(.post, "/v1/workouts/effort/relate")
    /// `unrelateWorkoutEffortSample(_:from:activity:)`.
    public static let unrelateWorkoutEffort = WireRoute(.post, "/v1/workouts/effort/unrelate")
    /// `HKWorkoutEffortRelationshipQuery`.
    public static let queryEffortRelationships = WireRoute(.post, "/v1/queries/effort-relationships")

    // MARK: An app's authorization

    /// Checks a permission request's shape without asking the owner.
    public static let checkAuthorization = WireRoute(.post, "/v1/authorization/check")
    /// `requestAuthorization`: waits (`?wait=`) for the owner's answer.
    public static let requestAuthorization = WireRoute(.post, "/v1/authorization/request")
    /// A permission request, by id.
    public static let authorizationRequest = WireRoute<UUID>(.get, template: "/v1/authorization/requests/{id}")
    /// `getRequestStatusForAuthorization`.
    public static let authorizationRequestStatus = WireRoute(.post, "/v1/authorization/request-status")
    /// `authorizationStatus(for:)` (`?type=`).
    public static let authorizationStatus = WireRoute(.get, "/v1/authorization/status")
    /// `requestPerObjectReadAuthorization(for:predicate:)`: waits (`?wait=`) for the owner's answer.
    public static let requestObjectAuthorization = WireRoute(.post, "/v1/authorization/objects")

    // MARK: Changes

    /// The change stream (server-sent events).
    public static let changeStream = WireRoute(.get, "/v1/changes/stream")
    /// The app's background deliveries.
    public static let backgroundDeliveries = WireRoute(.get, "/v1/background-delivery")
    /// `enableBackgroundDelivery`.
    public static let enableBackgroundDelivery = WireRoute(.post, "/v1/background-delivery")
    /// `disableBackgroundDelivery` (one type with `?type=`, else all).
    public static let disableBackgroundDelivery = WireRoute(.delete, "/v1/background-delivery")
    /// Acknowledges delivered changes up to an anchor.
    public static let acknowledgeBackgroundDelivery = WireRoute(.post, "/v1/background-delivery/acknowledge")
    /// Sets the address healthd calls to wake the app.
    public static let setBackgroundDeliveryCallback = WireRoute(.put, "/v1/background-delivery/callback")
    /// Removes the app's wake-up address.
    public static let removeBackgroundDeliveryCallback = WireRoute(.delete, "/v1/background-delivery/callback")

    // MARK: The owner's

    /// The registered apps.
    public static let ownerApps = WireRoute(.get, "/v1/owner/apps")
    /// Registers an app and issues its credential.
    public static let registerApp = WireRoute(.post, "/v1/owner/apps")
    /// A registered app.
    public static let ownerApp = WireRoute<String>(.get, template: "/v1/owner/apps/{bundleIdentifier}")
    /// Revokes an app's credential.
    public static let revokeApp = WireRoute<String>(.delete, template: "/v1/owner/apps/{bundleIdentifier}")
    /// An app's grants.
    public static let appGrants = WireRoute<String>(.get, template: "/v1/owner/apps/{bundleIdentifier}/grants")
    /// Changes an app's grants.
    public static let setAppGrants = WireRoute<String>(.put, template: "/v1/owner/apps/{bundleIdentifier}/grants")
    /// Revokes every grant of an app.
    public static let revokeAppGrants = WireRoute<String>(.delete, template: "/v1/owner/apps/{bundleIdentifier}/grants")
    /// The permission requests waiting for the owner.
    public static let pendingAuthorizations = WireRoute(.get, "/v1/owner/authorization/pending")
    /// Answers a waiting permission request.
    public static let answerAuthorization = WireRoute<UUID>(.post, template: "/v1/owner/authorization/{id}/answer")
    /// A characteristic, as the owner reads it.
    public static let ownerCharacteristic = WireRoute<HKCharacteristicTypeIdentifier>(
        .get, template: "/v1/owner/characteristics/{type}")
    /// Sets (or clears) a characteristic.
    public static let setOwnerCharacteristic = WireRoute<HKCharacteristicTypeIdentifier>(
        .put, template: "/v1/owner/characteristics/{type}")
    /// The sources of a type's samples (`?type=`).
    public static let ownerSources = WireRoute(.get, "/v1/owner/sources")
    /// The order statistics merge a type's sources in (`?type=`).
    public static let sourcePriority = WireRoute(.get, "/v1/owner/sources/priority")
    /// Sets the order statistics merge a type's sources in.
    public static let setSourcePriority = WireRoute(.put, "/v1/owner/sources/priority")
    /// The audit log, a page at a time.
    public static let auditLog = WireRoute(.get, "/v1/owner/audit")
    /// Every medication the owner tracks, archived ones too.
    public static let ownerMedications = WireRoute(.get, "/v1/owner/medications")
    /// Records a medication the owner tracks, or changes one (by its concept code).
    public static let saveOwnerMedication = WireRoute(.put, "/v1/owner/medications")
    /// Logs a dose of a tracked medication.
    public static let logOwnerDose = WireRoute(.post, "/v1/owner/medications/doses")
    /// The owner's webhook subscriptions.
    public static let ownerWebhooks = WireRoute(.get, "/v1/owner/webhooks")
    /// Subscribes a URL to the changes of some types; answers the subscription with its secret, once.
    public static let addOwnerWebhook = WireRoute(.post, "/v1/owner/webhooks")
    /// Ends a subscription.
    public static let removeOwnerWebhook = WireRoute<String>(.delete, template: "/v1/owner/webhooks/{id}")
    /// A subscription's last delivery attempts.
    public static let ownerWebhookDeliveries = WireRoute<String>(.get, template: "/v1/owner/webhooks/{id}/deliveries")

    /// Stores a push of the iOS app Health Auto Export (its JSON, export format version 2), with an ingest key.
    public static let ingestHealthAutoExport = WireRoute(.post, "/v1/ingest/health-auto-export")

    /// Every route above, in the order `docs/openapi.yaml` lists them.
    public static let all: [WireEndpoint] = [
        openAPI.endpoint, status.endpoint, webApp.endpoint, app.endpoint,
        saveSamples.endpoint, deleteSamples.endpoint, deleteMatchingSamples.endpoint,
        querySamples.endpoint, queryAnchored.endpoint, querySources.endpoint, queryCorrelations.endpoint,
        queryStatistics.endpoint, queryStatisticsCollection.endpoint, queryActivitySummaries.endpoint,
        queryQuantitySeries.endpoint, heartbeatSeriesBeats.endpoint, electrocardiogramVoltages.endpoint,
        anchor.endpoint, characteristic.endpoint, preferredUnits.endpoint,
        associateWithWorkout.endpoint, saveWorkoutRoute.endpoint, queryRouteLocations.endpoint,
        relateWorkoutEffort.endpoint, unrelateWorkoutEffort.endpoint, queryEffortRelationships.endpoint,
        queryDocuments.endpoint, queryMedications.endpoint, healthRecords.endpoint, addAttachment.endpoint,
        objectAttachments.endpoint, attachmentData.endpoint, removeAttachment.endpoint,
        checkAuthorization.endpoint, requestAuthorization.endpoint, authorizationRequest.endpoint,
        authorizationRequestStatus.endpoint, authorizationStatus.endpoint, requestObjectAuthorization.endpoint,
        changeStream.endpoint, backgroundDeliveries.endpoint, enableBackgroundDelivery.endpoint,
        disableBackgroundDelivery.endpoint, acknowledgeBackgroundDelivery.endpoint,
        setBackgroundDeliveryCallback.endpoint, removeBackgroundDeliveryCallback.endpoint,
        ownerApps.endpoint, registerApp.endpoint, ownerApp.endpoint, revokeApp.endpoint,
        appGrants.endpoint, setAppGrants.endpoint, revokeAppGrants.endpoint,
        pendingAuthorizations.endpoint, answerAuthorization.endpoint,
        ownerCharacteristic.endpoint, setOwnerCharacteristic.endpoint,
        ownerSources.endpoint, sourcePriority.endpoint, setSourcePriority.endpoint, auditLog.endpoint,
        ownerMedications.endpoint, saveOwnerMedication.endpoint, logOwnerDose.endpoint,
        ownerWebhooks.endpoint, addOwnerWebhook.endpoint, removeOwnerWebhook.endpoint, ownerWebhookDeliveries.endpoint,
        ingestHealthAutoExport.endpoint,
    ]
}
