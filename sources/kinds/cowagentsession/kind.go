// Package cowagentsession is the cowagent_session source kind: the
// per-session state a CowAgent Agent holds at revision head besides its
// workspace (spec R-HEAD-PROJECT, R-HEAD-PERM), as the prompt builder
// reads it:
//
//   - the project directory the session was pointed at
//     (Agent.apply_project_dir), and whether the builder's project mode
//     applies, which also decides the absolute prefix of memory and
//     knowledge paths (_state_path_prefix);
//   - the permission mode in force (Agent.effective_permission_mode):
//     the session's mode, else the instance-wide setting, normalised by
//     agent.permission.normalize_mode against a table of modes and
//     aliases the pipeline declares.
//
// Paths follow Python's os.path on POSIX for a process whose working
// directory is Base and whose HOME is Home (pytext.Realpath,
// pytext.ExpandUser).
package cowagentsession

import (
	"context"
	"fmt"
	"path"
	"slices"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "cowagent_session"

// Options configures one session.
type Options struct {
	// WorkspaceDir is Agent.workspace_dir exactly as the host names it;
	// "" is no workspace.
	WorkspaceDir string `koanf:"workspace_dir"`
	// Base is the absolute, physical working directory of the host
	// process: relative paths, and realpath(""), resolve against it.
	Base string `koanf:"base"`
	// Home is the host process's HOME, for a leading "~" ("" = unset).
	Home string `koanf:"home"`
	// ProjectDir is the project directory the session was pointed at, as
	// given; "" is none.
	ProjectDir string `koanf:"project_dir"`
	// PermissionMode is the session's own mode as given; "" defers to
	// GlobalPermissionMode.
	PermissionMode string `koanf:"permission_mode"`
	// GlobalPermissionMode is the instance-wide setting (CowAgent's config
	// key agent_permission_mode); "" is unset.
	GlobalPermissionMode string `koanf:"global_permission_mode"`
	// Modes are the mode ids; Aliases map other spellings to one of them.
	// A value is stripped and lowercased (str.strip().lower()) before it
	// is looked up in either.
	Modes   []string          `koanf:"modes"`
	Aliases map[string]string `koanf:"aliases"`
	// DefaultMode is the mode of an unset, blank or unknown value; it must
	// be one of Modes.
	DefaultMode string `koanf:"default_mode"`
}

var _ sources.OptionChecker = Options{}

// CheckOptions requires an absolute base, a default mode among the modes,
// and aliases that name modes.
func (o Options) CheckOptions(pending func(string) bool) error {
	if !pending("base") && !path.IsAbs(o.Base) {
		return fmt.Errorf("cowagent_session: base %q is not an absolute path", o.Base)
	}
	if pending("modes") {
		return nil
	}
	if !pending("default_mode") && !slices.Contains(o.Modes, o.DefaultMode) {
		return fmt.Errorf("cowagent_session: default_mode %q is not one of the modes %q", o.DefaultMode, o.Modes)
	}
	if pending("aliases") {
		return nil
	}
	for alias, mode := range o.Aliases {
		if !slices.Contains(o.Modes, mode) {
			return fmt.Errorf("cowagent_session: alias %q names %q, which is not one of the modes %q", alias, mode, o.Modes)
		}
	}
	return nil
}

// Session is what the prompt builder reads of the session.
type Session struct {
	// ProjectDir is Agent.project_dir: realpath(expanduser(ProjectDir)),
	// or "" when none was given or it is the workspace's own realpath.
	// The permission section names it (else the workspace) as the
	// writable directory.
	ProjectDir string `json:"project_dir"`
	// ProjectMode reports that the builder's project layout applies:
	// ProjectDir is set and its realpath is not the workspace's (with no
	// workspace, not the working directory's).
	ProjectMode bool `json:"project_mode"`
	// StatePrefix is what memory and knowledge paths start with: in
	// project mode the workspace with its trailing slashes removed, then
	// "/"; otherwise "".
	StatePrefix string `json:"state_prefix"`
	// PermissionMode is the mode in force, one of Options.Modes.
	PermissionMode string `json:"permission_mode"`
}

// New returns the cowagent_session kind.
func New() sources.Kind {
	return sources.Func[Options, Session]{
		KindName: Name,
		Summary:  "a CowAgent session's project dir (realpath, project mode, state prefix) and permission mode",
		Run: func(ctx context.Context, env sources.Env, o *Options) (Session, sources.Output, error) {
			if err := o.CheckOptions(func(string) bool { return false }); err != nil {
				return Session{}, sources.Output{}, err
			}
			return Resolve(env.FS, *o), sources.Output{}, ctx.Err()
		},
	}
}
