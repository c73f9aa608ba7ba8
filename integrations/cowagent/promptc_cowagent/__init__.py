"""promptc inside CowAgent: Agent.get_full_system_prompt returns promptc's
output every turn, with the agent's own inputs and the pipeline of the
CowAgent revision it runs in (cowagent@i18n or cowagent@head, told by the
signatures of CowAgent's prompt code).

Install it with one line in the Python environment that runs CowAgent, a
.pth file in its site-packages (see integrations/cowagent/README.md):

    import sys; sys.path.append("/path/to/integrations/cowagent"); import promptc_cowagent; promptc_cowagent.install()

or call install() yourself before CowAgent builds its first prompt.

Settings (arguments of install(), else the environment when install() runs):

    PROMPTC_BIN                the promptc executable (default: promptc on PATH, looked up per turn)
    PROMPTC_TRANSPORT          serve (one `promptc serve --stdio` child, the default) or cli (a `promptc build` per turn)
    PROMPTC_TIMEOUT            seconds a turn may take before CowAgent's own builder is used (default 3)
    PROMPTC_RETRY_AFTER        seconds promptc is not asked after a timeout (default 30)
    PROMPTC_COWAGENT_PIPELINE  pipeline name or file (default: cowagent@i18n or cowagent@head, the
                               one of the revision CowAgent is at); its params must be that one's

    PROMPTC_POLICY_CACHE       where the last `promptc policy` answer is kept (default
                               $XDG_CACHE_HOME/promptc/cowagent-policy.json)

Contract: without a platform policy in force the patched method never
raises because of promptc: on any promptc failure it returns what
CowAgent's own method returns, and logs one warning per outage on
CowAgent's logger. With one (`promptc policy` says on_failure block: a
layer holds a locked or required section) a turn promptc cannot give
raises policy.PolicyRefused instead, saying why, the policy and how to fix
it; CowAgent's own prompt, which would not carry the policy, is never
returned (policy.py).
"""

import os
import sys
import threading

from . import hook, transport
from .turn import Adapter

__all__ = ["install", "uninstall", "installed", "stats"]

_adapter = None
_finder = None
_lock = threading.Lock()


def _current():
    return _adapter


def _seconds(value, env, default):
    if value is None:
        value = os.environ.get(env) or default
    value = float(value)
    if not value >= 0:
        raise ValueError(f"{env} must be a number of seconds >= 0, got {value}")
    return value


def install(binary=None, transport_name=None, timeout=None, pipeline=None, retry_after=None):
    """Makes Agent.get_full_system_prompt promptc's, now if CowAgent's
    agent.protocol.agent is imported, else as soon as it is. Calling it
    again replaces the settings. Raises ValueError for a bad setting (an
    unknown transport, a time that is not a number of seconds)."""
    global _adapter, _finder
    binary = binary or os.environ.get("PROMPTC_BIN") or None
    transport_name = transport_name or os.environ.get("PROMPTC_TRANSPORT") or "serve"
    timeout = _seconds(timeout, "PROMPTC_TIMEOUT", transport.DEFAULT_TIMEOUT)
    if timeout == 0:
        raise ValueError("PROMPTC_TIMEOUT must be positive")
    retry_after = _seconds(retry_after, "PROMPTC_RETRY_AFTER", 30.0)
    pipeline = pipeline or os.environ.get("PROMPTC_COWAGENT_PIPELINE") or None
    new = Adapter(transport.make(transport_name, binary, timeout), pipeline, retry_after)
    with _lock:
        old, _adapter = _adapter, new
        if _finder is None:
            _finder = hook.Finder(_current)
            sys.meta_path.insert(0, _finder)
        module = sys.modules.get(hook.MODULE)
        if module is not None:
            hook.patch_module(module, _current)
    if old is not None:
        old.transport.close()


def uninstall():
    """Restores CowAgent's own method and stops a serve child."""
    global _adapter, _finder
    with _lock:
        old, _adapter = _adapter, None
        if _finder is not None:
            try:
                sys.meta_path.remove(_finder)
            except ValueError:
                pass
            _finder = None
        module = sys.modules.get(hook.MODULE)
        if module is not None:
            hook.unpatch_module(module)
    if old is not None:
        old.transport.close()


def installed():
    """Whether install() is in effect (the class may not be imported yet)."""
    return _adapter is not None


def stats():
    """Counters of this process's turns: "promptc" (prompts promptc gave),
    "fallback" (promptc failed, CowAgent's builder ran), "refused" (promptc
    failed with a policy in force: PolicyRefused), "cowagent_failed"
    (CowAgent's skill refresh raised, its method ran), "not_expressible",
    "other_revision"; plus the transport, the current outage, the revision
    found ("i18n", "head"; None before the first turn or at another), the
    pipeline run, why not used (not_used) and whether the method is
    patched. None when not installed."""
    a = _adapter
    if a is None:
        return None
    return dict(a.stats(), patched=hook.is_patched())
