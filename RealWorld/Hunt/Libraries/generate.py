"""Writes Hunt/Libraries/Tests/*: five libraries' own test files, explored as written.

usage: python3 generate.py   (reads the packages from $PACKAGES, default /opt/swift-packages)

Every file is upstream's, from `git show VERSION:path` of the machine's offline copies, with a
header naming its source, version and licence and every change:
- a Swift Testing file: one trait added to each `@Test` and `import DispatchableTesting`
  (RealWorld/Porting/explored.py's `add_traits` / `add_import`, reused as is);
- an XCTest file: `import XCTest` becomes `import HuntXCTestSupport` (XCTest's names as shims that
  record Swift Testing issues, and `XCTestCase` as a base class whose `init()` runs `setUp()`),
  `import Testing` and `import DispatchableTesting`; each test method (`func test…()`) gets
  `@Test(TRAIT)` in front: Swift Testing finds it, and the trait explores it; the classes stay as
  upstream declared them (a Swift Testing suite may be a class; one instance per run);
- the few line edits a file lists in EDITS below, with why.
Files left out are listed in LEFT_OUT with why. The tree is written byte for byte (run it, then
`git status` shows nothing new).
"""
import os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(HERE, "..", "..", "Porting"))
from explored import add_traits, add_import  # noqa: E402  (RealWorld/Porting/explored.py)

PKGS = os.environ.get("PACKAGES", "/opt/swift-packages")
OUT = os.path.join(HERE, "Tests")
TRAIT = ".explored(schedules: 300, seed: 1)"
APACHE = "Apache License v2.0, SPDX-License-Identifier: Apache-2.0"

PACKAGES = [
    dict(repo="apple/swift-openapi-runtime", name="swift-openapi-runtime", version="1.13.4", license=APACHE,
         upstream="Tests/OpenAPIRuntimeTests", ours="OpenAPIRuntimeTests"),
    dict(repo="GraphQLSwift/GraphQL", name="GraphQL", version="4.3.0", license="MIT License",
         upstream="Tests/GraphQLTests", ours="GraphQLTests", resources=[
             "LanguageTests/kitchen-sink.graphql", "LanguageTests/schema-kitchen-sink.graphql"]),
    dict(repo="vapor/async-kit", name="async-kit", version="1.22.0", license="MIT License",
         upstream="Tests/AsyncKitTests", ours="AsyncKitTests"),
    dict(repo="apple/swift-metrics", name="swift-metrics", version="2.13.0", license=APACHE,
         upstream="Tests/MetricsTests", ours="MetricsTests"),
    dict(repo="swift-server/swift-prometheus", name="swift-prometheus", version="2.4.1", license=APACHE,
         upstream="Tests/PrometheusTests", ours="PrometheusTests"),
]

# Nothing is left out: every test file of the five targets compiles here.
LEFT_OUT = {}

# (file, old line, new line, why): the only edits besides the imports and attributes.
ASYNC_SETUP = ("XCTest's `setUp() async throws` becomes a synchronous `setUp() throws` (it awaits"
               " nothing): the shim's `XCTestCase.init()` runs it, as XCTest does before each test")
EDITS = {
    ("swift-openapi-runtime", "Test_Runtime.swift"): [
        ("    override func setUp() async throws {", "    override func setUp() throws {", ASYNC_SETUP),
        ("        try await super.setUp()", "        try super.setUp()", ASYNC_SETUP),
    ],
}


# Swift Testing refuses `@Test` on a function marked (or within a type marked) deprecated; upstream
# marks its tests of deprecated API so, to silence the warnings. The attribute changes nothing else.
STRIP_DEPRECATED = ("Swift Testing refuses `@Test` on a deprecated declaration;"
                    " upstream marks its tests of deprecated API so only to silence the warnings")


def write(dest, data):
    """Writes `data` to `dest` unless it holds it already (an unchanged file keeps its time: no rebuild)."""
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    if os.path.exists(dest) and open(dest, "rb").read() == data:
        return
    with open(dest, "wb") as f:
        f.write(data)


def git(repo, *args):
    return subprocess.check_output(["git", "-C", os.path.join(PKGS, repo + ".git")] + list(args)).decode()


XCTEST_IMPORT = re.compile(r"^import XCTest$", re.M)
XCTEST_BASE = re.compile(r"(\b(?:final\s+)?class\s+\w+\s*:\s*)XCTestCase\b")
DEPRECATED = re.compile(r"^[ \t]*@available\(\s*\*,\s*deprecated,\s*message:\s*\"[^\"]*\"\s*\)\n|@available\(\*, deprecated\) (?=(?:final )?class )", re.M)
TEST_METHOD = re.compile(
    r"^([ \t]+)((?:(?:@\w+(?:\([^()\n]*\))?|public|internal|final|override|nonisolated)\s+)*)func\s+(test\w*)\s*\(\s*\)",
    re.M)


