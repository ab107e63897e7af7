// swift-tools-version:6.2
import Foundation
import PackageDescription

// Historical concurrency bugs of public Swift packages, one case per folder of `Cases/`: the bug's
// files as they were before the fix (`Buggy/`) and as the fix left them (`Fixed/`), verbatim, and
// upstream's test that caught it (`Tests/`), with the `.bugBench` trait added. Each case is one test
// target (module `<Case>`), compiled with one twin: `BUGBENCH_TWIN=buggy` (the default) or `fixed`,
// so `make bug-bench` builds the package twice, in two scratch folders. `BUGBENCH_CASES=A,B` limits
// the package to those cases. `case.json` names the case's packages (offline copies only).
//
// A path dependency's identity is its folder's name, which depends on where the repository was
// cloned; read it instead of guessing.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let dispatchable = root.deletingLastPathComponent().lastPathComponent
let environment = ProcessInfo.processInfo.environment
let twin = environment["BUGBENCH_TWIN"] == "fixed" ? "Fixed" : "Buggy"
let only = environment["BUGBENCH_CASES"].map { Set($0.split(separator: ",").map(String.init)) }

/// One case's `case.json`, as far as the manifest reads it.
struct CaseManifest: Decodable {
    struct Dependency: Decodable {
        let url: String
        let version: String
        let package: String
        let products: [String]
    }
    let languageMode: Int?
    let dependencies: [Dependency]?
}

let caseNames =
    ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Cases").path)) ?? [])
    .filter { only?.contains($0) ?? true }
    .filter { FileManager.default.fileExists(atPath: root.appendingPathComponent("Cases/\($0)/case.json").path) }
    .sorted()
let manifests = caseNames.map { name -> (String, CaseManifest) in
    let data = (try? Data(contentsOf: root.appendingPathComponent("Cases/\(name)/case.json"))) ?? Data()
    guard let manifest = try? JSONDecoder().decode(CaseManifest.self, from: data) else {
        fatalError("BugBench/Cases/\(name)/case.json does not decode")
    }
    return (name, manifest)
}

// Each package once, at the version the first case naming it asks for.
var packages: [String: Package.Dependency] = [:]
for (_, manifest) in manifests {
    for dependency in manifest.dependencies ?? [] where packages[dependency.package] == nil {
        packages[dependency.package] = .package(url: dependency.url, exact: Version(dependency.version)!)
    }
}

let support: [Target.Dependency] = ["BugBenchSupport"]

let package = Package(
    name: "BugBench",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "..")] + packages.keys.sorted().map { packages[$0]! },
    targets: [
        // The `.bugBench` trait and XCTest's assertions as shims (RealWorld's, symlinked).
        .target(
            name: "BugBenchSupport",
            dependencies: [
                .product(name: "Dispatchable", package: dispatchable),
                .product(name: "DispatchableTesting", package: dispatchable),
            ]
        )
    ]
        + manifests.map { name, manifest in
            .testTarget(
                name: name,
                dependencies: support
                    + (manifest.dependencies ?? []).flatMap { dependency in
                        dependency.products.map { Target.Dependency.product(name: $0, package: dependency.package) }
                    },
                path: "Cases/\(name)",
                exclude: ["case.json", "README.md", twin == "Buggy" ? "Fixed" : "Buggy"],
                sources: ["Tests", twin],
                // Upstream's code as it was: its warnings are not the benchmark's.
                swiftSettings: [
                    .swiftLanguageMode(manifest.languageMode == 6 ? .v6 : .v5), .unsafeFlags(["-suppress-warnings"]),
                ]
            )
        },
    swiftLanguageModes: [.v6]
)
