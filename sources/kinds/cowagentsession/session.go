package cowagentsession

import (
	"slices"
	"strings"

	"github.com/promptc/promptc/internal/port/py/pytext"
	"github.com/promptc/promptc/sources"
)

// Resolve computes the session of o over fsys. It never fails: a path
// that does not exist resolves as Python's non-strict realpath leaves it.
func Resolve(fsys sources.FS, o Options) Session {
	realpath := func(p string) string {
		return pytext.Realpath(fsys, o.Base, pytext.ExpandUser(p, o.Home))
	}
	var s Session
	// Agent.apply_project_dir: a project equal to the workspace is none.
	if o.ProjectDir != "" {
		s.ProjectDir = realpath(o.ProjectDir)
		if o.WorkspaceDir != "" && s.ProjectDir == realpath(o.WorkspaceDir) {
			s.ProjectDir = ""
		}
	}
	// The builder compares again, with realpath("") for no workspace.
	if s.ProjectDir != "" && realpath(s.ProjectDir) != realpath(o.WorkspaceDir) {
		s.ProjectMode = true
		s.StatePrefix = strings.TrimRight(o.WorkspaceDir, "/") + "/"
	}
	// Agent.effective_permission_mode: the session's mode when it has one
	// (normalised when it was applied, so an unknown value is the default,
	// not the global setting), else the global one.
	mode := o.GlobalPermissionMode
	if o.PermissionMode != "" {
		mode = o.PermissionMode
	}
	s.PermissionMode = o.normalize(mode)
	return s
}

// normalize is agent.permission.normalize_mode: stripped and lowercased,
// a mode id or an alias of one, else the default.
func (o Options) normalize(v string) string {
	v = strings.ToLower(pytext.Strip(v))
	if slices.Contains(o.Modes, v) {
		return v
	}
	if m, ok := o.Aliases[v]; ok {
		return m
	}
	return o.DefaultMode
}
