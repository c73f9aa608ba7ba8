"""One turn of the patched Agent.get_full_system_prompt.

Contract: the return value is promptc's cowagent pipeline output for the
agent's current state, or, when promptc cannot give it, exactly what
CowAgent's own method returns (it is called). The method never raises
because of promptc, except when a platform policy is in force (policy.py:
`promptc policy` says on_failure block): then a turn promptc cannot give
raises PolicyRefused, saying why and how to fix it, and CowAgent's own
prompt, which would not carry the policy, is never used. An outage (promptc missing, failing, slow, or
replying with something that is not a Result) logs one warning on
CowAgent's logger when it starts and one info line when it ends; the
turns in between log at debug level. After a timeout promptc is not asked
again for retry_after seconds, so an outage of a slow promptc costs one
timeout, not one per turn; other failures are cheap and retried every turn.

What CowAgent does besides building the text is kept: the skill manager
is refreshed first (CowAgent's other parts read its skills and its
skills_config.json), and a BOOTSTRAP.md that the pipeline skipped because
onboarding is done is deleted, as CowAgent's load_context_files does.
"""

import inspect
import logging
import os
import threading
import time

from . import params as _params
from . import policy as _policy
from .transport import PromptcError

# The CowAgent revisions promptc reproduces, told apart by the signatures
# of the prompt code (not by git: an installed CowAgent has no history):
# revision i18n (bc256253), and head (f0783b11), whose PromptBuilder.build
# takes the session's project dir and permission mode and whose Agent()
# takes skip_context_files (sub agents). Any other revision builds a
# different prompt (older ones lack the response-language section), so the
# adapter stays out of the way there.
_I18N_BUILD_PARAMS = {"self", "base_persona", "user_identity", "tools", "context_files",
                      "skill_manager", "memory_manager", "runtime_info", "kwargs"}
_I18N_AGENT_PARAMS = {"self", "system_prompt", "description", "model", "tools", "output_mode",
                      "max_steps", "max_context_tokens", "context_reserve_tokens", "memory_manager",
                      "name", "workspace_dir", "skill_manager", "enable_skills", "runtime_info"}
_HEAD_BUILD_PARAMS = _I18N_BUILD_PARAMS | {"project_dir", "permission_mode"}
_HEAD_AGENT_PARAMS = _I18N_AGENT_PARAMS | {"skip_context_files"}
_HEAD_AGENT_METHODS = ("effective_permission_mode", "apply_project_dir")

# The built-in pipeline of each revision.
PIPELINES = {"i18n": "cowagent@i18n", "head": "cowagent@head"}

# workspacefiles.ReasonModified: the pipeline skipped a file because a
# watched file was edited; for BOOTSTRAP.md that is CowAgent's "onboarding
# done", where it deletes the file.
_REASON_MODIFIED = "a watched file is modified"


def logger():
    """CowAgent's logger (common.log.logger), else a stdlib logger."""
    try:
        from common.log import logger as cow_logger
        return cow_logger
    except Exception:
        return logging.getLogger("promptc_cowagent")


def check_revision(agent_cls):
    """(revision, "") when agent_cls and CowAgent's PromptBuilder are those
    of a revision promptc reproduces ("i18n" or "head"), else ("", why
    not)."""
    try:
        import agent.prompt.builder as builder
        build = set(inspect.signature(builder.PromptBuilder.build).parameters)
        init = set(inspect.signature(agent_cls.__init__).parameters)
    except Exception as e:
        return "", f"cannot inspect CowAgent's prompt code: {e}"
    if not hasattr(builder, "_build_response_language_section"):
        return "", "this revision has no response-language section"
    if build == _I18N_BUILD_PARAMS and init == _I18N_AGENT_PARAMS:
        return "i18n", ""
    if (build == _HEAD_BUILD_PARAMS and init == _HEAD_AGENT_PARAMS
            and all(callable(getattr(agent_cls, m, None)) for m in _HEAD_AGENT_METHODS)):
        return "head", ""
    if build not in (_I18N_BUILD_PARAMS, _HEAD_BUILD_PARAMS):
        return "", f"PromptBuilder.build takes {sorted(build - {'self'})}"
    return "", f"Agent() takes {sorted(init - {'self'})}"


def _cloud_block(workspace_dir):
    """Lines of CowAgent's cloud-website block (empty for a local
    deployment); the pipeline has no such block."""
    try:
        import agent.prompt.builder as builder
        fn = getattr(builder, "_build_cloud_website_section", None)
        return fn(workspace_dir or "") if fn else []
    except Exception:
        return []


