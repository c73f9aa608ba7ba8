package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is promptc's release version.
const version = "0.5.0-dev"

// versionLine is what `promptc --version` prints: the version, the commit
// the binary was built from when the build recorded it, and the Go
// toolchain.
func versionLine() string {
	commit := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		rev, dirty := "", false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" {
			commit = "commit " + rev
			if dirty {
				commit += " (modified)"
			}
			commit += ", "
		}
	}
	return fmt.Sprintf("promptc %s (%s%s %s/%s)\n", version, commit, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
