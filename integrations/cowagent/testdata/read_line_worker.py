#!/usr/bin/env python3
"""The fuzz worker of read_line_fuzz_test.go:

    read_line_worker.py ADAPTER_DIR

Reads one JSON request per line, {"data": base64, "sizes": [n, ...]}, and
answers one JSON line: {"buffers": {SIZE: [base64 line, ...]}}, the lines
transport.read_line returns for the data handed out in chunks of those
sizes through an io.BufferedReader of each SIZE (1, 7 and 8192); or
{"error": ...} when it raises.
"""

import base64
import io
import json
import sys
import traceback

sys.path.insert(0, sys.argv[1])
from read_line_property import Chunks  # noqa: E402
from promptc_cowagent import transport  # noqa: E402


def answer(line):
    try:
        req = json.loads(line)
        data = base64.b64decode(req.get("data") or "")
        parts, at = [], 0
        for n in req.get("sizes") or []:
            parts.append(data[at:at + n])
            at += n
        buffers = {}
        for size in (1, 7, 8192):
            stream = io.BufferedReader(Chunks(parts), buffer_size=size)
            lines = list(iter(lambda: transport.read_line(stream), b""))
            buffers[str(size)] = [base64.b64encode(l).decode() for l in lines]
        return {"buffers": buffers}
    except Exception:
        return {"error": traceback.format_exc()}


for line in sys.stdin:
    sys.stdout.write(json.dumps(answer(line)) + "\n")
    sys.stdout.flush()
