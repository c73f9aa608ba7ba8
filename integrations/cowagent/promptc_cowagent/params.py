"""The params of promptc's cowagent pipelines, read from a live CowAgent
Agent the way Agent.get_full_system_prompt (revision i18n or head) reads
them.

Each param is what CowAgent's own builder would test or print for the
same turn (the contract is ../../shared/conformance/cowagent.md, section
4): truthiness where CowAgent tests truthiness, str() where it formats a
value into the prompt, and the two runtime callables called now, their
results (or the exception they raised) passed instead. Anything the
params cannot say raises NotExpressible, and the adapter then lets
CowAgent build the prompt itself.
"""

import os


class NotExpressible(Exception):
    """This turn's inputs have no faithful params; str(err) completes "not
    used while …" (e.g. "runtime_info is a list, not a dict")."""


# The runtime_info keys CowAgent's _build_runtime_section reads besides the
# two callables; their values are formatted with f-strings and tested for
# truthiness, so each becomes str(value) when truthy and "" when not.
_RUNTIME_TEXT_KEYS = ("current_time", "weekday", "timezone", "model", "workspace", "channel")
_TIME_FIELDS = ("time", "weekday", "timezone")


def language():
    """common.i18n.get_language(), "zh" when that fails (as CowAgent does)."""
    try:
        from common import i18n
        return i18n.get_language()
    except Exception:
        return "zh"


def knowledge():
    """conf().get("knowledge", True), as PromptBuilder tests it."""
    try:
        from config import conf
        return bool(conf().get("knowledge", True))
    except Exception as e:
        raise NotExpressible(f"conf().get('knowledge') raises {e!r}") from None


def today():
    """datetime.now()'s date, looked up when called (as the memory section
    does), so the process's clock and time zone decide it."""
    from datetime import datetime
    return datetime.now().strftime("%Y-%m-%d")


def tool_names(tools):
    """Names as the builder reads them: tool.name, else str(tool)."""
    names = []
    for tool in tools or []:
        name = tool.name if hasattr(tool, "name") else str(tool)
        if not isinstance(name, str):
            raise NotExpressible(f"tool name {name!r} is not a string")
        names.append(name)
    return names


def skills(skill_manager):
    """None without a (truthy) skill manager; else its two dirs and the
    process environment its requirement checks read (os.environ, PATH for
    shutil.which)."""
    if not skill_manager:
        return None
    try:
        builtin_dir, custom_dir = skill_manager.builtin_dir, skill_manager.custom_dir
    except AttributeError as e:
        raise NotExpressible(f"skill manager has no builtin_dir/custom_dir: {e}") from None
    return {
        "builtin_dir": None if builtin_dir is None else os.fspath(builtin_dir),
        "custom_dir": os.fspath(custom_dir),
        "env": dict(os.environ),
    }


def _text(value):
    return str(value) if value else ""


def _call_time(fn):
    try:
        info = fn()
        return {k: str(info[k]) for k in _TIME_FIELDS}
    except Exception as e:
        # CowAgent logs the failure and omits the time line; a Result
        # missing one of the three keys would do the same, "raise" says it.
        return {"raise": str(e) or type(e).__name__}


def _call_model(fn):
    try:
        return str(fn())
    except Exception as e:
        return {"raise": str(e) or type(e).__name__}


def runtime_info(info):
    """None when falsy (no section); else the dict with the callables
    replaced by what they return now. Keys CowAgent ignores are kept (a
    dict of only ignored keys still prints the heading), with non-JSON
    values as str()."""
    if not info:
        return None
    if not isinstance(info, dict):
        raise NotExpressible(f"runtime_info is a {type(info).__name__}, not a dict")
    out = {}
    for key, value in info.items():
        if not isinstance(key, str):
            raise NotExpressible(f"runtime_info key {key!r} is not a string")
        if key in ("_get_current_time", "_get_model"):
            if value is None:
                out[key] = None
            elif not callable(value):
                # CowAgent then reads the static keys; the params would
                # read a non-null value as dynamic.
                raise NotExpressible(f"runtime_info[{key!r}] is set but not callable")
            else:
                out[key] = _call_time(value) if key == "_get_current_time" else _call_model(value)
        elif key in _RUNTIME_TEXT_KEYS:
            out[key] = _text(value)
        elif value is None or isinstance(value, (str, int, float, bool)):
            out[key] = value
        else:
            out[key] = str(value)
    return out


def available(tools):
    """The tools head's get_full_system_prompt offers this turn: those
    whose is_tool_available(tool) holds (CowAgent's own check)."""
    try:
        from agent.tools.base_tool import is_tool_available
    except Exception as e:
        raise NotExpressible(f"agent.tools.base_tool.is_tool_available cannot be imported: {e!r}") from None
    return [tool for tool in tools or [] if is_tool_available(tool)]


def head_inputs(agent):
    """cowagent@head's params for head's own Agent state: the project dir
    apply_project_dir settled on (already real and never the workspace),
    the permission mode in force, and whether context files are skipped."""
    try:
        mode = agent.effective_permission_mode()
    except Exception as e:
        raise NotExpressible(f"effective_permission_mode() raises {e!r}") from None
    if not isinstance(mode, str):
        raise NotExpressible(f"the permission mode is a {type(mode).__name__}, not a string")
    project = agent.project_dir
    return {
        "project_dir": os.fspath(project) if project else "",
        "permission_mode": mode,
        "skip_context_files": bool(agent.skip_context_files),
    }


def from_agent(agent, revision="i18n"):
    """The params of the pipeline of revision ("i18n" or "head") for this
    turn of agent."""
    ws = agent.workspace_dir
    suffix = agent.extra_system_suffix
    cached = agent.system_prompt
    tools = available(agent.tools) if revision == "head" else agent.tools
    out = {
        "language": language(),
        "workspace_dir": os.fspath(ws) if ws else None,
        "tools": tool_names(tools),
        "memory_manager": bool(agent.memory_manager),
        "knowledge": knowledge(),
        "skills": skills(agent.skill_manager),
        "runtime_info": runtime_info(agent.runtime_info),
        "extra_system_suffix": str(suffix) if suffix else "",
        "today": today(),
        # What CowAgent returns when its rebuild raises; a non-str cannot be
        # said, and then a failed build is an error and CowAgent decides.
        "fallback_prompt": cached if isinstance(cached, str) else None,
    }
    if revision == "head":
        out.update(head_inputs(agent))
    return out
