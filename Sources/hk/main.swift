import HKCommandLine

await HK.main()
