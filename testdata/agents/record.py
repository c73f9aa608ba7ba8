#!/usr/bin/env python3
"""record.py - record the instruction part(s) each real agent CLI sends, for every case.

Usage:
  AGENTS_DIR=/work/scratch/agents python3 testdata/agents/record.py [options] [AGENT[/CASE] ...]

  AGENT is a pipeline name: codex, claude-code, gemini-cli, opencode, copilot (default: all five).
  AGENT/CASE selects one case; a shell glob in CASE is allowed (codex/cx-cap-*).

Options:
  --check        record into a scratch dir and compare with the committed expected.json files
                 (exit 1 on any difference); nothing in the repository is written
  --out DIR      write captures to DIR/<agent>/<case>/expected.json instead of the case dirs
  --print        print each capture to stdout instead of writing it
  --full         also keep the whole request body in the capture under "request" (debugging)
  -j N           agents recorded in parallel (default 2; cases of one agent run one after another
                 because each agent's sandbox root is a fixed path)

Env:
  AGENTS_DIR     install root made by oracle/install.sh (required)
  AGENTS_WORK    scratch root (default /tmp/promptc-agents). Case <c> of agent <a> is materialised
                 at $AGENTS_WORK/<oracle-name>/ = <ROOT> (fs/ = tree, home/ = HOME, tmp/ = TMPDIR);
                 keep it fixed and free of symlinks: absolute paths end up in the prompts.
  AGENT_TIMEOUT  seconds per run (default 120)

How one case is run (see README.md for the case format):
  1. <ROOT> is wiped; tree/ is copied to <ROOT>/fs, home/ to <ROOT>/home (symlinks kept).
  2. every dir listed in `git` is `git init`ed (hermetic: GIT_CONFIG_NOSYSTEM=1, HOME=<ROOT>/home).
  3. the `setup` ops of case.json run in order (write / mkdir / symlink / chmod / gitfile).
  4. the agent runs once, non-interactively, from <ROOT>/fs/<cwd> (entered with `cd`, so a
     symlinked cwd keeps its logical $PWD), with HOME=<ROOT>/home, XDG_*_HOME under it,
     TMPDIR=<ROOT>/tmp, TZ=UTC, LANG=C.UTF-8 and the case's `env` and `args`, inside
     oracle/sandbox.sh (unshare -rn: loopback only) against oracle/fakeserver.py.
  5. the main turn request is picked from the server log, the instruction part(s) are cut out
     (exact extents: docs/agents/<agent>.md) and normalised (<ROOT>, <DATE>).
"""
import argparse
import base64
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(HERE, "oracle")
CASES = os.path.join(HERE, "cases")

# pipeline name -> (oracle name, npm package, how it is run)
AGENTS = {
    "codex": ("codex", "@openai/codex", "codex exec"),
    "claude-code": ("claude", "@anthropic-ai/claude-code", "claude -p"),
    "gemini-cli": ("gemini", "@google/gemini-cli", "gemini -m gemini-3.1-pro-preview -p"),
    "opencode": ("opencode", "opencode-ai", "opencode run"),
    "copilot": ("copilot", "@github/copilot", "copilot --model fake-model -p --allow-all-tools"),
}
# the part names each agent's capture always carries, in order
PART_NAMES = {
    "codex": ["agents_md"],
    "claude-code": ["claude_md"],
    "gemini-cli": ["system_memory", "session_memory"],
    "opencode": ["instructions"],
    "copilot": ["custom_instructions"],
}

DATE_RES = [
    r"\d{4}-\d{2}-\d{2}",
    r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, [A-Z][a-z]+ \d{1,2}, \d{4}",
    r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} \d{2} \d{4}",
]


def die(msg):
    print("record.py: " + msg, file=sys.stderr)
    sys.exit(2)


def version_of(agents_dir, oname, pkg):
    p = os.path.join(agents_dir, oname, "node_modules", pkg, "package.json")
    try:
        return json.load(open(p))["version"]
    except OSError:
        die("cannot read %s (run oracle/install.sh)" % p)


