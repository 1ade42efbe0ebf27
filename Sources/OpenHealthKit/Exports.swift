@_exported import OpenHealthKitModel
