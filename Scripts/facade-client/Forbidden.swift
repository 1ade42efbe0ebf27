// Compiled by Scripts/check_facade.py as a file of this package that imports only the facade: each line names one of
// the engine's or the stores' internals (package declarations), and each must be out of sight ("cannot find ... in
// scope").
import OpenHealthKit

let engine: HealthEngine? = nil
let location = StoreLocation.defaultPath
let rows: [SampleRow] = []
let grant: Grant? = nil