# ---------------------------------------------------------------- materialise

def force_rmtree(path):
    if not os.path.lexists(path):
        return
    for dp, dns, fns in os.walk(path):
        for d in dns:
            p = os.path.join(dp, d)
            if not os.path.islink(p):
                os.chmod(p, 0o755)
    shutil.rmtree(path)


def map_path(root, p):
    """tree/x -> <ROOT>/fs/x, home/x -> <ROOT>/home/x, root/x -> <ROOT>/x"""
    top, _, rest = p.partition("/")
    base = {"tree": "fs", "home": "home", "root": ""}.get(top)
    if base is None:
        die("setup path must start with tree/, home/ or root/: " + p)
    return os.path.join(root, base, rest) if base else os.path.join(root, rest)


def content_bytes(op):
    if "content_b64" in op:
        data = base64.b64decode(op["content_b64"])
    else:
        data = op.get("content", "").encode("utf-8")
    return data * int(op.get("repeat", 1))


def expand_root(data, op, root):
    """"expand": true replaces the token <ROOT> in the content with the sandbox root"""
    return data.replace(b"<ROOT>", root.encode()) if op.get("expand") else data


def apply_setup(root, ops):
    for op in ops:
        kind = op["op"]
        p = map_path(root, op["path"])
        if kind == "write":
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "wb") as f:
                f.write(expand_root(content_bytes(op), op, root))
        elif kind == "mkdir":
            os.makedirs(p, exist_ok=True)
        elif kind == "symlink":
            os.makedirs(os.path.dirname(p), exist_ok=True)
            target = op["target"].replace("<ROOT>", root)
            os.symlink(target, p)
        elif kind == "chmod":
            os.chmod(p, int(op["mode"], 8))
        elif kind == "git":
            # run git with the given args in the dir (hermetic env)
            subprocess.run(["git", "-c", "init.defaultBranch=main"] + op["args"], cwd=p, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=git_env(root))
        else:
            die("unknown setup op " + kind)


def git_env(root):
    env = dict(os.environ)
    env.update(HOME=os.path.join(root, "home"), GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="t",
               GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com",
               GIT_AUTHOR_DATE="2000-01-01T00:00:00Z", GIT_COMMITTER_DATE="2000-01-01T00:00:00Z")
    return env


def read_lines(path):
    if not os.path.isfile(path):
        return []
    return [l.rstrip("\n") for l in open(path, encoding="utf-8")]


def materialise(case_dir, root):
    force_rmtree(root)
    for d in ("fs", "home", "tmp"):
        os.makedirs(os.path.join(root, d))
    for src, dst in (("tree", "fs"), ("home", "home")):
        s = os.path.join(case_dir, src)
        if os.path.isdir(s):
            shutil.copytree(s, os.path.join(root, dst), symlinks=True, dirs_exist_ok=True)
    for d in read_lines(os.path.join(case_dir, "git")):
        if d.strip():
            p = os.path.join(root, "fs", d)
            os.makedirs(p, exist_ok=True)
            subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q", "."], cwd=p, check=True,
                           env=git_env(root))
    meta = json.load(open(os.path.join(case_dir, "case.json")))
    apply_setup(root, meta.get("setup", []))
    return meta


# ---------------------------------------------------------------- run