class Adapter:
    """The state shared by every Agent of the process: the transport, the
    outage flag and counters (for tests and operators: stats())."""

    def __init__(self, transport, pipeline=None, retry_after=30.0):
        """pipeline None: the built-in pipeline of the revision CowAgent is
        at (PIPELINES), chosen on the first turn."""
        self.transport = transport
        self.pipeline = pipeline
        self.retry_after = retry_after
        self._quiet_until = 0.0  # monotonic time before which promptc is not asked (after a timeout)
        self._lock = threading.Lock()
        self._revision = None  # None: not checked yet; "" compatible; else why not
        self.revision = ""     # the revision found: "i18n" or "head"
        self._outage = None    # reason of the current outage, None when healthy
        self._unexpressible = set()  # reasons already warned about
        self.counts = {"promptc": 0, "fallback": 0, "cowagent_failed": 0, "not_expressible": 0,
                       "other_revision": 0, "refused": 0}
        self._policy = None
        self._policy_asked = False

    def stats(self):
        with self._lock:
            return dict(self.counts, transport=self.transport.name, outage=self._outage,
                        revision=self.revision or None, pipeline=self.pipeline,
                        not_used=self._revision or None)

    def _count(self, key):
        with self._lock:
            self.counts[key] += 1

    def _blocking_policy(self):
        """The policy in force when it blocks (policy.py), else None; asked
        once per adapter."""
        with self._lock:
            asked, self._policy_asked = self._policy_asked, True
        if not asked:
            self._policy = _policy.query(getattr(self.transport, "binary", None), getattr(self.transport, "timeout", 3.0))
        return self._policy if _policy.blocking(self._policy) else None

    def _refuse_or(self, reason):
        """With a blocking policy, raises its PolicyRefused for reason
        (counted as refused); otherwise returns, and the caller falls back."""
        p = self._blocking_policy()
        if p is None:
            return
        self._count("refused")
        err = _policy.refusal(p, reason)
        logger().error(str(err))
        raise err

    def turn(self, agent, original, skill_filter):
        # The policy is asked on the first turn, whatever happens next, so
        # that a later outage finds it kept.
        self._blocking_policy()
        if self._revision is None:
            self.revision, self._revision = check_revision(type(agent))
            if self._revision:
                logger().warning(f"[promptc] not used: promptc's cowagent pipelines reproduce CowAgent "
                                 f"revisions {', '.join(PIPELINES)}, and {self._revision}; "
                                 "CowAgent builds its own prompt")
            elif self.pipeline is None:
                self.pipeline = PIPELINES[self.revision]
        if self._revision:
            self._refuse_or(f"promptc's cowagent pipelines do not reproduce this CowAgent ({self._revision})")
            self._count("other_revision")
            return original(agent, skill_filter)
        # CowAgent's own per-turn state first. When it fails, CowAgent's
        # method fails the same way and returns its cached prompt.
        if agent.skill_manager:
            try:
                agent.skill_manager.refresh_skills()
            except Exception:
                self._count("cowagent_failed")
                return original(agent, skill_filter)
        try:
            params = _params.from_agent(agent, self.revision)
            if _cloud_block(agent.workspace_dir):
                raise _params.NotExpressible("this is a cloud deployment (its prompt has the websites block)")
            cwd = os.getcwd()
        except _params.NotExpressible as e:
            self._refuse_or(f"the cowagent pipeline cannot say this turn's inputs: {e}")
            self._not_expressible(e)
            return original(agent, skill_filter)
        except Exception as e:  # a bug of ours, or no cwd: never break the agent (unless policy holds)
            err = PromptcError("internal", f"cannot read this turn's inputs: {type(e).__name__}: {e}")
            self._refuse_or(str(err))
            self._failed(err)
            return original(agent, skill_filter)
        if time.monotonic() < self._quiet_until:
            self._refuse_or(f"promptc is not asked after a timeout: {self._outage}")
            self._count("fallback")
            logger().debug(f"[promptc] not asked after a timeout: {self._outage}")
            return original(agent, skill_filter)
        try:
            result = self.transport.build(self.pipeline, params, cwd)
        except PromptcError as e:
            self._refuse_or(str(e))
            self._failed(e)
            return original(agent, skill_filter)
        except Exception as e:  # a bug of ours must not break the agent either (unless policy holds)
            err = PromptcError("internal", f"{type(e).__name__}: {e}")
            self._refuse_or(str(err))
            self._failed(err)
            return original(agent, skill_filter)
        self._recovered()
        self._count("promptc")
        if result.get("fallback"):
            logger().warning("[promptc] Failed to rebuild system prompt, using cached version: "
                             + _first_error(result))
        _remove_done_bootstrap(result, params["workspace_dir"])
        return result["prompt"]

    def _not_expressible(self, err):
        reason = str(err)
        with self._lock:
            self.counts["not_expressible"] += 1
            first = reason not in self._unexpressible
            self._unexpressible.add(reason)
        if first:
            logger().warning(f"[promptc] not used while {reason}: the cowagent pipeline's params cannot "
                             "say it, so CowAgent builds the prompt itself")
        else:
            logger().debug(f"[promptc] CowAgent builds this turn's prompt itself: {reason}")

    def _failed(self, err):
        with self._lock:
            first = self._outage is None
            self._outage = str(err)
            self.counts["fallback"] += 1
            if err.kind == "timeout":
                self._quiet_until = time.monotonic() + self.retry_after
        log = logger()
        if first:
            log.warning(f"[promptc] {err}; CowAgent builds its own prompt until promptc works again")
        else:
            log.debug(f"[promptc] still failing: {err}")

    def _recovered(self):
        with self._lock:
            was, self._outage = self._outage, None
        if was is not None:
            logger().info("[promptc] promptc works again; the prompt is promptc's")


def _first_error(result):
    for d in result.get("diagnostics") or []:
        if isinstance(d, dict) and d.get("severity") == "error":
            return str(d.get("message", ""))
    return "the cowagent pipeline fell back"


def _remove_done_bootstrap(result, workspace_dir):
    if not workspace_dir:
        return
    target = os.path.abspath(os.path.join(workspace_dir, "BOOTSTRAP.md"))
    for src in result.get("sources") or []:
        if not isinstance(src, dict) or src.get("kind") != "workspace_files":
            continue
        for ex in src.get("excluded") or []:
            if (isinstance(ex, dict) and ex.get("reason") == _REASON_MODIFIED
                    and os.path.abspath(str(ex.get("path", ""))) == target):
                try:
                    os.remove(target)
                    logger().info("[Workspace] Auto-removed BOOTSTRAP.md (onboarding already complete)")
                except OSError:
                    pass
                return
