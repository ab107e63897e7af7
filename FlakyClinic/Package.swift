// swift-tools-version:6.2
// The flaky test clinic: every case under Cases/ (one directory each, described by its case.json)
// becomes two test targets, `<Case>Flaky` (the code under test and Tests/Flaky.swift) and
// `<Case>Deterministic` (the same code and Tests/Deterministic.swift, with Dispatchable and
// DispatchableTesting), a third, `<Case>Plain`, where the case has a Tests/Plain.swift (the cost
// baseline), and a fourth, `<Case>Explored`, where the case has a Tests/Explored.swift (the flaky
// test with `.explored(…)`). Each case's `languageMode`, `swiftSettings` and `dependencies` come from
// its case.json.
// A target's directory, Targets/<Case><Form>, holds links to the case's Code/ and one test file
// (SwiftPM refuses one source file in two targets); `./run.sh` makes the links, builds with
// `--manifest-cache none` (this manifest reads Cases/, which SwiftPM's manifest cache does not
// watch) and runs the forms under load.
import Foundation
import PackageDescription

struct CaseDependency: Decodable {
    let url: String
    let version: String
    let package: String
    let products: [String]
}

struct CaseDescription: Decodable {
    let languageMode: Int
    let swiftSettings: [String]
    let dependencies: [CaseDependency]
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let casesDirectory = root.appendingPathComponent("Cases")
let caseNames = ((try? FileManager.default.contentsOfDirectory(atPath: casesDirectory.path)) ?? [])
    .filter { FileManager.default.fileExists(atPath: casesDirectory.appendingPathComponent("\($0)/case.json").path) }
    .sorted()

func describe(_ name: String) -> CaseDescription {
    let url = casesDirectory.appendingPathComponent("\(name)/case.json")
    guard let data = try? Data(contentsOf: url), let found = try? JSONDecoder().decode(CaseDescription.self, from: data)
    else { fatalError("Cases/\(name)/case.json: unreadable") }
    return found
}

/// A case.json setting as SwiftPM's: `defaultIsolation(MainActor.self)`, or an upcoming feature's name.
func setting(_ text: String) -> SwiftSetting {
    switch text {
    case "defaultIsolation(MainActor.self)": .defaultIsolation(MainActor.self)
    default: .enableUpcomingFeature(text)
    }
}

var targets: [Target] = []
var packages: [Package.Dependency] = [.package(name: "Dispatchable", path: "..")]
var seenPackages: Set<String> = []
for name in caseNames {
    let found = describe(name)
    var settings = found.swiftSettings.map(setting)
    settings.append(.swiftLanguageMode(found.languageMode == 5 ? .v5 : .v6))
    let products: [Target.Dependency] = found.dependencies.flatMap { dependency in
        dependency.products.map { Target.Dependency.product(name: $0, package: dependency.package) }
    }
    for dependency in found.dependencies where seenPackages.insert(dependency.package).inserted {
        packages.append(.package(url: dependency.url, exact: Version(stringLiteral: dependency.version)))
    }
    targets.append(
        .testTarget(
            name: "\(name)Flaky", dependencies: products, path: "Targets/\(name)Flaky", swiftSettings: settings))
    targets.append(
        .testTarget(
            name: "\(name)Deterministic",
            dependencies: products + [
                .product(name: "Dispatchable", package: "Dispatchable"),
                .product(name: "DispatchableTesting", package: "Dispatchable"),
            ],
            path: "Targets/\(name)Deterministic", swiftSettings: settings))
    // The cost baseline, where the case has one: the deterministic form's body without the trait.
    if FileManager.default.fileExists(atPath: casesDirectory.appendingPathComponent("\(name)/Tests/Plain.swift").path) {
        targets.append(
            .testTarget(
                name: "\(name)Plain",
                dependencies: products + [
                    .product(name: "Dispatchable", package: "Dispatchable"),
                    .product(name: "DispatchableTesting", package: "Dispatchable"),
                ],
                path: "Targets/\(name)Plain", swiftSettings: settings))
    }
    // The explored form, where the case has one: the flaky test as it is, with `.explored(…)`.
    if FileManager.default.fileExists(atPath: casesDirectory.appendingPathComponent("\(name)/Tests/Explored.swift").path) {
        targets.append(
            .testTarget(
                name: "\(name)Explored",
                dependencies: products + [
                    .product(name: "Dispatchable", package: "Dispatchable"),
                    .product(name: "DispatchableTesting", package: "Dispatchable"),
                ],
                path: "Targets/\(name)Explored", swiftSettings: settings))
    }
}

// Minimal reproductions of what the deterministic forms hit (see README.md).
targets.append(
    .testTarget(
        name: "ClinicRepro",
        dependencies: [
            .product(name: "Dispatchable", package: "Dispatchable"),
            .product(name: "DispatchableTesting", package: "Dispatchable"),
        ],
        path: "Repro"))

let package = Package(
    name: "FlakyClinic",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: packages,
    targets: targets
)
