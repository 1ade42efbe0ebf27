package import Foundation

/// The API's `CapabilityStatement` (`GET [base]/metadata`): what ``FHIRServer`` reads and searches, and the bulk
/// export, as FHIR R4 (4.0.1) describes a server. `FHIRAPITests` checks it names what the server answers.
package enum FHIRCapabilityStatement {
    /// The statement of the API at `base`, dated `date`, naming SMART on FHIR's authorization and token endpoints
    /// (the `oauth-uris` extension of `rest.security`, which SMART clients read besides the discovery document).
    package static func json(base: String, date: Date, authorize: String, token: String) -> String {
        var statement = JSONObject()
        statement.string("resourceType", "CapabilityStatement")
        statement.string("status", "active")
        statement.string("date", DateText.iso(date.timeIntervalSince1970.rounded(.down), offset: 0))
        statement.string("publisher", "OpenHealthKit")
        statement.string("kind", "instance")
        statement.raw("instantiates", #"["http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data"]"#)
        var software = JSONObject()
        software.string("name", "OpenHealthKit healthd")
        statement.object("software", software)
        var implementation = JSONObject()
        implementation.string("description", "A person's health data, as HealthKit stores it")
        implementation.string("url", base)
        statement.object("implementation", implementation)
        statement.string("fhirVersion", "4.0.1")
        statement.raw("format", #"["json"]"#)
        var rest = JSONObject()
        rest.string("mode", "server")
        rest.array(
            "resource",
            [
                resource("Patient", parameters: [("_id", "token", "The Patient's id")]),
                resource("Device", parameters: [("_id", "token", "The Device's id")]),
                resource(
                    "Observation",
                    parameters: [
                        ("code", "token", "LOINC or OpenHealthKit's HealthKit type code"),
                        ("category", "token", "The observation category (vital-signs, activity...)"),
                        ("date", "date", "The effective time, with eq, ge, gt, le or lt"),
                    ]),
            ])
        // Bulk Data Access's system-level export (healthd's `$export`).
        var export = JSONObject()
        export.string("name", "export")
        export.string("definition", "http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export")
        rest.array("operation", [export])
        rest.object("security", security(authorize: authorize, token: token))
        statement.array("rest", [rest])
        return statement.json
    }

    private static func security(authorize: String, token: String) -> JSONObject {
        var coding = JSONObject()
        coding.string("system", "http://terminology.hl7.org/CodeSystem/restful-security-service")
        coding.string("code", "SMART-on-FHIR")
        var service = JSONObject()
        service.array("coding", [coding])
        let uris = [("authorize", authorize), ("token", token)].map { name, uri in
            var uriExtension = JSONObject()
            uriExtension.string("url", name)
            uriExtension.string("valueUri", uri)
            return uriExtension
        }
        var oauth = JSONObject()
        oauth.string("url", "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris")
        oauth.array("extension", uris)
        var security = JSONObject()
        security.array("extension", [oauth])
        security.array("service", [service])
        return security
    }

    private static func resource(_ type: String, parameters: [(name: String, type: String, documentation: String)])
        -> JSONObject
    {
        var resource = JSONObject()
        resource.string("type", type)
        resource.array(
            "interaction",
            ["read", "search-type"].map { code in
                var interaction = JSONObject()
                interaction.string("code", code)
                return interaction
            })
        resource.array(
            "searchParam",
            parameters.map { parameter in
                var searchParam = JSONObject()
                searchParam.string("name", parameter.name)
                searchParam.string("type", parameter.type)
                searchParam.string("documentation", parameter.documentation)
                return searchParam
            })
        return resource
    }
}
