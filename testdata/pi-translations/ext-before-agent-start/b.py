#!/usr/bin/env python3
"""b.js of the ext-before-agent-start oracle case, as an exec transform.

It reads promptc's request (schema/exec.schema.json) on standard input:
the expanded input, the prompt so far and systemPromptOptions (the base
build), and answers as the handler returns.
"""
import json
import sys

req = json.load(sys.stdin)
if "boom" in req["prompt"]:
    sys.exit("B exploded")  # a throwing handler: exit status 1
opts = req["systemPromptOptions"]
base = "custom" if opts.get("customPrompt") else "default"
json.dump({
    "systemPrompt": req["systemPrompt"] + "\n[B] base=" + base + " tools=" + ",".join(opts["selectedTools"]),
    "message": {"customType": "ext-b", "content": "B injected context", "display": False},
}, sys.stdout)
