import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
# usage: gen.py CONFIG.json  -> writes the Swift file named in it
cfg = json.load(open(sys.argv[1]))
pkg, ver, srcfile = cfg["package"], cfg["version"], cfg["file"]
local = cfg["local"]  # path to the source file text
out = []
out.append("// Ported near-verbatim from %s %s, %s." % (pkg, ver, srcfile))
out.append("// %s" % cfg["license"])
out.append("//")
out.append("// Each test below is the package's own test function, unchanged but for `@Test(.corpus(…))` in")
out.append("// place of XCTestCase's discovery: the trait explores `run`, the function called on a fresh suite")
out.append("// instance (XCTest's assertions are CorpusSupport's shims, which fail the schedule they happen in).")
out.append("// Its comment names the source file and test.")
for note in cfg.get("notes", []):
    out.append("// " + note)
out.append("")
for imp in cfg["imports"]:
    out.append(imp)
out.append("")
for pre in cfg.get("prelude", []):
    out.append(pre)
if cfg.get("prelude"): out.append("")
for suite in cfg["suites"]:
    for a in suite.get("attributes", []):
        out.append(a)
    out.append("@Suite struct %s: XCTestCaseShim {" % suite["name"])
    out.append("  init() {}")
    out.append("")
    first = True
    for t in suite["tests"]:
        if not first: out.append("")
        first = False
        text = subprocess.check_output(["python3", os.path.join(HERE, "extract.py"), local, t["name"]] + ([suite["source_class"]] if suite.get("source_class") else [])).decode().rstrip("\n")
        cls = suite.get("source_class", suite["name"])
        out.append("  // %s %s, %s: %s.%s" % (pkg, ver, srcfile, cls, t["name"]))
        for c in t.get("comment", []):
            out.append("  // " + c)
        if t.get("plain"):
            out.append("  @Test")
            out.append(text)
            continue
        signature = text[:text.index("{")]
        call = ("try await" if "throws" in signature else "await") + " %s().%s()" % (suite["name"], t["name"])
        out.append("  @Test(.corpus(\"%s %s %s %s.%s\", %s, run: { %s }))" % (pkg, ver, srcfile, cls, t["name"], t["trait"], call))
        out.append(text)
    for h in suite.get("helpers", []):
        text = subprocess.check_output(["python3", os.path.join(HERE, "extract.py"), local, h]).decode().rstrip("\n")
        out.append("")
        out.append("  // (the suite's own helper, verbatim)")
        out.append(text)
    out.append("}")
    out.append("")
for extra in cfg.get("extra", []):
    out.append(extra)
open(cfg["output"], "w").write("\n".join(out).rstrip("\n") + "\n")
