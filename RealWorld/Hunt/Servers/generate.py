#!/usr/bin/env python3
"""Writes Tests/*: five server-side packages' own async test files, explored as written.

usage: python3 generate.py   (reads the packages from $PACKAGES, default /opt/swift-packages)

Every file is `git show VERSION:PATH` of the machine's offline copy, with a header naming its
source, version and licence and every change. The changes are mechanical:

- A Swift Testing `@Test` gets one trait, `.explored(schedules: 300, seed: 1)` (or, for a test
  that needs real sockets, `.disabled("…")` with the reason: it is listed, not explored).
- An XCTest file: `import XCTest` becomes `import HuntSupport` (BugBench's XCTestShims.swift,
  symlinked, plus the few XCTest names it lacks) and `import Testing`; each `class X: XCTestCase`
  becomes `@Suite class X: XCTestCaseShim, @unchecked Sendable` (Swift Testing makes a fresh
  instance per test call, as XCTest does per test); `override func setUp()` / `tearDown()` lose
  `override` and their `super.` call, and are called from an added `init()` / `deinit`; each
  `func testX()` of the class gets `@Test(trait)`. `import DispatchableTesting` is added before
  the first import. Nothing else in a test body changes.
- `import DispatchableTesting` is added before the file's first import.

Run it twice: the tree must not change (`git status` shows nothing new).
"""
import os, re, subprocess, sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Tests")
PKGS = os.environ.get("PACKAGES", "/opt/swift-packages")
APACHE = "Apache License v2.0, SPDX-License-Identifier: Apache-2.0"
SAMPLE = ".explored(schedules: 300, seed: 1)"

# A test whose body matches this needs real sockets (a server bound on loopback, an HTTP client):
# out of scope (real I/O on NIO's event loops); it gets `.disabled(NETWORK_WHY)` and is listed.
NETWORK = re.compile(r"\.test\(\s*\.(live|ahc)\b|\btestServer\(|\bServerBootstrap\b|\bClientBootstrap\b|"
                     r"\bHTTPClient\s*\(|\bHTTPClient\.shared\b|WebSocketClient\.connect\(")
NETWORK_WHY = "real sockets (a server or client on loopback): out of scope, real I/O on NIO event loops"

PACKAGES = [
    dict(repo="apple/swift-nio", name="swift-nio", version="2.101.2", license=APACHE, targets=[
        dict(upstream="Tests/NIOCoreTests", ours="NIOCoreTests", files=[
            "AsyncSequences/NIOAsyncSequenceProducer+HighLowWatermarkBackPressureStrategyTests.swift",
            "AsyncSequences/NIOAsyncSequenceTests.swift",
            "AsyncSequences/NIOAsyncWriterTests.swift",
            "AsyncSequences/NIOThrowingAsyncSequenceTests.swift",
            "AsyncChannel/AsyncChannelInboundStreamTests.swift",
            "AsyncChannel/AsyncChannelOutboundWriterTests.swift",
            "AsyncChannel/AsyncChannelTests.swift",
            "XCTest+AsyncAwait.swift",
        ]),
        dict(upstream="Tests/NIOEmbeddedTests", ours="NIOEmbeddedTests", files=[
            "AsyncTestingChannelTests.swift", "AsyncTestingEventLoopTests.swift",
            "EmbeddedChannelTest.swift",  # its ChannelLifecycleHandler is used by AsyncTestingChannelTests
            "TestUtils.swift", "XCTest+AsyncAwait.swift",
        ]),
    ]),
    dict(repo="grpc/grpc-swift-2", name="grpc-swift-2", version="2.4.3", license=APACHE, targets=[
        # Configuration/*: the service-config coding tests (synchronous protobuf/JSON coding, no
        # concurrency) and their generated protobuf code: left out so that swift-protobuf is not built.
        dict(upstream="Tests/GRPCCoreTests", ours="GRPCCoreTests", exclude_dirs=["Configuration/"]),
        # (Their `package` declarations: Package.swift compiles these targets with grpc-swift-2's package name.)
        dict(upstream="Tests/GRPCInProcessTransportTests", ours="GRPCInProcessTransportTests"),
    ]),
    dict(repo="hummingbird-project/hummingbird", name="hummingbird", version="2.28.1", license=APACHE, targets=[
        dict(upstream="Tests/HummingbirdTests", ours="HummingbirdTests"),
        dict(upstream="Tests/HummingbirdRouterTests", ours="HummingbirdRouterTests"),
        # CoreTests, TLSTests, TSTests run a real server (TSTests: Apple's Network framework only);
        # ConfigReaderTests is synchronous configuration parsing. The in-memory ones are here.
        dict(upstream="Tests/HummingbirdCoreTests", ours="HummingbirdCoreTests", files=[
            "RequestBodyTests.swift", "HTTP1ChannelTests.swift",
            "HTTPConnectionStateHandlerStateMachineTests.swift", "MockClock.swift",
        ]),
    ]),
    dict(repo="hummingbird-project/swift-websocket", name="swift-websocket", version="1.6.2", license=APACHE, targets=[
        # AutobahnTests needs the Autobahn test-suite server (a real network peer).
        dict(upstream="Tests/WebSocketTests", ours="WebSocketTests", exclude=["AutobahnTests.swift"]),
    ]),
    dict(repo="apple/swift-nio-http2", name="swift-nio-http2", version="1.46.0", license=APACHE, targets=[
        # The whole target: its async tests (NIOAsyncTestingChannel) and the connection-management
        # handler's Swift Testing suites need its other files' shared helpers (recorders, handshakes).
        dict(upstream="Tests/NIOHTTP2Tests", ours="NIOHTTP2Tests"),
    ]),
]


