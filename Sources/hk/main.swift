import HKCommandLine

await HK.execute()
