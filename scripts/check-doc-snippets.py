#!/usr/bin/env python3
"""Compiles every ```swift block of README.md and the DocC articles; exits non-zero if one fails.

Manifest fragments (`dependencies: [...]`, `targets: [...]`) become a whole Package.swift each,
checked with `swift package dump-package`. Every other block is compiled into a generated package
against the real library and `scripts/doc-snippets/Fixtures.swift` (the app types the examples
use): a block of declarations inside a type of its own, a block of statements inside a function of
its own, so that blocks cannot clash. Each block is a file of its own, with the imports it shows and
no others; a block that shows none gets the preamble README.md states ("Examples assume …"), which
a user also writes. Errors name the file and line of the block.
"""
import glob, os, re, shutil, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = os.path.join(root, ".build-docs", "snippets")
sources = ["README.md"] + sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "Sources/Dispatchable/Dispatchable.docc/*.md")))
# What a block that shows no imports is compiled with: README.md says so where its examples begin.
PREAMBLE = ["import DispatchableTesting", "import Foundation", "import Testing", "@testable import Dispatchable"]
IMPORT = re.compile(r"^(@testable |@preconcurrency )?import \w+")
DECLARATION = re.compile(r"^(@\w+|(final |private |public )*(class|struct|enum|func|actor|protocol)\b|//|/\*|\*|\}|\)|$)")

def blocks():
    for source in sources:
        text = open(os.path.join(root, source)).read()
        for match in re.finditer(r"```swift\n(.*?)```", text, re.S):
            yield source, text.count("\n", 0, match.start()) + 2, match.group(1)

def main():
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.join(out, "Sources", "DocSnippets"))
    shutil.copy(os.path.join(root, "scripts/doc-snippets/Fixtures.swift"), os.path.join(out, "Sources", "DocSnippets"))
    code, failures, count = [], [], 0
    for number, (source, line, block) in enumerate(blocks(), 1):
        count += 1
        where = f"{source}:{line}"
        if ".package(" in block:
            folder = os.path.join(out, f"manifest-{number}")
            os.makedirs(folder)
            with open(os.path.join(folder, "Package.swift"), "w") as manifest:
                manifest.write(f"// swift-tools-version:6.0\n// {where}\nimport PackageDescription\n\nlet package = Package(\n    name: \"App\",\n{block})\n")
            result = subprocess.run(["swift", "package", "--package-path", folder, "dump-package"], capture_output=True, text=True)
            if result.returncode != 0:
                failures.append(f"{where}: this Package.swift fragment does not compile:\n{result.stderr}")
            continue
        lines = block.rstrip("\n").split("\n")
        imports = [l for l in lines if IMPORT.match(l)]
        lines = [l for l in lines if not IMPORT.match(l)]
        while lines and not lines[0].strip():
            lines.pop(0)
        declarations = all(DECLARATION.match(l) for l in lines if not l.startswith((" ", "\t")))
        body = "\n".join("    " + l if l else "" for l in lines)
        header = "\n".join(imports or PREAMBLE)
        if declarations:
            text = f"// {where}\n{header}\n\n@MainActor struct Snippet{number} {{\n{body}\n}}\n"
        else:
            text = f"// {where}\n{header}\n\n@MainActor func snippet{number}() async throws {{\n{body}\n}}\n"
        code.append((f"Snippet{number}.swift", text))
    for name, text in code:
        with open(os.path.join(out, "Sources", "DocSnippets", name), "w") as f:
            f.write(text)
    identity = os.path.basename(root)
    with open(os.path.join(out, "Package.swift"), "w") as f:
        f.write(f"""// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DocSnippets",
    platforms: [.macOS(.v10_15), .iOS(.v13)],
    dependencies: [.package(path: "{root}")],
    targets: [.target(name: "DocSnippets", dependencies: [
        .product(name: "Dispatchable", package: "{identity}"),
        .product(name: "DispatchableTesting", package: "{identity}"),
    ])],
    swiftLanguageModes: [.v6]
)
""")
    result = subprocess.run(["swift", "build", "--package-path", out, "-Xswiftc", "-warnings-as-errors"], capture_output=True, text=True)
    if result.returncode != 0:
        # Point each error at the block it came from (its file's first line names it).
        errors = []
        for match in re.finditer(r"(Snippet\d+)\.swift:(\d+):\d+: (error: [^\n]*)", result.stdout + result.stderr):
            origin = open(os.path.join(out, "Sources", "DocSnippets", match.group(1) + ".swift")).readline()[3:].strip()
            errors.append(f"{origin} (generated line {match.group(2)}): {match.group(3)}")
        for match in re.finditer(r"Fixtures\.swift:(\d+):\d+: (error: [^\n]*)", result.stdout + result.stderr):
            errors.append(f"scripts/doc-snippets/Fixtures.swift:{match.group(1)}: {match.group(2)}")
        failures.append("the examples do not compile:\n  " + "\n  ".join(sorted(set(errors)) or [result.stdout[-3000:] + result.stderr[-3000:]]))
    if failures:
        print("doc snippets: " + "\n".join(failures), file=sys.stderr)
        return 1
    print(f"doc snippets: all {count} ```swift blocks of README.md and the DocC articles compile")
    return 0

sys.exit(main())
