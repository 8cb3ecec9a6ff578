import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import HTTPServer
import Testing

@testable import FontService

/// `/styles`, `/categories`, `/faces` and `/healthz`: the same JSON as the CLI's `--json`.
@Suite(.ownThread) struct ListingEndpointTests {
    func cliJSON(_ arguments: [String]) throws -> JSONDocument {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONDocument(parsing: Array(result.standardOutput.utf8))
    }

    @Test func stylesIsTheLoadedTableInItsFileFormat() throws {
        let response = try makeService().client.send("/styles")
        #expect(response.status == 200)
        #expect(try response.json() == expectedJSON(defaultTable))
        #expect(try response.json() == cliJSON(["styles", "--styles", TestPaths.defaultStyles.path, "--json"]))
        // The file format: loading the answer gives the same table back.
        let reloaded = try StyleTable(json: response.body, source: "GET /styles")
        #expect(reloaded == defaultTable)
    }

    @Test func categoriesListsEveryCategoryInOrder() throws {
        let response = try makeService().client.send("/categories")
        #expect(response.status == 200)
        #expect(try response.json() == expectedJSON(ContentSizeCategory.listing))
        #expect(try response.json() == cliJSON(["categories", "--json"]))
        guard case .array(let entries) = try response.json() else { return }
        #expect(
            entries.first
                == .object([
                    .init(key: "name", value: .string("xs")), .init(key: "appleName", value: .string("extraSmall")),
                    .init(key: "rawValue", value: .string("UICTContentSizeCategoryXS")), .init(key: "isAccessibility", value: .bool(false)),
                ]))
    }

    @Test func facesWithoutFamilyListsEveryInstalledFace() throws {
        let response = try makeService().client.send("/faces")
        #expect(response.status == 200)
        let body = try response.json()
        #expect(body == (try cliJSON(["list", "--json"])))
        guard case .array(let faces) = body else { return }
        #expect(faces.count > 10, "the pinned DejaVu directory has more than ten faces")
    }

    @Test func facesOfOneFamilyMatchFontdList() throws {
        let response = try makeService().client.send("/faces?family=DejaVu+Sans+Mono")
        #expect(response.status == 200)
        #expect(try response.json() == cliJSON(["list", "--family", "DejaVu Sans Mono", "--json"]))
        guard case .array(let faces) = try response.json() else { return }
        #expect(!faces.isEmpty)
        #expect(faces.allSatisfy { $0["family"] == .string("DejaVu Sans Mono") && $0["spacing"] == .string("monospace") })
    }

    @Test func facesOfAnUnknownFamilyIsEmpty() throws {
        let response = try makeService().client.send("/faces?family=No%20Such%20Family")
        #expect(response.status == 200)
        #expect(try response.json() == .array([]))
    }

    @Test func healthzSaysOK() throws {
        let response = try makeService().client.send("/healthz")
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"status":"ok","version":"\#(FontdVersion.current)"}"#)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
    }
}
