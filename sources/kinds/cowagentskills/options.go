package cowagentskills

import (
	"fmt"
	"path"
	"sort"

	"github.com/promptc/promptc/internal/port/py/pytext"
	"github.com/promptc/promptc/sources"
)

// Options configures one Load.
type Options struct {
	// BuiltinDir is CowAgent's builtin skills directory, as the host names
	// it; "" means none.
	BuiltinDir string `koanf:"builtin_dir"`
	// CustomDir is the workspace skills directory; "" means
	// os.path.join(WorkspaceDir, "skills").
	CustomDir string `koanf:"custom_dir"`
	// WorkspaceDir is the agent's workspace directory (only used for the
	// default CustomDir).
	WorkspaceDir string `koanf:"workspace_dir"`
	// Base is the absolute directory relative paths resolve against: the
	// host process's working directory.
	Base string `koanf:"base"`
	// Env is the environment CowAgent's process sees, for requires.env and
	// requires.anyEnv (set and not blank) and, through its PATH entry, for
	// requires.bins and requires.anyBins.
	Env map[string]string `koanf:"env"`
	// DefaultPath is searched for binaries when Env has no PATH entry; ""
	// then means os.confstr("CS_PATH"), "/bin:/usr/bin".
	DefaultPath string `koanf:"default_path"`
	// Knowledge is CowAgent's "knowledge" switch; when false the
	// knowledge-wiki skill is not offered (R-SKILL-KNOWLEDGE).
	Knowledge bool `koanf:"knowledge"`
	// Platform is matched against metadata.os: platform.system().lower()
	// with "windows" written "win32" ("linux", "darwin", "win32", ...);
	// "" means "linux", the platform the goldens assume.
	Platform string `koanf:"platform"`
}

// Keys of the params contract's `skills` object.
const (
	KeyBuiltinDir = "builtin_dir"
	KeyCustomDir  = "custom_dir"
	KeyEnv        = "env"
)

// ApplyConfig sets the options that the params contract's `skills` object
// (conformance/cowagent.md: {builtin_dir, custom_dir, env}) carries. A
// null or absent key leaves the option alone. An unknown key or a value of
// the wrong type is an error, so that a typo never silently changes the
// prompt.
func (o *Options) ApplyConfig(cfg map[string]any) error {
	keys := make([]string, 0, len(cfg))
	for k := range cfg {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := cfg[k]
		if v == nil {
			continue
		}
		switch k {
		case KeyBuiltinDir, KeyCustomDir:
			s, ok := v.(string)
			if !ok {
				return fmt.Errorf("skills.%s: want a string, got %T", k, v)
			}
			if k == KeyBuiltinDir {
				o.BuiltinDir = s
			} else {
				o.CustomDir = s
			}
		case KeyEnv:
			env, err := stringMap(v)
			if err != nil {
				return fmt.Errorf("skills.env: %w", err)
			}
			o.Env = env
		default:
			return fmt.Errorf("skills: unknown key %q (want %s, %s or %s)", k, KeyBuiltinDir, KeyCustomDir, KeyEnv)
		}
	}
	return nil
}

func stringMap(v any) (map[string]string, error) {
	switch m := v.(type) {
	case map[string]string:
		return m, nil
	case map[string]any:
		out := make(map[string]string, len(m))
		for k, x := range m {
			s, ok := x.(string)
			if !ok {
				return nil, fmt.Errorf("%s: want a string, got %T", k, x)
			}
			out[k] = s
		}
		return out, nil
	}
	return nil, fmt.Errorf("want an object of strings, got %T", v)
}

func (o Options) validate() error { return o.CheckOptions(func(string) bool { return false }) }

var _ sources.OptionChecker = Options{}

// CheckOptions checks that base, which relative dirs resolve against, is
// absolute.
func (o Options) CheckOptions(pending func(string) bool) error {
	if !pending("base") && !path.IsAbs(o.Base) {
		return fmt.Errorf("cowskills: base %q is not an absolute path", o.Base)
	}
	return nil
}

// customDir is the custom skills directory as CowAgent spells it.
func (o Options) customDir() string {
	if o.CustomDir != "" {
		return o.CustomDir
	}
	return pytext.Join(o.WorkspaceDir, "skills")
}

func (o Options) platform() string {
	if o.Platform == "" {
		return "linux"
	}
	return o.Platform
}
