#!/usr/bin/env python3
"""mkcases.py - (re)generate every case dir under testdata/agents/cases/<agent>/<case>/.

    python3 testdata/agents/mkcases.py            # all agents
    python3 testdata/agents/mkcases.py codex      # one agent

Each case dir gets tree/, home/, cwd, git, case.json and, when used, prompt, env, args (format:
README.md). Bytes git could mangle or cannot hold (CR, BOM, invalid UTF-8, symlinks, empty dirs,
files named .git, modes, big files) are not written as files: they become `setup` ops in
case.json, which record.py (and a harness) applies after copying tree/ and home/.
An existing expected.json is kept; case dirs that are no longer defined are removed.
"""
import base64
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")
DEFINED = {}  # agent -> {name: spec}
AGENT_PREFIX = {"codex": "CX", "claude-code": "CC", "gemini-cli": "GM", "opencode": "OC", "copilot": "CP"}


def case(agent, name, description, rules, files=None, git=(), cwd=".", env=None, args=(), prompt=None,
         setup=(), version_specific=None, environment_specific=None):
    """files: {"tree/..." | "home/...": str | bytes}. Plain UTF-8 text without CR or BOM becomes a real
    file; anything else becomes a `write` setup op (content or content_b64)."""
    assert agent in AGENT_PREFIX, agent
    assert name not in DEFINED.setdefault(agent, {}), name
    for r in rules:
        assert r.startswith(AGENT_PREFIX[agent] + "-"), (name, r)
    DEFINED[agent][name] = dict(description=description, rules=list(rules), files=files or {}, git=list(git),
                                cwd=cwd, env=env or {}, args=list(args), prompt=prompt, setup=list(setup),
                                version_specific=version_specific, environment_specific=environment_specific)


def plain(data):
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if "\r" in data or "\ufeff" in data or data.startswith("\ufeff"):
        return None
    return data


def write_op(path, data):
    if isinstance(data, bytes):
        try:
            return {"op": "write", "path": path, "content": data.decode("utf-8")}
        except UnicodeDecodeError:
            return {"op": "write", "path": path, "content_b64": base64.b64encode(data).decode()}
    return {"op": "write", "path": path, "content": data}


# setup op helpers (paths start with tree/, home/ or root/; root/ is the sandbox root <ROOT>,
# the parent of tree (fs/) and home)
def symlink(path, target):
    return {"op": "symlink", "path": path, "target": target}


def mkdir(path):
    return {"op": "mkdir", "path": path}


def write(path, content, repeat=None, expand=False):
    op = write_op(path, content)
    if repeat:
        op["repeat"] = repeat
    if expand:
        op["expand"] = True
    return op


def gitcmd(path, *args):
    return {"op": "git", "path": path, "args": list(args)}


def emit(agent, name, spec):
    d = os.path.join(CASES, agent, name)
    keep = None
    exp = os.path.join(d, "expected.json")
    if os.path.exists(exp):
        keep = open(exp, "rb").read()
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(os.path.join(d, "tree"))
    setup = []
    for p, data in sorted(spec["files"].items()):
        assert p.startswith(("tree/", "home/")), p
        text = plain(data)
        if text is None:
            setup.append(write_op(p, data))
            continue
        fp = os.path.join(d, p)
        os.makedirs(os.path.dirname(fp), exist_ok=True)
        with open(fp, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    setup += spec["setup"]
    with open(os.path.join(d, "cwd"), "w") as f:
        f.write(spec["cwd"] + "\n")
    with open(os.path.join(d, "git"), "w") as f:
        f.write("".join(g + "\n" for g in spec["git"]))
    if spec["env"]:
        with open(os.path.join(d, "env"), "w") as f:
            f.write("".join("%s=%s\n" % kv for kv in spec["env"].items()))
    if spec["args"]:
        with open(os.path.join(d, "args"), "w") as f:
            f.write("".join(a + "\n" for a in spec["args"]))
    if spec["prompt"] is not None:
        with open(os.path.join(d, "prompt"), "w") as f:
            f.write(spec["prompt"])
    meta = {"agent": agent, "description": spec["description"], "rules": spec["rules"],
            "version_specific": spec["version_specific"], "environment_specific": spec["environment_specific"],
            "setup": setup}
    with open(os.path.join(d, "case.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(meta, ensure_ascii=False, indent=1) + "\n")
    if keep is not None:
        with open(exp, "wb") as f:
            f.write(keep)


def main():
    only = sys.argv[1:] or list(AGENT_PREFIX)
    for agent in only:
        if agent not in DEFINED:
            sys.exit("no cases for " + agent)
        adir = os.path.join(CASES, agent)
        os.makedirs(adir, exist_ok=True)
        for stale in sorted(set(os.listdir(adir)) - set(DEFINED[agent])):
            shutil.rmtree(os.path.join(adir, stale))
        for name, spec in sorted(DEFINED[agent].items()):
            emit(agent, name, spec)
        print("%-12s %3d cases" % (agent, len(DEFINED[agent])))


# ============================================================================ shared content

def big_lines(prefix, n, width=60):
    """n lines of exactly `width` bytes (newline included)"""
    return "".join(("%s %05d " % (prefix, i)).ljust(width - 1, "x") + "\n" for i in range(n))


GEMINI_SETTINGS = {"privacy": {"usageStatisticsEnabled": False}, "telemetry": {"enabled": False},
                   "general": {"disableAutoUpdate": True, "disableUpdateNag": True},
                   "security": {"auth": {"selectedType": "gemini-api-key"}}}


def gemini_settings(**context):
    s = json.loads(json.dumps(GEMINI_SETTINGS))
    if context:
        s["context"] = context
    return json.dumps(s, indent=1) + "\n"


exec(open(os.path.join(HERE, "cases_codex.py")).read())
exec(open(os.path.join(HERE, "cases_claude.py")).read())
exec(open(os.path.join(HERE, "cases_gemini.py")).read())
exec(open(os.path.join(HERE, "cases_opencode.py")).read())
exec(open(os.path.join(HERE, "cases_copilot.py")).read())

if __name__ == "__main__":
    main()
