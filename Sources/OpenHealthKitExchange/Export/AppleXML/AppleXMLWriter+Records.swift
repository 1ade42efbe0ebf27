import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// `ClinicalRecord`, `VisionPrescription` and the CDA documents of `export_cda.xml`.
extension AppleXMLWriter {
    /// A `ClinicalRecord`, and its FHIR resource in the file it names (when the export has a folder). A path that
    /// would leave the folder is replaced by one in `clinical-records/`.
    func clinicalRecordElement(_ record: ExportRecord) throws -> String {
        let row = record.sample
        guard case .clinicalRecord(let clinical)? = row.detail else { return "" }
        var path = clinical.resourceFilePath
        if let folder, let resource = clinical.resource {
            let safe = path.flatMap(ExportDocumentLocator.containedComponents)
            let components = safe ?? ["clinical-records", "\(row.uuid.uuidString).json"]
            if safe == nil { path = "/" + components.joined(separator: "/") }
            let relative = components.joined(separator: "/")
            if resourcePaths.insert(relative).inserted {
                let file = components.reduce(folder) { $0.appendingPathComponent($1) }
                try ExportDestination.makeFolder(file.deletingLastPathComponent())
                let output = try ExportFile(creating: file)
                try output.write(resource)
                try output.close()
            }
        } else if clinical.resource != nil {
            context.notWritten("ClinicalRecord resource")
        }
        var element = XMLElementText("ClinicalRecord", indent: 1)
        element.attribute("type", row.typeIdentifier)
        element.attribute("identifier", clinical.identifier)
        element.attribute("sourceName", row.source.name)
        element.attribute("sourceURL", clinical.sourceURL)
        element.attribute("fhirVersion", clinical.fhirVersion)
        element.attribute("receivedDate", date(row.startDate))
        element.attribute("resourceFilePath", path)
        context.summary.clinicalRecords += 1
        return element.empty
    }

    /// A `VisionPrescription` with its `RightEye` and `LeftEye` (values in D, deg, mm and pD) and metadata.
    func visionPrescriptionElement(_ record: ExportRecord) -> String {
        let row = record.sample
        guard case .visionPrescription(let prescription)? = row.detail else { return "" }
        var element = XMLElementText("VisionPrescription", indent: 1)
        element.attribute("type", ExportedVisionPrescription.typeName(prescription.prescriptionType))
        element.attribute("dateIssued", date(row.startDate))
        element.attribute("expirationDate", prescription.expirationDate.map { date($0) })
        element.attribute("brand", prescription.brand)
        var children = ""
        for lens in prescription.lenses.sorted(by: { $0.eye > $1.eye }) {
            var eye = XMLElementText(lens.eye == HKVisionEye.right.rawValue ? "RightEye" : "LeftEye", indent: 2)
            for (name, value) in ExportedVisionPrescription.attributes(of: lens) { eye.attribute(name, value) }
            children += eye.empty
        }
        children += metadataEntries(row.metadata, indent: 2)
        return element.start + children + element.end
    }

    /// Appends the document to `export_cda.xml` beside the export document (one `ClinicalDocument` after the other,
    /// as Apple's file holds them); false when the export is a document alone.
    func writeCDADocument(_ record: ExportRecord) throws -> Bool {
        guard let folder, case .cdaDocument(let document)? = record.sample.detail, let data = document.document
        else { return false }
        if cdaFile == nil {
            cdaFile = try ExportFile(creating: folder.appendingPathComponent("export_cda.xml"))
            try cdaFile?.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        }
        try cdaFile?.write(CDADocumentSplitter.withoutProlog(data) + "\n")
        return true
    }
}
