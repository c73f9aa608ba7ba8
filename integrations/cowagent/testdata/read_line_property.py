#!/usr/bin/env python3
"""Property test of the serve transport's reply reading, run by
read_line_test.go:

    read_line_property.py ADAPTER_DIR CASES SEED

For CASES random streams of JSON reply lines whose text mixes 1- to 4-byte
UTF-8 characters, delivered in random chunks (cut anywhere, inside
characters too; several replies per chunk or one reply over many chunks)
through an io.BufferedReader of a random buffer size, as a pipe delivers
serve's stdout: transport.read_line must return exactly the lines written,
and transport._decode must turn each into the object written. With a cap
one byte under the longest line, the lines before it still come back and
that line raises PromptcError("oversize"). Prints one JSON object of
counts; exits 1 with the first counterexample.
"""

import io
import json
import random
import sys

if __name__ == "__main__":
    sys.path.insert(0, sys.argv[1])
from promptc_cowagent import transport  # noqa: E402

POOLS = [
    "aZ0 {\"\\\t",
    "éßжñω\u07ff",
    "€中文‘\u2028\uffff\u0800",
    "😀𝄞🚀\U0010ffff\U00010000",
]


class Chunks(io.RawIOBase):
    """A raw stream handing out the given chunks, at most one per read."""

    def __init__(self, parts):
        self.parts = [p for p in parts if p]
        self.i = self.off = 0

    def readable(self):
        return True

    def readinto(self, b):
        if self.i == len(self.parts):
            return 0
        part = self.parts[self.i]
        n = min(len(b), len(part) - self.off)
        b[:n] = part[self.off:self.off + n]
        self.off += n
        if self.off == len(part):
            self.i, self.off = self.i + 1, 0
        return n


def text(rng):
    n = 1000 + rng.randrange(20000) if rng.random() < 0.1 else rng.randrange(200)
    mix = [p for p in POOLS if rng.random() < 0.6] or [rng.choice(POOLS[1:])]
    return "".join(rng.choice(rng.choice(mix)) for _ in range(n))


def split(rng, buf):
    mode = rng.randrange(3)
    out, at = [], 0
    while at < len(buf):
        size = 1 + rng.randrange((4, 300, 70000)[mode])
        out.append(buf[at:at + size])
        at += size
    return out


def read_all(parts, rng, limit):
    stream = io.BufferedReader(Chunks(parts), buffer_size=rng.choice((1, 7, 64, 8192, 65536)))
    return list(iter(lambda: transport.read_line(stream, limit), b""))


def fail(message, **detail):
    print(json.dumps({"error": message, **detail}, ensure_ascii=False))
    sys.exit(1)


def main():
    cases, seed = int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    counts = {"cases": cases, "lines": 0, "bytes": 0, "chunks": 0, "cuts_inside_characters": 0, "cap_cases": 0}
    for c in range(cases):
        objs = [{"prompt": text(rng), "n": i} for i in range(1 + rng.randrange(6))]
        lines = [json.dumps(o, ensure_ascii=False).encode("utf-8") + b"\n" for o in objs]
        buf = b"".join(lines)
        parts = split(rng, buf)
        at = 0
        for p in parts:
            if 0 < at < len(buf) and buf[at] & 0xC0 == 0x80:
                counts["cuts_inside_characters"] += 1
            at += len(p)
        longest = max(len(l) - 1 for l in lines)
        got = read_all(parts, rng, longest)
        if got != lines:
            i = next((i for i, (g, w) in enumerate(zip(got, lines)) if g != w), min(len(got), len(lines)))
            fail("lines differ", case=c, seed=seed, line=i, sizes=[len(p) for p in parts][:40])
        for raw, want in zip(got, objs):
            if transport._decode(raw) != want:
                fail("decoded reply differs", case=c, seed=seed, want=want["prompt"][:80])
        counts["lines"] += len(lines)
        counts["bytes"] += len(buf)
        counts["chunks"] += len(parts)

        # The cap, one byte under the longest line: the lines before it come back, then it raises.
        if longest > 0:
            counts["cap_cases"] += 1
            first = next(i for i, l in enumerate(lines) if len(l) - 1 == longest)
            stream = io.BufferedReader(Chunks(parts), buffer_size=rng.choice((1, 7, 64, 8192, 65536)))
            for i in range(first):
                if transport.read_line(stream, longest - 1) != lines[i]:
                    fail("cap: a line under the cap differs", case=c, line=i)
            try:
                transport.read_line(stream, longest - 1)
            except transport.PromptcError as e:
                if e.kind != "oversize" or f"more than {longest - 1} bytes" not in str(e):
                    fail("cap: wrong error", case=c, kind=e.kind, message=str(e))
            else:
                fail("cap: a line over the cap was accepted", case=c, cap=longest - 1)
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
