"""Patching Agent.get_full_system_prompt, now or when CowAgent imports it.

install() runs early (from a .pth file, before CowAgent's directory is even
on sys.path), so the patch is applied by an import hook: a meta-path
finder that lets the normal finders locate agent.protocol.agent and wraps
its loader so that the class is patched right after the module runs. When
the module is already imported it is patched at once. Patching is
idempotent (a re-import or importlib.reload patches the new class once)
and reversible (unpatch restores the original function).
"""

import importlib.abc
import sys

MODULE = "agent.protocol.agent"
_MARK = "__promptc_original__"


def patch_module(module, current_adapter):
    """Replaces module.Agent.get_full_system_prompt by the turn of the
    adapter current_adapter() returns at call time (CowAgent's own method
    when it returns None); the original stays reachable as the new
    function's __promptc_original__."""
    cls = getattr(module, "Agent", None)
    current = getattr(cls, "get_full_system_prompt", None)
    if current is None or hasattr(current, _MARK):
        return
    original = current

    def get_full_system_prompt(self, skill_filter=None):
        # skill_filter is accepted and passed on as CowAgent's own method
        # does (revision i18n never reads it).
        adapter = current_adapter()
        if adapter is None:
            return original(self, skill_filter)
        return adapter.turn(self, original, skill_filter)

    get_full_system_prompt.__doc__ = original.__doc__
    get_full_system_prompt.__wrapped__ = original
    setattr(get_full_system_prompt, _MARK, original)
    cls.get_full_system_prompt = get_full_system_prompt


def unpatch_module(module):
    cls = getattr(module, "Agent", None)
    current = getattr(cls, "get_full_system_prompt", None)
    if current is not None and hasattr(current, _MARK):
        cls.get_full_system_prompt = getattr(current, _MARK)


def is_patched():
    module = sys.modules.get(MODULE)
    cls = getattr(module, "Agent", None)
    return hasattr(getattr(cls, "get_full_system_prompt", None), _MARK)


class _PatchingLoader(importlib.abc.Loader):
    def __init__(self, loader, current_adapter):
        self._loader = loader
        self._current_adapter = current_adapter

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        patch_module(module, self._current_adapter)

    def __getattr__(self, name):  # get_source, get_filename, ... of the real loader
        return getattr(self._loader, name)


class Finder(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps the loader the other finders return for
    agent.protocol.agent."""

    def __init__(self, current_adapter):
        self.current_adapter = current_adapter

    def find_spec(self, fullname, path, target=None):
        if fullname != MODULE:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _PatchingLoader(spec.loader, self.current_adapter)
                return spec
        return None