def convert_xctest(text):
    """Returns (text, test names): `import XCTest` replaced, `@Test(TRAIT)` before each test method."""
    text = XCTEST_IMPORT.sub("import HuntXCTestSupport\nimport Testing\nimport DispatchableTesting", text)
    text = XCTEST_BASE.sub(r"\1ShimmedTestCase", text)
    names = []

    def attribute(m):
        names.append(m.group(3))
        return "%s@Test(%s) %s" % (m.group(1), TRAIT, m.group(0)[len(m.group(1)):])

    return TEST_METHOD.sub(attribute, text), names


def main():
    counts = {}
    for pkg in PACKAGES:
        folder = os.path.join(OUT, pkg["ours"])
        files = [l for l in git(pkg["repo"], "ls-tree", "-r", "--name-only", pkg["version"], pkg["upstream"]).split("\n")
                 if l.endswith(".swift")]
        left_out = LEFT_OUT.get(pkg["name"], {})
        n_tests = n_async = 0
        for src in files:
            rel = os.path.relpath(src, pkg["upstream"])
            if rel in left_out:
                continue
            text = git(pkg["repo"], "show", "%s:%s" % (pkg["version"], src))
            header = ["// Ported from %s %s, %s (%s)." % (pkg["name"], pkg["version"], src, pkg["license"])]
            if DEPRECATED.search(text):
                n = len(DEPRECATED.findall(text))
                text = DEPRECATED.sub("", text)
                header.append("// Edited: %d `@available(*, deprecated, message: …)` attribute(s) removed: %s." % (n, STRIP_DEPRECATED))
            for old, new, why in EDITS.get((pkg["name"], rel), []):
                if text.count(old + "\n") != 1:
                    raise SystemExit("%s: edit not found once: %r" % (src, old))
                text = text.replace(old + "\n", new + "\n")
                header.append("// Edited: `%s` -> `%s`: %s." % (old.strip(), new.strip(), why))
            if XCTEST_IMPORT.search(text):
                text, names = convert_xctest(text)
                header.append("// An XCTest file run as Swift Testing: `import XCTest` -> `import HuntXCTestSupport`,")
                header.append("// `import Testing`, `import DispatchableTesting`; `class …: XCTestCase` -> `class …:")
                header.append("// ShimmedTestCase` (Swift Testing refuses a class naming XCTestCase); `@Test(%s)` before" % TRAIT)
                header.append("// each test method (%d here). Nothing else changed%s." % (
                    len(names), " but the edits above" if len(header) > 1 else ""))
            elif re.search(r"@Test\b", text):
                text, names = add_traits_to_attributes(text)
                text = add_import(text)
                header.append("// As upstream wrote it, but for one trait added to each @Test (%s)" % TRAIT)
                header.append("// and `import DispatchableTesting`.")
            else:
                names = []
                header.append("// Test support, verbatim." if len(header) == 1 else "// Test support.")
            n_tests += len(names)
            n_async += len(async_tests(text, names))
            write(os.path.join(folder, rel), ("\n".join(header) + "\n\n" + text).encode())
        for rel in pkg.get("resources", []):  # resource files, byte for byte
            data = subprocess.check_output(["git", "-C", os.path.join(PKGS, pkg["repo"] + ".git"), "show",
                                            "%s:%s/%s" % (pkg["version"], pkg["upstream"], rel)])
            write(os.path.join(folder, rel), data)
        counts[pkg["name"]] = (pkg["version"], n_tests, n_async)
    with open(os.path.join(HERE, "counts.txt"), "w") as f:
        for name, (version, n, a) in counts.items():
            f.write("%s %s tests=%d async=%d\n" % (name, version, n, a))
    for name, (version, n, a) in counts.items():
        print("%s %s: %d tests, %d async" % (name, version, n, a))


ATTRIBUTE_PREFIX = re.compile(r"[ \t]*(?:@[\w.]+(?:\([^()]*\))?\s+)*$")


def add_traits_to_attributes(text):
    """explored.py's `add_traits`, for the `@Test` that are attributes only: one inside a string
    literal (GraphQL's schema parser tests parse `directive @Test(…)`) or a block comment
    (async-kit's commented-out `gracefulShutdownAsync`) is left as it is."""
    hidden = []
    comments = [(m.start(), m.end()) for m in re.finditer(r"(?m)^[ \t]*/\*.*?\*/", text, re.S)]
    for m in re.finditer(r"@Test\b", text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if not ATTRIBUTE_PREFIX.match(text[line_start:m.start()]) or any(a <= m.start() < b for a, b in comments):
            hidden.append(m.start())
    for i in reversed(hidden):
        text = text[:i] + "@\x00Test" + text[i + len("@Test"):]
    text, names = add_traits(text, lambda name: TRAIT)
    return text.replace("@\x00Test", "@Test"), names


def async_tests(text, names):
    """The names among `names` whose declaration says `async` before its body."""
    out = []
    for name in names:
        m = re.search(r"\bfunc\s+`?%s`?\s*(\((?:[^()]|\([^()]*\))*\))([^{]*)\{" % re.escape(name), text)
        if m and re.search(r"\basync\b", m.group(2)):
            out.append(name)
    return out


if __name__ == "__main__":
    main()
