"""Writes RealWorld/Tests/*Explored: Swift Testing files of real packages, as upstream wrote them,
with one trait added to each `@Test` (DispatchableTesting's `.explored(…)` or
`.exploredExhaustively(…)`) and `import DispatchableTesting` added before the file's first import.

usage: explored.py   (port.sh runs it; reads the packages from $PACKAGES, default /opt/swift-packages)

Each file gets a header naming its source, version and licence. Support files (no `@Test`) are
copied verbatim under the same header,
but for the line edits a target's `support_edits` lists, with why (a `@testable` import a port needs). The traits — the default of a target, and the few tests
that need another (a `maximumStall:`, a smaller sample) — are in `explored_config.py`; what a test's
verdict is expected to be is in `RealWorld/explored-expectations.txt` (scripts/real-world.sh).
"""
import os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the tree
from explored_config import PACKAGES  # noqa: E402

OUT = os.path.join(os.path.dirname(HERE), "Tests")
PKGS = os.environ.get("PACKAGES", "/opt/swift-packages")


def show(repo, version, path):
    return subprocess.check_output(["git", "-C", os.path.join(PKGS, repo + ".git"), "show", "%s:%s" % (version, path)]).decode()


def ls(repo, version, folder):
    out = subprocess.check_output(["git", "-C", os.path.join(PKGS, repo + ".git"), "ls-tree", "-r", "--name-only", version, folder]).decode()
    return [l for l in out.split("\n") if l.endswith(".swift")]


def skip_string(text, i):
    """i is at an opening quote; returns the index just after the string literal."""
    if text.startswith('"""', i):
        return text.index('"""', i + 3) + 3
    i += 1
    while text[i] != '"':
        i += 2 if text[i] == "\\" else 1
    return i + 1


TEST = re.compile(r"@Test\b")
FUNC = re.compile(r"\bfunc\s+(`?[A-Za-z_][A-Za-z_0-9]*`?)")


def add_traits(text, trait_for):
    """Adds `trait_for(function name)` to every `@Test` attribute of `text`; returns (text, names)."""
    out, names, pos = [], [], 0
    for m in TEST.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[line_start:m.start()].lstrip().startswith("//"):
            continue  # a comment
        name = FUNC.search(text, m.end()).group(1).strip("`")
        trait = trait_for(name)
        names.append(name)
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
    return "".join(out), names


def add_import(text):
    lines = text.split("\n")
    for n, l in enumerate(lines):
        if re.match(r"(@testable\s+)?(@_spi\(\w+\)\s+)?import\s", l) or re.match(r"#if\s+canImport", l) and n + 1 < len(lines) and "import" in lines[n + 1]:
            lines.insert(n, "import DispatchableTesting")
            return "\n".join(lines)
    raise SystemExit("no import found")


def main():
    index = []
    for pkg in PACKAGES:
        for target in pkg["targets"]:
            folder = os.path.join(OUT, target["ours"])
            os.makedirs(folder, exist_ok=True)
            files = target.get("files") or [os.path.relpath(p, target["upstream"]) for p in ls(pkg["repo"], pkg["version"], target["upstream"])]
            files = [f for f in files if f not in target.get("exclude", [])]
            for rel in files:
                src = os.path.join(target["upstream"], rel)
                text = show(pkg["repo"], pkg["version"], src)
                overrides = target.get("overrides", {})
                default = target.get("file_traits", {}).get(rel, target["trait"])

                def trait_for(name):
                    return overrides.get(name, default)

                header = ["// Ported from %s %s, %s (%s)." % (pkg["name"], pkg["version"], src, pkg["license"])]
                if TEST.search(text):
                    text, names = add_traits(text, trait_for)
                    text = add_import(text)
                    header.append("// As upstream wrote it, but for one trait added to each @Test (%s unless" % default)
                    header.append("// said below) and `import DispatchableTesting`.")
                    why = target.get("why", {})
                    if rel in why:
                        header.append("// Every test here: %s — %s." % (default, why[rel]))
                    for name in names:
                        if name in overrides and name in why:
                            header.append("// %s: %s — %s." % (name, overrides[name], why[name]))
                    index.extend((pkg["name"], pkg["version"], src, target["ours"], n) for n in names)
                elif target.get("support_edits"):
                    # (old line, new line) pairs, and why: e.g. a `@testable` import a port needs.
                    lines, why = target["support_edits"]
                    edited = "\n".join(lines.get(l, l) for l in text.split("\n"))
                    header.append("// Test support, verbatim" + (" but for %s." % why if edited != text else "."))
                    text = edited
                else:
                    header.append("// Test support, verbatim.")
                dest = os.path.join(folder, rel)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                open(dest, "w").write("\n".join(header) + "\n\n" + text)
    print("explored: %d tests written" % len(index))


if __name__ == "__main__":
    main()
