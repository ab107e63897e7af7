#!/usr/bin/env python3
"""The mock's layers point one way: a part names no type declared in a layer above its own.

Layers, bottom to top (folders of Sources/Dispatchable/Mock): Shared, Recording, Engine,
Exploration, Async; Facade, on top, holds the `MockDispatchable` namespace and the public values
every layer may name, and is not checked. For each part, the names its code uses (comments and
string literals left out) are checked against the types declared in the layers above it; a name
that a lower layer, Facade or the library outside the mock also declares is not counted (a nested
`State`).

The references that exist today are listed in scripts/layer-exceptions.txt, one `part: Name` a
line, to be removed as the layers are untangled: the check fails on a reference that is not
listed, and on a listed one that is gone (so the list only shrinks).

    scripts/layer-check.py            check (part of `make lint`)
    scripts/layer-check.py --list     print every reference, in the list's format
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOCK = ROOT / "Sources/Dispatchable/Mock"
LIBRARY = ROOT / "Sources/Dispatchable"
EXCEPTIONS = ROOT / "scripts/layer-exceptions.txt"
LAYERS = ["Shared", "Recording", "Engine", "Exploration", "Async"]
DECLARATION = re.compile(r"\b(?:struct|class|enum|protocol|typealias|actor)\s+([A-Z]\w*)")
WORD = re.compile(r"\b[A-Z]\w*\b")


def code_of(text):
    """The text without comments and string literals (a crude lexer: enough for names)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r'"""(?:.|\n)*?"""', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"//[^\n]*", "", text)


def parts(layer):
    return sorted((MOCK / layer).rglob("*.swift"))


def declared(files):
    names = set()
    for path in files:
        names |= set(DECLARATION.findall(code_of(path.read_text())))
    return names


def references():
    outside = declared(p for p in LIBRARY.glob("*.swift")) | declared(parts("Facade"))
    by_layer = {layer: declared(parts(layer)) for layer in LAYERS}
    found = []
    for index, layer in enumerate(LAYERS):
        below = set(outside)
        for lower in LAYERS[: index + 1]:
            below |= by_layer[lower]
        above = set()
        for higher in LAYERS[index + 1:]:
            above |= by_layer[higher]
        foreign = above - below
        for path in parts(layer):
            used = set(WORD.findall(code_of(path.read_text())))
            for name in sorted(used & foreign):
                found.append(f"{path.relative_to(MOCK)}: {name}")
    return found


def main():
    found = references()
    if "--list" in sys.argv:
        print("\n".join(found))
        return 0
    listed = [line.strip() for line in EXCEPTIONS.read_text().splitlines()
              if line.strip() and not line.startswith("#")]
    new = [line for line in found if line not in listed]
    gone = [line for line in listed if line not in found]
    for line in new:
        print(f"layer-check: {line} names a type of a layer above its own (Sources/Dispatchable/Mock/"
              f"{line.split(':')[0]}); layers, bottom to top: {', '.join(LAYERS)}")
    for line in gone:
        print(f"layer-check: '{line}' is listed in scripts/layer-exceptions.txt but no longer occurs: "
              f"remove it from the list")
    if new or gone:
        return 1
    print(f"layer-check: ok ({len(found)} listed references of a layer above, none new)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