def git(repo, *args):
    return subprocess.check_output(["git", "-C", os.path.join(PKGS, repo + ".git")] + list(args)).decode()


def ls(repo, version, folder):
    out = git(repo, "ls-tree", "-r", "-z", "--name-only", version, folder)
    return [p for p in out.split("\0") if p.endswith(".swift")]


def skip_string(text, i):
    """i is at an opening quote (or `#"`); returns the index just after the string literal."""
    hashes = 0
    while text[i] == "#":
        hashes += 1
        i += 1
    close = '"' + "#" * hashes
    if text.startswith('"""', i):
        return text.index('"""' + "#" * hashes, i + 3) + 3 + hashes
    i += 1
    while not text.startswith(close, i):
        i += 2 if text[i] == "\\" and hashes == 0 else 1
    return i + len(close)


def match_brace(text, i):
    """i is at `{`; returns the index of its matching `}` (skipping strings and comments)."""
    depth = 0
    while i < len(text):
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            continue
        if text.startswith("/*", i):
            i = text.index("*/", i) + 2
            continue
        if c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            i = skip_string(text, i)
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ValueError("unbalanced braces")


TEST = re.compile(r"@Test\b")
FUNC = re.compile(r"\bfunc\s+(`?[A-Za-z_][A-Za-z_0-9]*`?)")


def trait_for_body(body):
    return '.disabled("%s")' % NETWORK_WHY if NETWORK.search(body) else SAMPLE


def add_traits(text):
    """Adds a trait to every Swift Testing `@Test` of `text`; returns (text, [(name, trait, async)])."""
    out, tests, pos = [], [], 0
    matches = [m for m in TEST.finditer(text)
               if not text[text.rfind("\n", 0, m.start()) + 1:m.start()].lstrip().startswith("//")]
    for n, m in enumerate(matches):
        f = FUNC.search(text, m.end())
        name = f.group(1).strip("`")
        end = matches[n + 1].start() if n + 1 < len(matches) else len(text)
        body = text[m.end():end]
        signature = text[f.end():text.find("{", f.end())]
        trait = trait_for_body(body)
        tests.append((name, trait, bool(re.search(r"\basync\b", signature))))
        out.append(text[pos:m.end()])
        i = m.end()
        if text[i] != "(":
            out.append("(%s)" % trait)
            pos = i
            continue
        j = i + 1
        while text[j] in " \n\t":
            j += 1
        if text[j] == '"':  # a display name comes first
            k = skip_string(text, j)
            out.append(text[i:k] + ", " + trait)
            pos = k
        else:
            out.append(text[i:j] + trait + ", ")
            pos = j
    out.append(text[pos:])
    return "".join(out), tests


