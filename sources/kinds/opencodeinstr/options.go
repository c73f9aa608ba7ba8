package opencodeinstr

import (
	"fmt"
	"path"

	"github.com/promptc/promptc/sources"
)

// ProjectNames are the project file names in priority order (OC-4).
var ProjectNames = []string{"AGENTS.md", "CLAUDE.md", "CONTEXT.md"}

// Options configures Load. Fields are addressed by their koanf tag.
type Options struct {
	// Cwd is the physical working directory, absolute (OC-5).
	Cwd string `koanf:"cwd"`
	// Home is $HOME (~/.claude/CLAUDE.md, "~/" in instructions).
	Home string `koanf:"home"`
	// ConfigDir is CFG: $XDG_CONFIG_HOME/opencode or ~/.config/opencode.
	ConfigDir string `koanf:"config_dir"`
	// NoClaude is OPENCODE_DISABLE_CLAUDE_CODE(_PROMPT): no CLAUDE.md (OC-7).
	NoClaude bool `koanf:"no_claude"`
	// NoProject is OPENCODE_DISABLE_PROJECT_CONFIG: no project file and no
	// project config (OC-8).
	NoProject bool `koanf:"no_project"`
	// Instructions are added after the configs' `instructions` entries.
	Instructions []string `koanf:"instructions"`
}

var _ sources.OptionChecker = Options{}

// CheckOptions refuses relative paths.
func (o Options) CheckOptions(pending func(string) bool) error {
	for _, f := range []struct{ name, v string }{{"cwd", o.Cwd}, {"home", o.Home}, {"config_dir", o.ConfigDir}} {
		if !pending(f.name) && (f.name == "cwd" || f.v != "") && !path.IsAbs(f.v) {
			return fmt.Errorf("opencode_instructions: %s %q is not an absolute path", f.name, f.v)
		}
	}
	return nil
}
