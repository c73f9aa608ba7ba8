#!/usr/bin/env python3
"""Runs one CowAgent oracle case through CowAgent's real prompt code and
prints a JSON report; the Go test (../cowagent_test.go) compares reports.

    run_case.py --oracle ORACLE.py [--target i18n] [--turns N] [--set ATTR=JSON]...
                [--reference PROMPTC --conformance COWAGENT.py] CASE_DIR

The code is extracted and run by the shared oracle (imported as a module,
never edited): its run_case builds the Agent and calls
get_full_system_prompt. Whether promptc is involved depends only on the
interpreter: a Python whose site-packages holds the adapter's .pth line
has it installed before anything runs.

Two things are added around the oracle, neither touching CowAgent's code:
  * the oracle reduces os.environ to PATH/HOME/LANG during the build;
    PROMPTC_* variables are kept too, so the test can point the adapter at
    a promptc and its layers (CowAgent's code reads none of them);
  * --turns N > 1 makes the oracle's one call N calls on the same Agent
    (the method is wrapped after the adapter patched it) and reports every
    prompt; the oracle's "prompt" is the last;
  * --set ATTR=JSON sets an attribute of the Agent right after the oracle
    built it, for inputs a case.json cannot hold (e.g. a runtime_info whose
    _get_model is a string, not a callable; "__callable__:VALUE" in the
    JSON is a function returning VALUE).

--reference, for layer cases: after the run, still holding the oracle's
lock, the conformance harness's own mapping (build_plan, materialize) lays
the case out again and `PROMPTC build --pipeline cowagent@TARGET` runs on it, with
the same HOME (and so the same user layer). Its stdout is reported.

Report: {"oracle": <oracle output>, "adapter": promptc_cowagent.stats() or
null, "turns": [prompts] or null, "turn_seconds": [...], "reference":
{"status", "stdout", "stderr"} or null}.
"""

import argparse
import fcntl
import functools
import importlib.util
import json
import os
import sys
import tempfile
import time


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def keep_promptc_env(oracle):
    real = oracle.controlled_env
    keep = {k: v for k, v in os.environ.items() if k.startswith("PROMPTC_")}

    def controlled_env(extra):
        merged = dict(keep)
        merged.update(extra or {})
        return real(merged)

    oracle.controlled_env = controlled_env


def agent_class(oracle, target):
    """Imports CowAgent's Agent class before the oracle does (so the
    adapter, if installed, patches it now) and returns it."""
    _, git_dir, rev = oracle.resolve_source(target, None, None)
    src, _ = oracle.extract(git_dir, rev)
    sys.path.insert(0, src)
    from agent.protocol.agent import Agent
    return Agent


def wrap_turns(agent_cls, n, record):
    """Makes each get_full_system_prompt call n calls, timed."""
    method = agent_cls.get_full_system_prompt

    @functools.wraps(method)  # keeps the adapter's mark, so stats() still sees it patched
    def n_turns(self, skill_filter=None):
        # A turn the adapter refuses (PolicyRefused: a platform policy is in
        # force) is recorded as a None prompt and its message; after the
        # turns the last refusal is raised again, as CowAgent would see it.
        out, refused = None, None
        for _ in range(n):
            start = time.perf_counter()
            try:
                out, refused = method(self, skill_filter), None
            except Exception as e:
                if type(e).__name__ != "PolicyRefused":
                    raise
                out, refused = None, e
                record["refusals"].append(str(e))
            record["seconds"].append(time.perf_counter() - start)
            record["prompts"].append(out)
        if refused is not None:
            raise refused
        return out

    agent_cls.get_full_system_prompt = n_turns


def _value(v):
    if isinstance(v, str) and v.startswith("__callable__:"):
        result = v[len("__callable__:"):]
        return lambda: result
    if isinstance(v, dict):
        return {k: _value(x) for k, x in v.items()}
    return v


def set_attributes(agent_cls, settings):
    """Sets ATTR to the decoded JSON on every Agent after __init__."""
    init = agent_cls.__init__

    @functools.wraps(init)
    def __init__(self, *a, **k):
        init(self, *a, **k)
        for attr, value in settings:
            setattr(self, attr, _value(value))

    agent_cls.__init__ = __init__


def reference(conformance_path, case_dir, target, promptc):
    conf = load_module("cowagent_conformance", conformance_path)
    conf.PIPELINE = "cowagent@" + target  # the pipeline of the revision the case runs at
    case = conf.load_json(os.path.join(case_dir, "case.json"))
    _, exp = conf.find_expected(case_dir, target)
    home = os.environ["HOME"]
    plan = conf.build_plan(case, exp, home, os.environ.get("PATH", os.defpath))
    with tempfile.TemporaryDirectory(prefix="promptc-cowagent-ref-") as tmp:
        params_path = os.path.join(tmp, "params.json")
        with open(params_path, "w", encoding="utf-8") as f:
            json.dump(plan["params"], f, ensure_ascii=False)
        conf.materialize(plan)
        status, out, err, detail = conf.run_promptc(promptc, plan["cwd"], params_path, home)
    return {"status": status, "detail": detail, "stdout": out.decode("utf-8", "replace"),
            "stderr": err.decode("utf-8", "replace")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case_dir")
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--target", default="i18n")
    ap.add_argument("--turns", type=int, default=1)
    ap.add_argument("--set", action="append", default=[], metavar="ATTR=JSON")
    ap.add_argument("--reference", help="promptc binary for the layer reference build")
    ap.add_argument("--conformance", help="the conformance harness cowagent.py (with --reference)")
    args = ap.parse_args()

    oracle = load_module("cowagent_oracle", args.oracle)
    keep_promptc_env(oracle)
    record = {"prompts": [], "seconds": [], "refusals": []}
    os.makedirs(os.path.dirname(oracle.ORACLE_ROOT) or "/", exist_ok=True)
    with open(oracle.ORACLE_ROOT + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if args.turns > 1 or args.set:
            agent_cls = agent_class(oracle, args.target)
            if args.turns > 1:
                wrap_turns(agent_cls, args.turns, record)
            if args.set:
                set_attributes(agent_cls, [(a, json.loads(v)) for a, v in (x.split("=", 1) for x in args.set)])
        try:
            result = oracle.run_case(os.path.join(args.case_dir, "case.json"), args.target, None, None)
        except Exception as e:
            if type(e).__name__ != "PolicyRefused":
                raise
            result = {"entry": "agent", "refused": str(e)}
        ref = None
        if args.reference:
            ref = reference(args.conformance, args.case_dir, args.target, args.reference)

    adapter = None
    if "promptc_cowagent" in sys.modules:
        adapter = sys.modules["promptc_cowagent"].stats()
    report = {
        "oracle": result,
        "adapter": adapter,
        "turns": record["prompts"] if args.turns > 1 else None,
        "turn_seconds": record["seconds"],
        "refusals": record["refusals"],
        "reference": ref,
    }
    sys.stdout.write(json.dumps(report, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