def run_case(agent, case_dir, agents_dir, work, timeout):
    oname = AGENTS[agent][0]
    root = os.path.join(work, oname)
    meta = materialise(case_dir, root)
    listing = listings(root) if meta.get("environment_specific") else None
    cwd_lines = read_lines(os.path.join(case_dir, "cwd"))
    cwd = os.path.join(root, "fs", cwd_lines[0] if cwd_lines and cwd_lines[0] else ".")
    os.makedirs(cwd, exist_ok=True)
    prompt_file = os.path.join(case_dir, "prompt")
    prompt = open(prompt_file, encoding="utf-8").read() if os.path.isfile(prompt_file) else "hi"
    log = os.path.join(work, oname + ".jsonl")
    if os.path.exists(log):
        os.remove(log)
    home = os.path.join(root, "home")
    env = {k: v for k, v in os.environ.items()
           if k not in ("CI", "GITHUB_ACTIONS", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY",
                        "GOOGLE_API_KEY", "CODEX_HOME", "CLAUDE_CONFIG_DIR", "PWD", "OLDPWD")
           and not k.startswith(("CLAUDE_CODE_", "OPENCODE_", "GEMINI_"))}
    env.update(HOME=home, TMPDIR=os.path.join(root, "tmp"), GIT_CONFIG_NOSYSTEM="1",
               XDG_CONFIG_HOME=home + "/.config", XDG_DATA_HOME=home + "/.local/share",
               XDG_CACHE_HOME=home + "/.cache", XDG_STATE_HOME=home + "/.local/state",
               TZ="UTC", LANG="C.UTF-8", TERM="dumb", NO_COLOR="1",
               AGENT=oname, PROMPT=prompt, AGENTS_DIR=agents_dir)
    for line in read_lines(os.path.join(case_dir, "env")):
        if line.strip() and not line.startswith("#"):
            k, _, v = line.partition("=")
            env[k] = v.replace("<ROOT>", root)
    args = [a.replace("<ROOT>", root) for a in read_lines(os.path.join(case_dir, "args"))]
    args_file = os.path.join(root, "tmp", ".agent-args")
    with open(args_file, "w") as f:
        f.write("".join(a + "\n" for a in args))
    env["AGENT_ARGS_FILE"] = args_file
    trace = os.path.join(work, oname + ".trace")
    for old in __import__("glob").glob(__import__("glob").escape(trace) + ".*"):
        os.remove(old)
    if agent == "codex":
        env["TRACE_FILE"] = trace
    script = 'cd "$1" || exit 97; shift; exec "$@"'
    with open(os.path.join(root, "tmp", ".stdout"), "wb") as out, open(os.path.join(root, "tmp", ".stderr"), "wb") as err:
        p = subprocess.run(["bash", "-c", script, "bash", cwd, os.path.join(ORACLE, "sandbox.sh"), log,
                            str(timeout), "--", "bash", os.path.join(ORACLE, "agent-cmd.sh")],
                           env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
    entries = [json.loads(l) for l in open(log, encoding="utf-8")] if os.path.exists(log) else []
    stderr = open(os.path.join(root, "tmp", ".stderr"), encoding="utf-8", errors="replace").read()
    opened = traced_files(trace, root) if agent == "codex" else None
    return meta, p.returncode, entries, stderr, root, opened, listing


def listings(root):
    """every directory of the materialised tree and HOME (not .git) -> its entry names in the order the
    file system lists them (os.listdir does not sort), before the agent runs; keys start with tree/ or home/"""
    out = {}
    for top, key in (("fs", "tree"), ("home", "home")):
        base = os.path.join(root, top)
        for dp, dns, fns in os.walk(base):
            dns[:] = [d for d in dns if d != ".git"]
            rel = os.path.relpath(dp, base)
            out[key if rel == "." else key + "/" + rel] = os.listdir(dp)
    return dict(sorted(out.items()))


def traced_files(trace, root):
    """files under <ROOT>/fs or <ROOT>/home that the traced process opened read-only with success, in
    first-open order (strace -ff -ttt: one file per thread, merged by timestamp); .git internals and
    Codex's own state under CODEX_HOME (sessions, skills, sqlite, json, toml, lock, tmp) are left out"""
    import glob
    files = glob.glob(glob.escape(trace) + ".*")
    if not files:
        return None
    pat = re.compile(r'^(\d+\.\d+) open(?:at)?\((?:[^,"]+, )?"((?:[^"\\]|\\.)*)", ([A-Z_|]+)[^)]*\) = (\d+)')
    events = []
    for fn in files:
        for line in open(fn, encoding="utf-8", errors="replace"):
            m = pat.match(line)
            if not m or "O_DIRECTORY" in m.group(3) or "O_RDONLY" not in m.group(3) or "O_CREAT" in m.group(3):
                continue
            path = m.group(2).encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1").decode("utf-8", "replace")
            events.append((float(m.group(1)), path))
    seen = []
    skip = ("/sessions/", "/shell_snapshots/", "/skills/", "/.tmp/", "/tmp/", "/log/", "/.git/")
    for _, path in sorted(events):
        if not path.startswith((root + "/fs/", root + "/home/")):
            continue
        rel = path[len(root):]
        if any(x in rel for x in skip) or rel.endswith((".toml", ".json", ".jsonl", ".sqlite", ".lock", "/.git")) \
                or os.path.isdir(path):
            continue
        if path not in seen:
            seen.append(path)
    return seen


# ---------------------------------------------------------------- extract

def main_request(agent, entries):
    posts = [e for e in entries if e.get("method") == "POST" and isinstance(e.get("body"), dict)]
    if agent == "gemini-cli":
        posts = [e for e in posts if "GenerateContent" in e["path"] and e["body"].get("tools")]
    else:
        posts = [e for e in posts if e["body"].get("tools")]
    return posts[0] if posts else None


def texts_with_pointers(content, base):
    if isinstance(content, str):
        return [(base, content)]
    out = []
    for i, p in enumerate(content or []):
        if isinstance(p, dict) and isinstance(p.get("text"), str):
            out.append(("%s/%d/text" % (base, i), p["text"]))
    return out


def part(name, field=None, text=None, start=None, end=None):
    """one instruction part; start/end are code-point offsets into the field's text"""
    if text is None or start is None:
        return {"name": name, "present": False, "text": "", "field": None}
    return {"name": name, "present": True, "field": field, "text": text[start:end],
            "before": text[max(0, start - 80):start], "after": text[end:end + 80]}


def extract_codex(b):
    hits = []
    for i, item in enumerate(b.get("input", [])):
        if item.get("role") != "user":
            continue
        for ptr, t in texts_with_pointers(item.get("content"), "/input/%d/content" % i):
            if t.startswith("# AGENTS.md instructions"):
                hits.append((ptr, t))
    if len(hits) > 1:
        raise ValueError("more than one AGENTS.md item")
    if not hits:
        return [part("agents_md")]
    ptr, t = hits[0]
    return [part("agents_md", ptr, t, 0, len(t))]


CLAUDE_MARK = "<system-reminder>\nCodebase and user instructions are shown below."


def extract_claude(b):
    hits = []
    for i, m in enumerate(b.get("messages", [])):
        if m.get("role") != "user":
            continue
        for ptr, t in texts_with_pointers(m.get("content"), "/messages/%d/content" % i):
            if t.startswith(CLAUDE_MARK):
                hits.append((ptr, t))
    if len(hits) > 1:
        raise ValueError("more than one CLAUDE.md reminder")
    if not hits:
        return [part("claude_md")]
    ptr, t = hits[0]
    return [part("claude_md", ptr, t, 0, len(t))]


def extract_gemini(b):
    out = []
    si = b.get("systemInstruction") or {}
    sys_parts = texts_with_pointers(si.get("parts"), "/systemInstruction/parts") if isinstance(si, dict) else []
    if len(sys_parts) != 1:
        raise ValueError("expected one systemInstruction part, got %d" % len(sys_parts))
    ptr, t = sys_parts[0]
    starts = [t.rfind("\n\n# Contextual Instructions ("), t.rfind("\n\n---\n\n<loaded_context>\n")]
    s = max(starts)
    if s >= 0 and t.endswith("</loaded_context>"):
        out.append(part("system_memory", ptr, t, s + 2, len(t)))
    elif s >= 0:
        raise ValueError("system memory does not end the system instruction")
    else:
        out.append(part("system_memory"))
    first = b["contents"][0]
    ptr, t = texts_with_pointers(first.get("parts"), "/contents/0/parts")[0]
    tail = "\n</session_context>"
    if not t.startswith("<session_context>\n") or not t.endswith(tail):
        raise ValueError("first user part is not a <session_context>")
    s = t.find("\n<loaded_context>\n")
    if s >= 0:
        out.append(part("session_memory", ptr, t, s, len(t) - len(tail)))
    else:
        out.append(part("session_memory"))
    return out


def extract_opencode(b):
    sysm = [(i, m) for i, m in enumerate(b.get("messages", [])) if m.get("role") == "system"]
    if len(sysm) != 1 or not isinstance(sysm[0][1].get("content"), str):
        raise ValueError("expected one system message with string content")
    i, m = sysm[0]
    t = m["content"]
    ptr = "/messages/%d/content" % i
    env_end = t.find("</env>\n")
    if env_end < 0:
        raise ValueError("no <env> block in the system message")
    s = env_end + len("</env>\n")
    if not t.startswith("Instructions from: ", s):
        return [part("instructions")]
    e = t.find("\nSkills provide specialized instructions and workflows", s)
    return [part("instructions", ptr, t, s, e if e >= 0 else len(t))]


def extract_copilot(b):
    """Copilot CLI: the system message from the first <custom_instruction> block to the end of the last
    one (docs/agents/copilot.md, CP-1)"""
    sysm = [(i, m) for i, m in enumerate(b.get("messages", [])) if m.get("role") == "system"]
    if len(sysm) != 1 or not isinstance(sysm[0][1].get("content"), str):
        raise ValueError("expected one system message with string content")
    i, m = sysm[0]
    t = m["content"]
    s = t.find(COPILOT_AFTER)
    e = t.find(COPILOT_BEFORE, s)
    if s < 0 or e < 0:
        raise ValueError("no </tools> ... <system_notifications> span in the system message")
    s += len(COPILOT_AFTER)
    if s == e:
        return [part("custom_instructions")]
    return [part("custom_instructions", "/messages/%d/content" % i, t, s, e)]


COPILOT_AFTER, COPILOT_BEFORE = "</tools>\n\n", "\n<system_notifications>"


CLAUDE_DESCS = ("project instructions, checked into the codebase", "user's private project instructions, not checked in",
                "user's private global instructions for all projects", "user's auto-memory, persists across conversations",
                "organization-managed policy instructions")


def loaded_files(agent, parts):
    t = "\n".join(p["text"] for p in parts if p["present"])
    if agent == "claude-code":
        alt = "|".join(re.escape(d) for d in CLAUDE_DESCS)
        return re.findall(r"(?:^|\n\n)Contents of (.+?) \((?:%s)\):\n\n" % alt, t)
    if agent == "gemini-cli":
        return re.findall(r"^--- Context from: (.*) ---$", t, re.M)
    if agent == "opencode":
        return re.findall(r"(?:^|\n)Instructions from: (.*)\n", t)
    return None  # codex names no file in the request


EXTRACT = {"codex": extract_codex, "claude-code": extract_claude, "gemini-cli": extract_gemini,
           "opencode": extract_opencode, "copilot": extract_copilot}


def normalize(obj, root):
    s = json.dumps(obj, ensure_ascii=False)
    s = s.replace(json.dumps(root)[1:-1], "<ROOT>")
    for r in DATE_RES:
        s = re.sub(r, "<DATE>", s)
    return json.loads(s)


def capture(agent, name, case_dir, agents_dir, work, timeout, full=False):
    oname, pkg, how = AGENTS[agent]
    meta, rc, entries, stderr, root, opened, listing = run_case(agent, case_dir, agents_dir, work, timeout)
    e = main_request(agent, entries)
    out = {"agent": agent, "cli": {"package": pkg, "version": version_of(agents_dir, oname, pkg), "run": how},
           "case": name, "version_specific": meta.get("version_specific"),
           "environment_specific": meta.get("environment_specific")}
    if e is None:
        out["error"] = "no main request (agent exit %d): %s" % (rc, stderr.strip()[-400:])
        out["parts"] = [part(n) for n in PART_NAMES[agent]]
        out["loaded_files"] = None
        return normalize(out, root)
    out["endpoint"] = e["path"]
    body = normalize(e["body"], root)  # before cutting, so the before/after context is root-independent
    parts = EXTRACT[agent](body)
    assert [p["name"] for p in parts] == PART_NAMES[agent]
    out["parts"] = parts
    out["loaded_files"] = loaded_files(agent, parts)
    if opened is not None:
        out["opened_files"] = opened
    if listing is not None:
        out["readdir"] = listing
    if full:
        out["request"] = body
        out["stderr"] = stderr
    return normalize(out, root)


def dump(obj):
    return json.dumps(obj, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


# ---------------------------------------------------------------- main

def select(specs):
    todo = {}
    agents = [s for s in specs] or list(AGENTS)
    for s in agents:
        a, _, c = s.partition("/")
        if a not in AGENTS:
            die("unknown agent %s (one of %s)" % (a, ", ".join(AGENTS)))
        d = os.path.join(CASES, a)
        names = sorted(n for n in os.listdir(d) if os.path.isfile(os.path.join(d, n, "case.json"))) if os.path.isdir(d) else []
        if c:
            names = [n for n in names if fnmatch.fnmatch(n, c)]
            if not names:
                die("no case matches " + s)
        todo.setdefault(a, [])
        todo[a] += [n for n in names if n not in todo[a]]
    return todo


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("specs", nargs="*")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--out")
    ap.add_argument("--print", action="store_true")
    ap.add_argument("--full", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args()
    agents_dir = os.environ.get("AGENTS_DIR") or die("set AGENTS_DIR to the install root (oracle/install.sh)")
    agents_dir = os.path.realpath(agents_dir)
    work = os.path.realpath(os.environ.get("AGENTS_WORK", "/tmp/promptc-agents"))
    os.makedirs(work, exist_ok=True)
    timeout = int(os.environ.get("AGENT_TIMEOUT", "120"))
    todo = select(a.specs)
    out_dir = a.out or (tempfile.mkdtemp(prefix="record-check-") if a.check else None)
    failures = []

    def do_agent(agent):
        res = []
        for name in todo[agent]:
            case_dir = os.path.join(CASES, agent, name)
            try:
                cap = capture(agent, name, case_dir, agents_dir, work, timeout, a.full)
            except Exception as ex:  # keep going; report at the end
                res.append((name, None, "%s: %s" % (type(ex).__name__, ex)))
                continue
            text = dump(cap)
            if a.print:
                sys.stdout.write(text)
            else:
                dest = os.path.join(out_dir, agent, name) if out_dir else case_dir
                os.makedirs(dest, exist_ok=True)
                with open(os.path.join(dest, "expected.json"), "w", encoding="utf-8") as f:
                    f.write(text)
            res.append((name, cap, cap.get("error")))
            print("%-12s %-40s %s" % (agent, name, "ERROR " + cap["error"] if cap.get("error") else "ok"),
                  file=sys.stderr, flush=True)
        return agent, res

    with ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
        results = list(ex.map(do_agent, list(todo)))
    for agent, res in results:
        for name, cap, err in res:
            if err:
                failures.append("%s/%s: %s" % (agent, name, err))
    if a.check:
        diffs = []
        for agent, res in results:
            for name, cap, err in res:
                new = os.path.join(out_dir, agent, name, "expected.json")
                old = os.path.join(CASES, agent, name, "expected.json")
                if not os.path.exists(new):
                    continue
                if not os.path.exists(old) or open(old, "rb").read() != open(new, "rb").read():
                    diffs.append("%s/%s" % (agent, name))
        print("check: %d captures compared, %d differ%s" % (sum(len(r) for _, r in results), len(diffs),
              (": " + ", ".join(diffs)) if diffs else ""), file=sys.stderr)
        print("check: new captures in " + out_dir, file=sys.stderr)
        if diffs:
            failures.append("differences")
    for f in failures:
        print("FAIL " + f, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
