import HKCommandLine
import OpenHealthKitSQLite

// hk owns its process: SQLite's process-wide settings are its to choose.
SQLiteProcessSettings.apply()
await HK.execute()