XCTEST_CLASS = re.compile(r"^([ \t]*)((?:(?:final|public|internal|open|private|fileprivate)\s+)*)class\s+(\w+)\s*:\s*XCTestCase\b([^{]*)\{", re.M)
SUPER = re.compile(r"^[ \t]*(?:try\s+)?(?:await\s+)?super\.(setUp|tearDown|setUpWithError|tearDownWithError)\(\)[ \t]*\n", re.M)
LIFECYCLE = re.compile(r"\boverride\s+func\s+(setUp|tearDown|setUpWithError|tearDownWithError)\(\)\s*((?:async\s*)?(?:throws\s*)?)\{")
XCTEST_METHOD = re.compile(r"^([ \t]*)((?:(?:public|internal|private|fileprivate|nonisolated)\s+)*)func\s+(test\w*)\(\)([^{]*)\{", re.M)


def convert_xctest(text):
    """XCTest → Swift Testing through XCTestCaseShim; returns (text, tests, changes)."""
    changes, tests = [], []
    text, n = re.subn(r"^import XCTest$", "import Foundation\nimport HuntSupport\nimport Testing", text, flags=re.M)
    if n:
        changes.append("`import XCTest` → `import Foundation` (which XCTest re-exports) + `import HuntSupport`"
                       " (XCTest's assertions as shims) + `import Testing`")
    text, n = re.subn(r"^extension XCTestCase \{", "extension XCTestCaseShim {", text, flags=re.M)
    if n:
        changes.append("`extension XCTestCase` → `extension XCTestCaseShim`")
    pos, out = 0, []
    for m in list(XCTEST_CLASS.finditer(text)):
        if m.start() < pos:
            continue
        open_i = m.end() - 1
        close_i = match_brace(text, open_i)
        body = text[open_i + 1:close_i]
        cls = m.group(3)
        # setUp / tearDown: called from init / deinit.
        inits = []
        for lm in LIFECYCLE.finditer(body):
            kind, effects = lm.group(1), lm.group(2)
            call = ("try " if "throws" in effects else "") + ("await " if "async" in effects else "") + "self.%s()" % kind
            if kind.startswith("setUp"):
                inits.append("    init() %s{ %s }" % (effects, call))
            else:
                if "async" in effects:
                    raise SystemExit("%s: async tearDown" % cls)
                inits.append("    deinit { %s }" % (call.replace("try ", "try? ")))
        if inits:
            body = LIFECYCLE.sub(lambda lm: "func %s() %s{" % (lm.group(1), lm.group(2)), body)
            body = SUPER.sub("", body)
            changes.append("%s: `override` and the `super.` call dropped from %s, which the added %s call%s"
                           % (cls, " and ".join("`%s()`" % k.group(1) for k in LIFECYCLE.finditer(text[open_i:close_i])),
                              " and ".join("`%s`" % ("init()" if "init()" in l else "deinit") for l in inits),
                              "s" if len(inits) == 1 else ""))
        # test methods at the class's top level
        new_body, bpos = [], 0
        before = len(tests)
        for tm in XCTEST_METHOD.finditer(body):
            # only methods at depth 0 of the class body
            prefix = body[:tm.start()]
            stripped = re.sub(r'"(?:[^"\\\n]|\\.)*"', "", re.sub(r"//[^\n]*", "", prefix))
            if stripped.count("{") != stripped.count("}"):
                continue
            prev = body[:tm.start()].rstrip().split("\n")[-1].strip()
            if prev.startswith("@Test"):
                continue
            mend = tm.end() - 1
            tclose = match_brace(body, mend)
            trait = trait_for_body(body[tm.start():tclose])
            tests.append((tm.group(3), trait, bool(re.search(r"\basync\b", tm.group(4)))))
            new_body.append(body[bpos:tm.start()])
            new_body.append("%s@Test(%s) %s" % (tm.group(1), trait, body[tm.start() + len(tm.group(1)):tm.end()]))
            bpos = tm.end()
        new_body.append(body[bpos:])
        body = "".join(new_body)
        extra = "".join("\n" + l for l in inits)
        header = "%s@Suite %sclass %s: XCTestCaseShim, @unchecked Sendable%s{" % (m.group(1), m.group(2), cls, re.sub(r",\s*(@unchecked\s+)?Sendable\b", "", m.group(4)))
        lead = text[pos:m.start()]
        # Swift Testing refuses `@Suite`/`@Test` under an `@available` attribute (its macro names
        # the error): the class's own attribute line goes (the package's platforms are newer).
        avail = re.search(r"^[ \t]*@available\([^)]*\)[ \t]*\n\Z", lead, re.M)
        if avail:
            changes.append("the `%s` line before class %s dropped (Swift Testing refuses `@Suite` under it)"
                           % (avail.group(0).strip(), cls))
            lead = lead[:avail.start()]
        out.append(lead)
        out.append(header + extra + body + "}")
        pos = close_i + 1
        changes.append("`class %s: XCTestCase` → `@Suite class %s: XCTestCaseShim, @unchecked Sendable`; `@Test(…)` on its %d `test…()` methods"
                       % (cls, cls, len(tests) - before))
    out.append(text[pos:])
    return "".join(out), tests, changes


