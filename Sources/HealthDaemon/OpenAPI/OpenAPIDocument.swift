// Generated from docs/openapi.yaml: do not edit. DaemonRecordsTests checks that the two match; run it with
// OPENHEALTHKIT_REGENERATE_OPENAPI=1 to regenerate this file after editing the YAML.
enum OpenAPIDocument {
    static let yaml = #"""
openapi: 3.0.3
info:
  title: healthd
  version: "1"
  description: |
    The user's health store served to apps on this machine, with HealthKit's behaviour.

    Apps call with `Authorization: Bearer <credential>` (issued when the owner registers the app); the owner's
    routes (`/v1/owner/...`) take `Authorization: Bearer <owner secret>`. Every error is
    `{"error": {"code": <HKError code>, "domain": "com.apple.healthkit", "message": "..."}}`: bad input is 4xx
    and changes nothing; a missing, forged, expired, replaced or revoked credential is 401. A request body must be
    `application/json` (else 415) and name each key of an object once (else 400); a known path called with a method
    it does not take is 405 with an `Allow` header, an unknown path 404. An answer healthd cannot encode (a value
    that is not a finite number, which only data stored before values were bounded can hold) is a 500 error, never
    an empty success.

    Dates are seconds since 1970 (JSON numbers); on input an ISO 8601 string is accepted too. Types are
    HealthKit's raw identifiers (`HKQuantityTypeIdentifierHeartRate`); short names (`heartRate`) are accepted on
    input. Units are HKUnit strings (`count/min`).
servers:
  - url: http://127.0.0.1:8787
tags:
  - name: public
  - name: data
    description: HKHealthStore's saves, deletions and queries, for the app the credential names.
  - name: authorization
  - name: changes
  - name: owner
security:
  - credential: []
paths:
  /openapi.yaml:
    get:
      tags: [public]
      summary: This document.
      security: []
      responses:
        "200":
          description: The OpenAPI document.
          content:
            application/yaml:
              schema: { type: string }
  /v1/status:
    get:
      tags: [public]
      summary: Liveness.
      security: []
      responses:
        "200":
          description: healthd is serving.
          content:
            application/json:
              schema:
                type: object
                properties:
                  status: { type: string, enum: [ok] }
  /:
    get:
      tags: [public]
      summary: The Health web app (docs/WEB.md); without the owner's session cookie, a redirect to its sign-in page.
      security: []
      responses:
        "200":
          description: The Summary page.
          content:
            text/html:
              schema: { type: string }
        "303":
          description: To `/signin`.
  /v1/app:
    get:
      tags: [authorization]
      summary: The calling app, as registered.
      responses:
        "200":
          description: The app.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/AppSummary" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/samples:
    post:
      tags: [data]
      summary: Save objects, all or nothing (HKHealthStore.save).
      description: |
        Each object is validated as HealthKit validates it (compatible unit, allowed category value, dates,
        metadata) and needs the user's share permission for its type (a correlation: for its members' types).
        The answer comes only after the write is committed.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [objects]
              properties:
                objects:
                  type: array
                  items: { $ref: "#/components/schemas/Sample" }
      responses:
        "200":
          description: Saved; every object carries this source revision.
          content:
            application/json:
              schema:
                type: object
                properties:
                  sourceRevision: { $ref: "#/components/schemas/SourceRevision" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
        "413": { $ref: "#/components/responses/TooLarge" }
  /v1/samples/delete:
    post:
      tags: [data]
      summary: Delete objects the app saved, by UUID (HKHealthStore.delete).
      description: >-
        A UUID that is not one of the app's own objects, whether another source saved it or nothing has it, is the
        same errorAuthorizationDenied (403), and nothing is deleted. The count is the number of objects deleted.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [uuids]
              properties:
                uuids:
                  type: array
                  items: { type: string, format: uuid }
      responses:
        "200":
          description: Deleted.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Count" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
  /v1/samples/delete-matching:
    post:
      tags: [data]
      summary: Delete the app's objects of a type matching a predicate (HKHealthStore.deleteObjects).
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [type]
              properties:
                type: { type: string }
                predicate: { $ref: "#/components/schemas/Predicate" }
      responses:
        "200":
          description: How many objects were deleted.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Count" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
  /v1/queries/samples:
    post:
      tags: [data]
      summary: HKSampleQuery.
      description: |
        The samples the app may see: every source's when the user allowed it to read the type, otherwise only
        its own (a read denial is never revealed). Quantities come in the type's canonical unit.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [type]
              properties:
                type: { type: string }
                predicate: { $ref: "#/components/schemas/Predicate" }
                sort:
                  type: array
                  items: { $ref: "#/components/schemas/Sort" }
                limit: { type: integer, minimum: 0, description: "0 or absent: no limit." }
      responses:
        "200":
          description: The samples.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Samples" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
  /v1/queries/anchored:
    post:
      tags: [data]
      summary: HKAnchoredObjectQuery, once.
      description: |
        The samples added and objects deleted after `anchor` that match any of the queries, oldest change first,
        up to `limit` together; resume from the returned anchor. Long-running queries listen to
        `/v1/changes/stream` and ask again after each event.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [queries]
              properties:
                queries:
                  type: array
                  minItems: 1
                  items:
                    type: object
                    required: [type]
                    properties:
                      type: { type: string }
                      predicate: { $ref: "#/components/schemas/Predicate" }
                anchor: { type: integer, format: int64, minimum: 0, description: "0 or absent: from the beginning." }
                limit: { type: integer, minimum: 0 }
      responses:
        "200":
          description: The changes and the anchor to resume from.
          content:
            application/json:
              schema:
                type: object
                properties:
                  samples:
                    type: array
                    items: { $ref: "#/components/schemas/Sample" }
                  deletedObjects:
                    type: array
                    items: { $ref: "#/components/schemas/DeletedObject" }
                  anchor: { type: integer, format: int64 }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
  /v1/queries/sources:
    post:
      tags: [data]
      summary: HKSourceQuery.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [type]
              properties:
                type: { type: string }
                predicate: { $ref: "#/components/schemas/Predicate" }
      responses:
        "200":
          description: The sources of the samples the app may see.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Sources" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/queries/correlations:
    post:
      tags: [data]
      summary: HKCorrelationQuery.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [type]
              properties:
                type: { type: string, description: A correlation type. }
                predicate: { $ref: "#/components/schemas/Predicate" }
                samplePredicates:
                  type: object
                  description: By member type identifier; a correlation must hold a matching member of each.
                  additionalProperties: { $ref: "#/components/schemas/Predicate" }
      responses:
        "200":
          description: The correlations, with their members.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Samples" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/queries/statistics:
    post:
      tags: [data]
      summary: HKStatisticsQuery.
      description: |
        The statistics of every matching sample the app may see (its own only when it may not read the type), in
        the type's canonical unit: at most one bucket, none when no sample matches (HKStatisticsQuery then reports
        errorNoData). Options that do not fit the type's aggregation style are 400. See docs/STATISTICS.md for
        how sources merge and how samples meet interval boundaries.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/StatisticsQuery" }
      responses:
        "200":
          description: The statistics.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/StatisticsResult" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/queries/statistics-collection:
    post:
      tags: [data]
      summary: HKStatisticsCollectionQuery.
      description: |
        One bucket per interval holding data (`anchorDate + n × intervalComponents` in the given calendar and time
        zone), in chronological order; `intervals` is required. With `range`, only the samples overlapping it,
        widened to whole intervals (returned as `range`). Long-running collection queries ask again after each
        change-stream event of their type.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/StatisticsQuery" }
      responses:
        "200":
          description: The statistics by interval.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/StatisticsResult" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/queries/activity-summaries:
    post:
      tags: [data]
      summary: HKActivitySummaryQuery.
      description: |
        The activity summaries whose day matches the predicate (`activitySummaryDays` conditions, combined with
        `and`, `or`, `not`; none reads every summary), by day. An app without read access to
        HKActivitySummaryTypeIdentifier receives none, with no error. Activity summaries come from imports; the
        change stream does not follow them.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                predicate: { $ref: "#/components/schemas/Predicate" }
      responses:
        "200":
          description: The summaries by day.
          content:
            application/json:
              schema:
                type: object
                required: [summaries]
                properties:
                  summaries:
                    type: array
                    items: { $ref: "#/components/schemas/ActivitySummary" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/anchor:
    get:
      tags: [data]
      summary: The anchor of the latest change the app may read.
      description: >-
        Of its own samples and deletions and of every source's in the types it may read; never the store's anchor,
        which would count other apps' writes. Start anchored queries and change streams from it.
      responses:
        "200":
          description: The anchor.
          content:
            application/json:
              schema:
                type: object
                properties:
                  anchor: { type: integer, format: int64 }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/characteristics/{type}:
    get:
      tags: [data]
      summary: A characteristic (dateOfBirthComponents, biologicalSex, ...).
      description: |
        Without a read decision: errorAuthorizationNotDetermined (403). After a denial the value is null, as if
        not set.
      parameters:
        - { name: type, in: path, required: true, schema: { type: string } }
      responses:
        "200":
          description: The value.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Characteristic" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
  /v1/preferred-units:
    post:
      tags: [data]
      summary: preferredUnits(for:), the owner's unit of each quantity type.
      description: |
        The unit the owner chose on the web app's Me page, else the default of healthd's locale (`LC_ALL`,
        `LC_MEASUREMENT`, `LANG`). The app must have requested read or share access to every type:
        errorAuthorizationNotDetermined (403) otherwise.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [types]
              properties:
                types: { type: array, items: { type: string }, description: Quantity type identifiers. }
      responses:
        "200":
          description: Each type's unit string, by raw identifier.
          content:
            application/json:
              schema:
                type: object
                properties:
                  units: { type: object, additionalProperties: { type: string } }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
  /v1/authorization/check:
    post:
      tags: [authorization]
      summary: The checks HealthKit raises exceptions for (types apps may not write, usage descriptions).
      requestBody: { $ref: "#/components/requestBodies/AuthorizationTypes" }
      responses:
        "200":
          description: The request is well-formed.
          content:
            application/json:
              schema:
                type: object
                properties:
                  status: { type: string, enum: [ok] }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/authorization/request:
    post:
      tags: [authorization]
      summary: requestAuthorization(toShare:read:), answered by the owner.
      description: |
        Checked as HealthKit checks it, then held until the owner answers through
        `/v1/owner/authorization/{id}/answer`, for up to `wait` seconds. `answered` means the user decided (not
        that anything was allowed). `pending`: ask again to keep waiting; the same request is joined, not
        repeated. Already decided types are not asked again. Requests are kept in the store: when healthd stops,
        waiting calls answer `pending`, and the restarted healthd still holds the request (the owner sees it;
        asking again joins it; an answer given meanwhile is recorded).
      parameters:
        - name: wait
          in: query
          schema: { type: number, minimum: 0, default: 30, maximum: 120 }
      requestBody: { $ref: "#/components/requestBodies/AuthorizationTypes" }
      responses:
        "200":
          description: Answered.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/AuthorizationOutcome" }
        "202":
          description: Still waiting for the owner (or healthd is stopping; ask the restarted one).
          content:
            application/json:
              schema: { $ref: "#/components/schemas/AuthorizationOutcome" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
  /v1/authorization/requests/{id}:
    get:
      tags: [authorization]
      summary: Whether a request of the app is still waiting for the owner.
      parameters:
        - { name: id, in: path, required: true, schema: { type: string, format: uuid } }
      responses:
        "200":
          description: Pending.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/AuthorizationOutcome" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/NotFound" }
  /v1/authorization/request-status:
    post:
      tags: [authorization]
      summary: getRequestStatusForAuthorization(toShare:read:).
      requestBody: { $ref: "#/components/requestBodies/AuthorizationTypes" }
      responses:
        "200":
          description: HKAuthorizationRequestStatus.
          content:
            application/json:
              schema:
                type: object
                properties:
                  requestStatus: { type: integer, enum: [0, 1, 2] }
                  name: { type: string, enum: [unknown, shouldRequest, unnecessary] }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/authorization/status:
    get:
      tags: [authorization]
      summary: authorizationStatus(for:) — the share status only; read decisions are never revealed.
      parameters:
        - { name: type, in: query, required: true, schema: { type: string } }
      responses:
        "200":
          description: HKAuthorizationStatus.
          content:
            application/json:
              schema:
                type: object
                properties:
                  type: { type: string }
                  status: { type: integer, enum: [0, 1, 2] }
                  name: { type: string, enum: [notDetermined, sharingDenied, sharingAuthorized] }
        "400": { $ref: "#/components/responses/BadRequest" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/changes/stream:
    get:
      tags: [changes]
      summary: Server-Sent Events of the changes the app can see.
      description: |
        Each event (`event: change`, `id: <anchor>`) carries `{"anchor": n, "types": [...]}`: samples of these
        types were saved or deleted up to that anchor, as far as the app can see them. Read them with
        `/v1/queries/anchored`. Given `anchor` (or `Last-Event-ID` when reconnecting) the stream first reports
        the changes after it, so none is lost between connections; otherwise it starts at the latest change the app
        may read. Anchors are those of changes the app may read, never the store's.
        Types with background delivery that changed since the app last acknowledged them are announced first
        (an event whose id is the starting anchor). Idle streams carry a comment every 15 seconds. A revoked
        app's stream closes.

        With `events=change,priority`, a change of the source priority of one of the types (which changes merged
        statistics, not samples) is reported as `event: priority` with the same data (the stream's last event id)
        and no id: it cannot be resumed, so a client recomputes its statistics whenever it (re)connects.
        With `grants`, a change of the app's own decisions for one of the types (what it may read) is reported
        likewise, as `event: grants`.
      parameters:
        - name: types
          in: query
          required: true
          description: Sample type identifiers, comma-separated.
          schema: { type: string }
        - name: anchor
          in: query
          schema: { type: integer, format: int64, minimum: 0 }
        - name: events
          in: query
          description: "The events to send, comma-separated: `change` (samples; the default), `priority` (source order), `grants` (the app's decisions)."
          schema: { type: string, default: change }
        - name: Last-Event-ID
          in: header
          schema: { type: string }
      responses:
        "200":
          description: The event stream.
          content:
            text/event-stream:
              schema: { type: string }
        "400": { $ref: "#/components/responses/BadRequest" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/background-delivery:
    get:
      tags: [data]
      summary: The app's background delivery requests and its callback.
      responses:
        "200":
          description: The requests, each with the anchor up to which the app acknowledged the type's changes.
          content:
            application/json:
              schema:
                type: object
                properties:
                  deliveries:
                    type: array
                    items: { $ref: "#/components/schemas/BackgroundDelivery" }
                  callback: { type: string, description: The loopback URL wake-ups are posted to, if any. }
        "401": { $ref: "#/components/responses/Unauthorized" }
    post:
      tags: [data]
      summary: enableBackgroundDelivery(for:frequency:).
      description: |
        Needs the com.apple.developer.healthkit.background-delivery entitlement (errorAuthorizationDenied, 403,
        otherwise); correlation types are not supported (400). Remembered per app and type. From then on, changes
        of the type that the app can see and has not acknowledged are pending: the app's change stream announces
        them when it opens, and while the app has no stream open healthd posts a wake-up to its callback, at most
        once per `frequency`.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/BackgroundDelivery" }
      responses:
        "200":
          description: Enabled.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/BackgroundDelivery" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
    delete:
      tags: [data]
      summary: disableBackgroundDelivery(for:) with `type`, disableAllBackgroundDelivery without.
      parameters:
        - { name: type, in: query, schema: { type: string } }
      responses:
        "200":
          description: Disabled.
          content:
            application/json:
              schema:
                type: object
                properties:
                  status: { type: string, enum: [disabled] }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/background-delivery/acknowledge:
    post:
      tags: [data]
      summary: The app processed these types' changes up to `anchor` (an observer query's completion handler ran).
      description: Until acknowledged, changes stay pending and are delivered again. Types without background delivery are ignored.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [types, anchor]
              properties:
                types:
                  type: array
                  items: { type: string }
                anchor: { type: integer, format: int64 }
      responses:
        "200":
          description: Recorded.
          content:
            application/json:
              schema:
                type: object
                properties:
                  status: { type: string, enum: [acknowledged] }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/background-delivery/callback:
    put:
      tags: [data]
      summary: Where healthd posts wake-ups while the app is not running.
      description: |
        An `http` URL on a loopback address (127.0.0.0/8, ::1, localhost) and a port from 1 to 65535 only; anything
        else is 400. Needs the background-delivery entitlement. healthd posts `{"app", "types", "anchor"}` (the types with pending changes)
        when a type with background delivery changed, the app has no change stream open, and the type's frequency
        allows (immediate, then at most once an hour, a day or a week). A post that fails (no 2xx) is retried after
        1 s and 2 s; after three failures in a row wake-ups stop until the callback is registered again or the app
        acknowledges a delivery.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [url]
              properties:
                url: { type: string }
      responses:
        "200":
          description: Registered.
          content:
            application/json:
              schema:
                type: object
                properties:
                  url: { type: string }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
    delete:
      tags: [data]
      summary: Forget the callback.
      responses:
        "200":
          description: Removed.
          content:
            application/json:
              schema:
                type: object
                properties:
                  status: { type: string, enum: [removed] }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/owner/apps:
    get:
      tags: [owner]
      summary: The registered apps.
      security: [{ ownerSecret: [] }]
      responses:
        "200":
          description: The apps.
          content:
            application/json:
              schema:
                type: object
                properties:
                  apps:
                    type: array
                    items: { $ref: "#/components/schemas/RegisteredApp" }
        "401": { $ref: "#/components/responses/Unauthorized" }
    post:
      tags: [owner]
      summary: Register (or register again) an app and issue its credential.
      description: |
        The app's Info.plist and Entitlements.plist, as XML text or base64. HealthKit's provisioning rules apply:
        an explicit App ID (no wildcard), com.apple.developer.healthkit set to true, and a usage description
        (NSHealthShareUsageDescription and/or NSHealthUpdateUsageDescription, not blank); otherwise 422 with
        HealthKit's message. Registering again replaces the credential (the old one stops working) and lifts a
        revocation. The credential is shown only in this answer.
      security: [{ ownerSecret: [] }]
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                infoPlist: { type: string }
                entitlements: { type: string }
                infoPlistBase64: { type: string }
                entitlementsBase64: { type: string }
                credentialLifetime: { type: number, minimum: 0, exclusiveMinimum: true, maximum: 315360000, description: "Seconds, at most 10 years; default one year." }
      responses:
        "201":
          description: Registered.
          content:
            application/json:
              schema:
                type: object
                properties:
                  registration: { $ref: "#/components/schemas/RegisteredApp" }
                  credential: { type: string }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "422":
          description: The manifest breaks HealthKit's provisioning rules.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Error" }
  /v1/owner/apps/{bundleIdentifier}:
    parameters:
      - { name: bundleIdentifier, in: path, required: true, schema: { type: string } }
    get:
      tags: [owner]
      summary: One registered app.
      security: [{ ownerSecret: [] }]
      responses:
        "200":
          description: The app.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/RegisteredApp" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/NotFound" }
    delete:
      tags: [owner]
      summary: Revoke the app.
      description: |
        Its credential fails (401) from the next call on, its change streams close, its pending permission
        requests are dropped. Its data and grants stay.
      security: [{ ownerSecret: [] }]
      responses:
        "200":
          description: Revoked.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/RegisteredApp" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/NotFound" }
  /v1/owner/apps/{bundleIdentifier}/grants:
    parameters:
      - { name: bundleIdentifier, in: path, required: true, schema: { type: string } }
    get:
      tags: [owner]
      summary: The app's decisions, by type.
      security: [{ ownerSecret: [] }]
      responses:
        "200":
          description: The grants.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Grants" }
        "401": { $ref: "#/components/responses/Unauthorized" }
    put:
      tags: [owner]
      summary: Change decisions (types not listed keep theirs); running queries re-read at once.
      security: [{ ownerSecret: [] }]
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Grants" }
      responses:
        "200":
          description: The app's grants after the change.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Grants" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
    delete:
      tags: [owner]
      summary: Deny every type the app was asked about.
      security: [{ ownerSecret: [] }]
      responses:
        "200":
          description: The app's grants after the change.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Grants" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/owner/authorization/pending:
    get:
      tags: [owner]
      summary: The permission requests waiting for the owner.
      security: [{ ownerSecret: [] }]
      responses:
        "200":
          description: The requests, oldest first.
          content:
            application/json:
              schema:
                type: object
                properties:
                  requests:
                    type: array
                    items: { $ref: "#/components/schemas/PendingRequest" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/owner/authorization/{id}/answer:
    post:
      tags: [owner]
      summary: Answer a permission request.
      description: The types switched on; the request's other types are denied.
      security: [{ ownerSecret: [] }]
      parameters:
        - { name: id, in: path, required: true, schema: { type: string, format: uuid } }
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [allowedToShare, allowedToRead]
              properties:
                allowedToShare:
                  type: array
                  items: { type: string }
                allowedToRead:
                  type: array
                  items: { type: string }
      responses:
        "200":
          description: Answered.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/AuthorizationOutcome" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/NotFound" }
  /v1/owner/characteristics/{type}:
    parameters:
      - { name: type, in: path, required: true, schema: { type: string } }
    get:
      tags: [owner]
      summary: A characteristic's stored value.
      security: [{ ownerSecret: [] }]
      responses:
        "200":
          description: The value.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Characteristic" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "401": { $ref: "#/components/responses/Unauthorized" }
    put:
      tags: [owner]
      summary: Set (or, with null, clear) a characteristic.
      security: [{ ownerSecret: [] }]
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Characteristic" }
      responses:
        "200":
          description: The stored value.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Characteristic" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/owner/sources:
    get:
      tags: [owner]
      summary: Every source of a type's samples.
      security: [{ ownerSecret: [] }]
      parameters:
        - { name: type, in: query, required: true, schema: { type: string } }
      responses:
        "200":
          description: The sources.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Sources" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/owner/sources/priority:
    get:
      tags: [owner]
      summary: The order in which a quantity type's sources count when statistics merge overlapping samples.
      description: The user's list first, then every other source in the order it stored its first sample of the type.
      security: [{ ownerSecret: [] }]
      parameters:
        - { name: type, in: query, required: true, schema: { type: string } }
      responses:
        "200":
          description: The sources, first counts first.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/SourcePriority" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "401": { $ref: "#/components/responses/Unauthorized" }
    put:
      tags: [owner]
      summary: Set the user's order of a quantity type's sources (an empty list returns to the default order).
      security: [{ ownerSecret: [] }]
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/SourcePriority" }
      responses:
        "200":
          description: The order now in effect.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/SourcePriority" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "415": { $ref: "#/components/responses/UnsupportedMediaType" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/owner/audit:
    get:
      tags: [owner]
      summary: The audit log, oldest first.
      description: Every call that read or wrote health data. Page with `after` = the last id received.
      security: [{ ownerSecret: [] }]
      parameters:
        - { name: app, in: query, description: "A bundle identifier, or owner.", schema: { type: string } }
        - { name: since, in: query, description: Seconds since 1970., schema: { type: number } }
        - { name: after, in: query, description: An entry id., schema: { type: integer, format: int64 } }
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 10000, default: 1000 } }
      responses:
        "200":
          description: The entries.
          content:
            application/json:
              schema:
                type: object
                properties:
                  entries:
                    type: array
                    items: { $ref: "#/components/schemas/AuditEntry" }
        "400": { $ref: "#/components/responses/BadRequest" }
        "401": { $ref: "#/components/responses/Unauthorized" }
