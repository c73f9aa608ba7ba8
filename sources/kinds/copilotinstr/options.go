package copilotinstr

import (
	"fmt"
	"path"

	"github.com/promptc/promptc/sources"
)

// Options configures Load. Fields are addressed by their koanf tag.
type Options struct {
	// Cwd is the working directory, absolute.
	Cwd string `koanf:"cwd"`
	// Home is $HOME; "" reads no user-level file.
	Home string `koanf:"home"`
}

var _ sources.OptionChecker = Options{}

// CheckOptions refuses relative paths.
func (o Options) CheckOptions(pending func(string) bool) error {
	if !pending("cwd") && !path.IsAbs(o.Cwd) {
		return fmt.Errorf("%s: cwd %q is not an absolute path", Name, o.Cwd)
	}
	if !pending("home") && o.Home != "" && !path.IsAbs(o.Home) {
		return fmt.Errorf("%s: home %q is not an absolute path", Name, o.Home)
	}
	return nil
}