def add_import(text):
    lines = text.split("\n")
    for n, l in enumerate(lines):
        if re.match(r"(@testable\s+)?(@_spi\(\w+\)\s+)?((internal|public|package)\s+)?import\s", l) or \
                re.match(r"#if\s+canImport", l) and n + 1 < len(lines) and "import" in lines[n + 1]:
            lines.insert(n, "import DispatchableTesting")
            return "\n".join(lines)
    raise SystemExit("no import found")


def main():
    index, written = [], set()
    for pkg in PACKAGES:
        for target in pkg["targets"]:
            folder = os.path.join(OUT, target["ours"])
            files = target.get("files") or [os.path.relpath(p, target["upstream"]) for p in ls(pkg["repo"], pkg["version"], target["upstream"])]
            files = [f for f in files if f not in target.get("exclude", [])
                     and not any(f.startswith(d) for d in target.get("exclude_dirs", []))]
            for rel in files:
                src = os.path.join(target["upstream"], rel)
                text = git(pkg["repo"], "show", "%s:%s" % (pkg["version"], src))
                header = ["// Ported from %s %s, %s (%s)." % (pkg["name"], pkg["version"], src, pkg["license"])]
                changes, tests = [], []
                if re.search(r"^import XCTest$", text, re.M):
                    text, tests, changes = convert_xctest(text)
                if TEST.search(text.replace("@Test(.explored", "").replace("@Test(.disabled", "")):
                    # Swift Testing tests upstream wrote as such (the converted ones have their trait already).
                    marked = re.sub(r"@Test\((\.explored|\.disabled)", r"@__HUNT\1", text)
                    marked, st = add_traits(marked)
                    text = marked.replace("@__HUNT", "@Test(")
                    text = re.sub(r"@Test\(\(", "@Test(", text)
                    tests += st
                    if st:
                        changes.append("one trait added to each of its %d Swift Testing `@Test`s" % len(st))
                if tests:
                    text = add_import(text)
                    changes.append("`import DispatchableTesting` added before the first import")
                    header.append("// Test file, as upstream wrote it but for these changes:")
                    header.extend("// - %s." % c for c in changes)
                    header.append("// Trait: %s on every test unless said below." % SAMPLE)
                    for name, trait, _ in tests:
                        if trait != SAMPLE:
                            header.append("// %s: %s." % (name, trait))
                    index.extend((pkg["name"], pkg["version"], target["ours"], src, name, trait, a) for name, trait, a in tests)
                elif changes:
                    header.append("// Test support, as upstream wrote it but for these changes:")
                    header.extend("// - %s." % c for c in changes)
                else:
                    header.append("// Test support, verbatim.")
                dest = os.path.join(folder, rel)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                written.add(dest)
                content = "\n".join(header) + "\n\n" + text
                if not os.path.exists(dest) or open(dest).read() != content:  # keep mtimes: no rebuild
                    with open(dest, "w") as f:
                        f.write(content)
    for root, _, names in os.walk(OUT):  # files of an earlier run no longer ported
        if os.path.relpath(root, OUT).split(os.sep)[0] == "Reproductions":
            continue  # hand-written, not generated
        for name in names:
            if os.path.join(root, name) not in written:
                os.remove(os.path.join(root, name))
    with open(os.path.join(HERE, "tests-index.txt"), "w") as f:
        f.write("# package|version|target|source|test|trait|async (written by generate.py)\n")
        for row in index:
            f.write("|".join(str(x) for x in row) + "\n")
    print("generate.py: %d tests written (%d explored, %d async)" % (
        len(index), sum(1 for r in index if r[5] == SAMPLE), sum(1 for r in index if r[6])))


if __name__ == "__main__":
    main()
