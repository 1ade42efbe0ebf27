// Import of Apple Health exports and export to Apple XML, FHIR R4 and CSV.
