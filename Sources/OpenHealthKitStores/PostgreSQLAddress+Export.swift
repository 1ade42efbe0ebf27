/// The address of a PostgreSQL store, for the callers that open stores (`hk`, healthd, the library) without importing
/// a storage module: the PostgreSQL storage parses and owns it.
@_exported import struct OpenHealthKitPostgres.PostgreSQLAddress
