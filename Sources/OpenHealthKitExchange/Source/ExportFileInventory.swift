import Foundation

/// Accounts for every file of an export: the document and the files its records refer to are read; every other
/// file is named in the summary with the reason it was not (``ImportSummary/unimportedFiles``), so that nothing of an
/// export is left out without a word.
enum ExportFileInventory {
    /// The files of `source` that were not read, each with its reason, in path order. `referenced` are the files the
    /// document's records name (as ``ExportSource/fileName(ofReferenced:)`` gives them), read or not.
    static func unimported(in source: any ExportSource, referenced: Set<String>) -> [ImportSummary.UnimportedFile] {
        let read = source.filesRead.union([source.documentFile])
        return source.files.filter { !read.contains($0) }.map { path in
            ImportSummary.UnimportedFile(
                path: path,
                reason: source.refusal(of: path)
                    ?? reason(path, referenced: referenced.contains(path), document: source.documentFile))
        }
    }

    /// Why a file was not read.
    static func reason(_ path: String, referenced: Bool, document: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        let name = components.last ?? path
        let lowered = name.lowercased()
        if components.contains("__MACOSX") || name.hasPrefix("._") || name == ".DS_Store" {
            return "a Mac's record of the file's attributes, not health data"
        }
        if components.contains("workout-routes") && lowered.hasSuffix(".gpx") {
            return referenced
                ? "the route of a workout that was not imported (see Skipped)"
                : "a workout route whose workout is not in the export (no workout of \(documentName(document)) refers to it)"
        }
        if components.contains("electrocardiograms") && lowered.hasSuffix(".csv") {
            // The export's own electrocardiograms are read beside the document (ElectrocardiogramImport).
            return "an electrocardiogram (ECG) recording outside the folder of \(documentName(document)): not read"
        }
        if components.contains("clinical-records") && lowered.hasSuffix(".json") {
            return referenced
                ? "the FHIR resource of a clinical record that was not imported (see Skipped)"
                : "a FHIR resource no clinical record of \(documentName(document)) refers to"
        }
        if lowered.hasSuffix("_cda.xml") {
            // The export's own CDA file, beside the document, is read (CDADocumentImport).
            return "clinical documents (CDA) that are not beside \(documentName(document)): not read"
        }
        if lowered.hasSuffix(".xml") {
            return "not the export document (\(documentName(document)) is)"
        }
        return "not a file of a Health export"
    }

    private static func documentName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
