package claudemd

import (
	"fmt"
	"path"

	"github.com/promptc/promptc/sources"
)

// MaxFileBytes is the size above which a file is skipped whole (CC-18).
const MaxFileBytes = 4 << 20

// MaxImportDepth is the deepest import level loaded (CC-14).
const MaxImportDepth = 4

// File types, which decide an entry's description (CC-3).
const (
	TypeUser    = "user"
	TypeProject = "project"
	TypeLocal   = "local"
)

// Options configures Load. Fields are addressed by their koanf tag.
type Options struct {
	// Cwd is the physical working directory, absolute (CC-5).
	Cwd string `koanf:"cwd"`
	// Home is $HOME: "~/" in imports, and where .claude.json is.
	Home string `koanf:"home"`
	// ConfigDir is $CLAUDE_CONFIG_DIR or ~/.claude: the user file, user
	// rules and settings.json (CC-19).
	ConfigDir string `koanf:"config_dir"`
	// Disabled is CLAUDE_CODE_DISABLE_CLAUDE_MDS: no file at all (CC-21).
	Disabled bool `koanf:"disabled"`
	// SettingSources is --setting-sources: which of user, project and
	// local load (CC-21).
	SettingSources []string `koanf:"setting_sources"`
	// AddDirs are the --add-dir directories; they load only with
	// AddDirsClaudeMD (CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD, CC-22).
	AddDirs         []string `koanf:"add_dirs"`
	AddDirsClaudeMD bool     `koanf:"add_dirs_claude_md"`
	// Excludes are globs over absolute paths added to settings.json's
	// claudeMdExcludes (CC-21).
	Excludes []string `koanf:"excludes"`
}

var _ sources.OptionChecker = Options{}

// CheckOptions refuses relative paths and unknown setting sources.
func (o Options) CheckOptions(pending func(string) bool) error {
	for _, f := range []struct{ name, v string }{{"cwd", o.Cwd}, {"home", o.Home}, {"config_dir", o.ConfigDir}} {
		if !pending(f.name) && (f.name == "cwd" || f.v != "") && !path.IsAbs(f.v) {
			return fmt.Errorf("claude_md: %s %q is not an absolute path", f.name, f.v)
		}
	}
	if !pending("setting_sources") {
		for _, s := range o.SettingSources {
			if s != TypeUser && s != TypeProject && s != TypeLocal {
				return fmt.Errorf("claude_md: unknown setting source %q (valid: user, project, local)", s)
			}
		}
	}
	return nil
}

func (o Options) source(t string) bool {
	for _, s := range o.SettingSources {
		if s == t {
			return true
		}
	}
	return false
}
