"""Whether a platform policy is in force: `promptc policy --json`, read by
promptc from the system and user layers alone (nothing is compiled, so it
answers when a build fails).

Contract: query() asks promptc once and keeps the answer in
$PROMPTC_POLICY_CACHE, else $XDG_CACHE_HOME/promptc/cowagent-policy.json
(default ~/.cache); when
promptc cannot answer (missing, slow, failing) the last kept answer
stands, and with none the policy is unknown (None): the fallback of old.
A policy whose on_failure is "block" (a layer holds a locked or required
section, or sets on_failure: block) makes every turn whose prompt promptc
cannot give raise PolicyRefused instead of running CowAgent's own
builder: the turn fails, no model call is made, and the message says why,
the policy and how to fix it.
"""

import json
import os
import subprocess

from .transport import PromptcError, _communicate, resolve_binary

# The most bytes `promptc policy --json` may reply; a larger reply is a failure.
MAX_POLICY_BYTES = 1 << 20


class PolicyRefused(RuntimeError):
    """A turn refused because a platform policy is in force and promptc
    could not give the prompt that carries it."""


def cache_path():
    """$PROMPTC_POLICY_CACHE, else $XDG_CACHE_HOME/promptc/cowagent-policy.json."""
    if os.environ.get("PROMPTC_POLICY_CACHE"):
        return os.environ["PROMPTC_POLICY_CACHE"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "promptc", "cowagent-policy.json")


def _valid(p):
    return isinstance(p, dict) and p.get("on_failure") in ("block", "fallback") and isinstance(p.get("sections"), list)


def _load():
    try:
        with open(cache_path(), encoding="utf-8") as f:
            p = json.load(f)
        return p if _valid(p) else None
    except (OSError, ValueError):
        return None


def _save(p):
    path = cache_path()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(p, f)
        os.replace(tmp, path)
    except OSError:
        pass


def query(configured_binary, timeout):
    """The policy promptc reports (a dict), else the last one kept, else None."""
    try:
        exe = resolve_binary(configured_binary)
        proc = subprocess.Popen([exe, "policy", "--json"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
        out, _ = _communicate(proc, b"", timeout, limit=MAX_POLICY_BYTES)
        if proc.returncode == 0:
            p = json.loads(out)
            if _valid(p):
                _save(p)
                return p
    except (PromptcError, OSError, subprocess.TimeoutExpired, ValueError):
        pass
    return _load()


def blocking(p):
    return p is not None and p.get("on_failure") == "block"


def describe(p):
    parts = []
    for s in p.get("sections") or []:
        if isinstance(s, dict):
            parts.append(f"{s.get('id')} ({'locked' if s.get('locked') else 'required'} by {s.get('at')})")
    for u in p.get("unreadable") or []:
        if isinstance(u, dict):
            parts.append(f"unreadable layer {u.get('path')}")
    by = f"on_failure: block at {p['on_failure_by']}" if p.get("on_failure_by") else "on_failure: block"
    return "; ".join([", ".join(parts), by]) if parts else by


def refusal(p, reason):
    """The PolicyRefused of a turn that failed for reason under policy p."""
    return PolicyRefused(f"[promptc] this turn is refused: {reason}. A platform policy is in force "
                         f"({describe(p)}) and CowAgent's own prompt would not carry it; to fix: "
                         "run `promptc build --pipeline cowagent` in this directory to see the error, "
                         "install promptc or set PROMPTC_BIN, or raise PROMPTC_TIMEOUT")
