package codexdocs

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/promptc/promptc/sources"
)

// DefaultMaxBytes is Codex's project_doc_max_bytes default (CX-8).
const DefaultMaxBytes = 32768

// Built-in names: the global candidates (CX-5) and the names every search
// dir tries before the fallbacks (CX-6).
var (
	GlobalNames  = []string{"AGENTS.override.md", "AGENTS.md"}
	ProjectNames = []string{"AGENTS.override.md", "AGENTS.md"}
)

// Options configures Load. Fields are addressed by their koanf tag.
type Options struct {
	// Cwd is the physical working directory, absolute (CX-2, CX-12).
	Cwd string `koanf:"cwd"`
	// CodexHome is $CODEX_HOME (default ~/.codex), absolute; "" means no
	// global file.
	CodexHome string `koanf:"codex_home"`
	// MaxBytes is project_doc_max_bytes: the byte budget of the project
	// docs; 0 disables them (CX-8). Negative values are refused.
	MaxBytes int `koanf:"max_bytes"`
	// FallbackFilenames is project_doc_fallback_filenames: names tried
	// after the built-in ones, in order; "" and names that are not a bare
	// file name are ignored (CX-10).
	FallbackFilenames []string `koanf:"fallback_filenames"`
	// RootMarkers is project_root_markers (default [".git"]); an empty
	// list means the cwd is the only search dir (CX-4).
	RootMarkers []string `koanf:"root_markers"`
	// ReadConfig reads the three settings above from
	// $CODEX_HOME/config.toml and, for a trusted project, from the project
	// root's .codex/config.toml (not root_markers) (CX-10), for each one
	// whose *Given field is false.
	ReadConfig       bool `koanf:"read_config"`
	MaxBytesGiven    bool `koanf:"max_bytes_given"`
	FallbackGiven    bool `koanf:"fallback_given"`
	RootMarkersGiven bool `koanf:"root_markers_given"`
}

var _ sources.OptionChecker = Options{}

// CheckOptions refuses relative paths and a negative budget.
func (o Options) CheckOptions(pending func(string) bool) error {
	switch {
	case !pending("cwd") && !path.IsAbs(o.Cwd):
		return fmt.Errorf("codex_docs: cwd %q is not an absolute path", o.Cwd)
	case !pending("codex_home") && o.CodexHome != "" && !path.IsAbs(o.CodexHome):
		return fmt.Errorf("codex_docs: codex_home %q is not an absolute path", o.CodexHome)
	case !pending("max_bytes") && o.MaxBytes < 0:
		return errors.New("codex_docs: max_bytes is negative")
	}
	return nil
}

// names is the list of names a search dir tries, in order.
func (o Options) names() []string {
	out := append([]string(nil), ProjectNames...)
	for _, n := range o.FallbackFilenames {
		if n == "" || n == "." || n == ".." || strings.ContainsAny(n, `/\`) {
			continue
		}
		out = append(out, n)
	}
	return out
}
