import sys, re
# usage: extract.py FILE NAME [CLASS]  -> prints the function NAME (inside CLASS if given), verbatim
path, name = sys.argv[1], sys.argv[2]
cls = sys.argv[3] if len(sys.argv) > 3 else None
lines = open(path).read().split("\n")
start = 0
if cls:
    start = next(i for i, l in enumerate(lines) if re.search(r"class %s\b" % re.escape(cls), l))
# find 'func NAME' possibly with 'func' on previous line (swift-format splits long names)
for i in range(start, len(lines)):
    l = lines[i]
    if re.search(r"\bfunc %s\(" % re.escape(name), l) or (l.strip() == "func" and lines[i+1].strip().startswith(name + "(")):
        break
else:
    sys.exit("not found: " + name)
indent = len(lines[i]) - len(lines[i].lstrip())
# include preceding attributes/comments at same indent
j = i
while j > 0 and lines[j-1].strip().startswith("@"):
    j -= 1
out = []
k = i
depth = 0
seen = False
while True:
    l = lines[k]
    out.append(l)
    depth += l.count("{") - l.count("}")
    if "{" in l: seen = True
    if seen and depth == 0:
        break
    k += 1
print("\n".join(lines[j:i] + out))