components:
  securitySchemes:
    credential:
      type: http
      scheme: bearer
      description: The app's credential, issued at registration.
    ownerSecret:
      type: http
      scheme: bearer
      description: The owner secret, printed on healthd's first start and kept in `<store>.owner-secret`.
  requestBodies:
    AuthorizationTypes:
      required: true
      content:
        application/json:
          schema:
            type: object
            required: [toShare, toRead]
            properties:
              toShare:
                type: array
                items: { type: string }
              toRead:
                type: array
                items: { type: string }
  responses:
    BadRequest:
      description: Bad input (malformed JSON, unknown type, wrong unit, invalid value); nothing changed.
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
    Unauthorized:
      description: Missing, forged, expired, replaced or revoked credential (or owner secret).
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
    Forbidden:
      description: HealthKit's errorAuthorizationDenied or errorAuthorizationNotDetermined.
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
    NotFound:
      description: Not found.
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
    TooLarge:
      description: The body is larger than the limit (16 MB by default).
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
    UnsupportedMediaType:
      description: The request body is not application/json.
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
  schemas:
    Error:
      type: object
      required: [error]
      properties:
        error:
          type: object
          required: [code, domain, message]
          properties:
            code: { type: integer, description: The HKError.Code raw value. }
            domain: { type: string, enum: [com.apple.healthkit] }
            message: { type: string }
    Date:
      description: Seconds since 1970; on input an ISO 8601 string is accepted too.
      oneOf:
        - { type: number }
        - { type: string, format: date-time }
    Quantity:
      type: object
      required: [value, unit]
      properties:
        value: { type: number }
        unit: { type: string, description: An HKUnit unit string. }
    MetadataValue:
      description: Exactly one key.
      type: object
      minProperties: 1
      maxProperties: 1
      properties:
        string: { type: string }
        number: { type: number }
        bool: { type: boolean }
        date: { $ref: "#/components/schemas/Date" }
        quantity: { $ref: "#/components/schemas/Quantity" }
    Metadata:
      type: object
      additionalProperties: { $ref: "#/components/schemas/MetadataValue" }
    Device:
      type: object
      properties:
        name: { type: string }
        manufacturer: { type: string }
        model: { type: string }
        hardwareVersion: { type: string }
        firmwareVersion: { type: string }
        softwareVersion: { type: string }
        localIdentifier: { type: string }
        udiDeviceIdentifier: { type: string }
    Source:
      type: object
      required: [name, bundleIdentifier]
      properties:
        name: { type: string }
        bundleIdentifier: { type: string }
    Sources:
      type: object
      properties:
        sources:
          type: array
          items: { $ref: "#/components/schemas/Source" }
    SourceRevision:
      type: object
      required: [source, operatingSystemVersion]
      properties:
        source: { $ref: "#/components/schemas/Source" }
        version: { type: string }
        productType: { type: string }
        operatingSystemVersion: { type: string, description: major.minor.patch }
    WorkoutEvent:
      type: object
      required: [type, startDate, endDate]
      properties:
        type: { type: integer, description: The HKWorkoutEventType raw value. }
        startDate: { $ref: "#/components/schemas/Date" }
        endDate: { $ref: "#/components/schemas/Date" }
        metadata: { $ref: "#/components/schemas/Metadata" }
    Sample:
      type: object
      description: |
        The type says which fields a sample has: quantity types `quantity`; category types `value`; correlation
        types `objects`; the workout type `workoutActivityType`, `duration` (computed when absent), `workoutEvents`
        and the totals. Fields of another kind are refused. `sourceRevision` is set by healthd on output.
      required: [uuid, type, startDate, endDate]
      properties:
        uuid: { type: string, format: uuid }
        type: { type: string }
        startDate: { $ref: "#/components/schemas/Date" }
        endDate: { $ref: "#/components/schemas/Date" }
        device: { $ref: "#/components/schemas/Device" }
        metadata: { $ref: "#/components/schemas/Metadata" }
        sourceRevision: { $ref: "#/components/schemas/SourceRevision" }
        quantity: { $ref: "#/components/schemas/Quantity" }
        value: { type: integer }
        objects:
          type: array
          items: { $ref: "#/components/schemas/Sample" }
        workoutActivityType: { type: integer, description: The HKWorkoutActivityType raw value. }
        duration: { type: number }
        workoutEvents:
          type: array
          items: { $ref: "#/components/schemas/WorkoutEvent" }
        totalEnergyBurned: { $ref: "#/components/schemas/Quantity" }
        totalDistance: { $ref: "#/components/schemas/Quantity" }
        totalSwimmingStrokeCount: { $ref: "#/components/schemas/Quantity" }
        totalFlightsClimbed: { $ref: "#/components/schemas/Quantity" }
    Samples:
      type: object
      properties:
        samples:
          type: array
          items: { $ref: "#/components/schemas/Sample" }
    DeletedObject:
      type: object
      required: [uuid]
      properties:
        uuid: { type: string, format: uuid }
        metadata: { $ref: "#/components/schemas/Metadata" }
    Count:
      type: object
      properties:
        count: { type: integer }
    Sort:
      type: object
      required: [key, ascending]
      properties:
        key:
          type: string
          enum: [startDate, endDate, workoutDuration, workoutTotalDistance, workoutTotalEnergyBurned,
                 workoutTotalSwimmingStrokeCount, workoutTotalFlightsClimbed]
        ascending: { type: boolean }
    Predicate:
      type: object
      description: |
        HealthKit's predicate tree, tagged by `kind`. Combinations: `and`/`or` (`predicates`), `not`
        (`predicate`), `all`, `none`. Conditions, one per HKQuery.predicateFor... factory: `sampleDates`
        (`startDate`, `endDate`, `options`), `sources` (`bundleIdentifiers`), `sourceRevisions` (`revisions`),
        `devices` (`devices`), `deviceProperty` (`property`, `allowedValues`), `uuids` (`uuids`),
        `metadataKeyExists` (`key`), `metadataAllowedValues` (`key`, `allowedValues`), `metadataComparison`
        (`key`, `operator`, `value`), `noCorrelation`, `workout` (`uuid`), `quantity` (`operator`, `quantity`),
        `categoryValue` (`operator`, `value`), `categoryValues` (`values`), `workoutActivityType`
        (`workoutActivityType`), `workoutDuration` (`operator`, `duration`), `workoutTotal` (`total`,
        `operator`, `quantity`), `activitySummaryDays` (`firstDay`, `lastDay`, both included; activity summary
        queries only). At most 64 levels deep, 500 predicates and 10,000 list values in all; a larger one is 400.
      required: [kind]
      properties:
        kind:
          type: string
          enum: [and, or, not, all, none, sampleDates, sources, sourceRevisions, devices, deviceProperty, uuids,
                 metadataKeyExists, metadataAllowedValues, metadataComparison, noCorrelation, workout, quantity,
                 categoryValue, categoryValues, workoutActivityType, workoutDuration, workoutTotal, activitySummaryDays]
        predicates:
          type: array
          items: { $ref: "#/components/schemas/Predicate" }
        predicate: { $ref: "#/components/schemas/Predicate" }
        startDate: { $ref: "#/components/schemas/Date" }
        endDate: { $ref: "#/components/schemas/Date" }
        options:
          type: array
          items: { type: string, enum: [strictStartDate, strictEndDate] }
        bundleIdentifiers:
          type: array
          items: { type: string }
        revisions:
          type: array
          items:
            type: object
            description: 'Each field is {"any": true} or {"equalTo": value or null}.'
            properties:
              bundleIdentifier: { type: string }
              version: { $ref: "#/components/schemas/RevisionField" }
              productType: { $ref: "#/components/schemas/RevisionField" }
              operatingSystemVersion: { $ref: "#/components/schemas/RevisionField" }
        devices:
          type: array
          items:
            type: object
            description: Keyed by HKDevicePropertyKey... strings.
            additionalProperties: { type: string }
        property: { type: string, description: An HKDevicePropertyKey... string. }
        allowedValues:
          description: Strings for deviceProperty; metadata values for metadataAllowedValues.
          type: array
          items: {}
        uuids:
          type: array
          items: { type: string, format: uuid }
        uuid: { type: string, format: uuid }
        key: { type: string }
        operator: { type: string, enum: ["<", "<=", ">", ">=", "==", "!="] }
        value:
          description: A metadata value for metadataComparison; an integer for categoryValue.
        values:
          type: array
          items: { type: integer }
        quantity: { $ref: "#/components/schemas/Quantity" }
        workoutActivityType: { type: integer }
        duration: { type: number }
        total: { type: string, enum: [totalEnergyBurned, totalDistance, totalSwimmingStrokeCount, totalFlightsClimbed] }
        firstDay: { type: string, format: date, description: yyyy-MM-dd. }
        lastDay: { type: string, format: date, description: yyyy-MM-dd. }
    ActivitySummary:
      type: object
      description: |
        One day's activity summary: energy in kcal, times in min, stand hours in count. `exerciseTimeGoal` and
        `standHoursGoal` are absent when the day has no goal recorded.
      required: [day, activeEnergyBurned, activeEnergyBurnedGoal, appleMoveTime, appleMoveTimeGoal, appleExerciseTime,
                 appleExerciseTimeGoal, appleStandHours, appleStandHoursGoal, activityMoveMode]
      properties:
        day: { type: string, format: date, description: "yyyy-MM-dd: the Gregorian day the user lived." }
        activeEnergyBurned: { $ref: "#/components/schemas/Quantity" }
        activeEnergyBurnedGoal: { $ref: "#/components/schemas/Quantity" }
        appleMoveTime: { $ref: "#/components/schemas/Quantity" }
        appleMoveTimeGoal: { $ref: "#/components/schemas/Quantity" }
        appleExerciseTime: { $ref: "#/components/schemas/Quantity" }
        appleExerciseTimeGoal: { $ref: "#/components/schemas/Quantity" }
        exerciseTimeGoal: { $ref: "#/components/schemas/Quantity" }
        appleStandHours: { $ref: "#/components/schemas/Quantity" }
        appleStandHoursGoal: { $ref: "#/components/schemas/Quantity" }
        standHoursGoal: { $ref: "#/components/schemas/Quantity" }
        activityMoveMode: { type: integer, description: "The HKActivityMoveMode raw value: 1 activeEnergy, 2 appleMoveTime." }
    RevisionField:
      type: object
      properties:
        any: { type: boolean }
        equalTo: { type: string, nullable: true }
    Characteristic:
      type: object
      required: [type]
      properties:
        type: { type: string }
        value:
          type: string
          nullable: true
          description: An enumeration's raw value in decimal ("2"), or the date of birth as yyyy-MM-dd; null when not set.
    AuthorizationOutcome:
      type: object
      required: [status]
      properties:
        status: { type: string, enum: [answered, pending] }
        requestId: { type: string, format: uuid }
    AppSummary:
      type: object
      properties:
        bundleIdentifier: { type: string }
        name: { type: string }
        version: { type: string }
        shareUsageDescription: { type: string }
        updateUsageDescription: { type: string }
        backgroundDeliveryEntitlement: { type: boolean }
    RegisteredApp:
      type: object
      properties:
        app: { $ref: "#/components/schemas/AppSummary" }
        registeredAt: { $ref: "#/components/schemas/Date" }
        credentialIssuedAt: { $ref: "#/components/schemas/Date" }
        credentialExpiresAt: { $ref: "#/components/schemas/Date" }
        revokedAt: { $ref: "#/components/schemas/Date" }
    PendingRequest:
      type: object
      properties:
        id: { type: string, format: uuid }
        app: { $ref: "#/components/schemas/AppSummary" }
        toShare:
          type: array
          items: { type: string }
        toRead:
          type: array
          items: { type: string }
        createdAt: { $ref: "#/components/schemas/Date" }
    Grants:
      type: object
      properties:
        grants:
          type: object
          additionalProperties:
            type: object
            properties:
              share: { type: string, enum: [notDetermined, sharingDenied, sharingAuthorized] }
              read: { type: string, enum: [notDetermined, denied, authorized] }
    BackgroundDelivery:
      type: object
      required: [type, frequency]
      properties:
        type: { type: string }
        frequency: { type: string, enum: [immediate, hourly, daily, weekly] }
        acknowledgedAnchor: { type: integer, format: int64, description: "Output: changes after it are pending." }
    StatisticsQuery:
      type: object
      required: [type, options]
      properties:
        type: { type: string, description: A quantity type. }
        predicate: { $ref: "#/components/schemas/Predicate" }
        options:
          type: integer
          description: |
            HKStatisticsOptions raw value: separateBySource 1, discreteAverage 2, discreteMin 4, discreteMax 8,
            cumulativeSum 16, mostRecent 32, duration 64.
        intervals:
          type: object
          description: Only for a collection.
          required: [anchorDate, intervalComponents, calendar, timeZone]
          properties:
            anchorDate: { $ref: "#/components/schemas/Date" }
            intervalComponents:
              type: object
              description: DateComponents; absent fields are 0, all ≥ 0 and not all 0.
              properties:
                year: { type: integer }
                month: { type: integer }
                weekOfYear: { type: integer }
                day: { type: integer }
                hour: { type: integer }
                minute: { type: integer }
                second: { type: integer }
                nanosecond: { type: integer }
            calendar: { type: string, description: "A calendar identifier: gregorian, iso8601, hebrew, ..." }
            timeZone: { type: string, description: "A time zone identifier: Europe/Paris, UTC, GMT+0100, ..." }
        range: { $ref: "#/components/schemas/DateInterval" }
    StatisticsResult:
      type: object
      properties:
        unit: { type: string, description: The type's canonical unit, which every value is in (durations in seconds). }
        buckets:
          type: array
          items:
            type: object
            properties:
              start: { $ref: "#/components/schemas/Date" }
              end: { $ref: "#/components/schemas/Date" }
              merged: { $ref: "#/components/schemas/StatisticsValues" }
              bySource:
                type: array
                description: With separateBySource, each source in priority order.
                items:
                  type: object
                  properties:
                    source: { $ref: "#/components/schemas/Source" }
                    values: { $ref: "#/components/schemas/StatisticsValues" }
        range: { $ref: "#/components/schemas/DateInterval" }
    StatisticsValues:
      type: object
      description: The statistics the options asked for; the others are absent.
      properties:
        sum: { type: number }
        average: { type: number }
        minimum: { type: number }
        maximum: { type: number }
        mostRecent: { type: number }
        mostRecentStart: { $ref: "#/components/schemas/Date" }
        mostRecentEnd: { $ref: "#/components/schemas/Date" }
        duration: { type: number }
    DateInterval:
      type: object
      required: [start, end]
      properties:
        start: { $ref: "#/components/schemas/Date" }
        end: { $ref: "#/components/schemas/Date" }
    SourcePriority:
      type: object
      required: [type, sources]
      properties:
        type: { type: string }
        sources:
          type: array
          items: { type: string, description: A bundle identifier. }
    AuditEntry:
      type: object
      properties:
        id: { type: integer, format: int64 }
        time: { $ref: "#/components/schemas/Date" }
        app: { type: string }
        operation: { type: string }
        types:
          type: array
          items: { type: string }
        sampleCount: { type: integer }
        outcome: { type: string, enum: [success, failure] }
        errorCode: { type: integer }
"""#
}
