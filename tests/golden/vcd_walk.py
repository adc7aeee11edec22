"""Reading a VCD for the golden checks: walk(path) yields, for every line other than a scope's
start or end, the scopes open at that line (outermost first) and the line's words; blank lines
are skipped. Each check keeps its own reading of the words, so it stays independent of the
model's writer."""


def walk(path):
    scopes = []
    with open(path) as f:
        for line in f:
            w = line.split()
            if not w:
                continue
            if w[0] == "$scope":
                scopes.append(w[2])
            elif w[0] == "$upscope":
                scopes.pop()
            else:
                yield scopes, w
