package agentrun

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/promptc/promptc/internal/lazyre"
)

// Installed is a CLI found on PATH.
type Installed struct {
	Agent Agent
	// Path is the PATH entry; Resolved the file it links to.
	Path, Resolved string
	// Version is major.minor.patch; From says where it was read
	// (package.json's path, or "--version").
	Version, From string
}

// versionTimeout bounds `CLI --version` when no package.json names it.
const versionTimeout = 10 * time.Second

var (
	semverRE = lazyre.New(`\d+\.\d+\.\d+`)
	partsRE  = lazyre.New(`(\d+)\.(\d+)\.(\d+)`)
)

// Find looks the agent's command up in pathList (a PATH value) and reads
// its version. A command not found is an *Error with ExitNotInstalled.
func Find(ctx context.Context, a Agent, pathList string) (Installed, error) {
	p, err := lookPath(a.Command, pathList)
	if err != nil {
		return Installed{}, &Error{Code: ExitNotInstalled, Msg: fmt.Sprintf("%s (%s) is not installed: no %q on PATH", a.Name, a.Command, a.Command)}
	}
	in := Installed{Agent: a, Path: p, Resolved: p}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		in.Resolved = r
	}
	if v, from, ok := packageVersion(in.Resolved, a.Packages); ok {
		in.Version, in.From = v, from
		return in, nil
	}
	ctx, cancel := context.WithTimeout(ctx, versionTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, p, "--version").Output()
	v := semverRE().FindString(string(out))
	if err != nil || v == "" {
		return Installed{}, &Error{Code: ExitUnsupported, Msg: fmt.Sprintf("%s at %s: cannot read its version (%s --version: %v)", a.Name, p, a.Command, errOr(err, "no version in its output"))}
	}
	in.Version, in.From = v, "--version"
	return in, nil
}

func errOr(err error, s string) string {
	if err != nil {
		return err.Error()
	}
	return s
}

// lookPath is exec.LookPath over a given PATH value, not the process's.
func lookPath(cmd, pathList string) (string, error) {
	for _, dir := range filepath.SplitList(pathList) {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, cmd)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", os.ErrNotExist
}

// packageVersion walks up from the binary (at most 8 directories) to the
// first package.json whose name is one of names, and returns its version.
func packageVersion(bin string, names []string) (version, from string, ok bool) {
	dir := filepath.Dir(bin)
	for range 8 {
		f := filepath.Join(dir, "package.json")
		if data, err := os.ReadFile(f); err == nil {
			var pkg struct{ Name, Version string }
			if json.Unmarshal(data, &pkg) == nil && slices.Contains(names, pkg.Name) {
				if v := semverRE().FindString(pkg.Version); v != "" {
					return v, f, true
				}
			}
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return "", "", false
}

// CheckVersion refuses a version older than the verified one; a newer one
// is allowed and reported in warning.
func CheckVersion(in Installed) (warning string, err error) {
	switch c := compareVersions(in.Version, in.Agent.Verified); {
	case c < 0:
		return "", &Error{Code: ExitUnsupported, Msg: fmt.Sprintf("%s %s is older than %s, the version whose hooks (%s; %s) promptc verified; update it", in.Agent.Name, in.Version, in.Agent.Verified, in.Agent.AddHook, in.Agent.ReplaceHook)}
	case c > 0:
		return fmt.Sprintf("%s %s is newer than %s, the version promptc verified; its hooks are assumed unchanged", in.Agent.Name, in.Version, in.Agent.Verified), nil
	}
	return "", nil
}

// compareVersions compares two major.minor.patch strings numerically.
func compareVersions(a, b string) int {
	pa, pb := versionParts(a), versionParts(b)
	for i := range pa {
		if pa[i] != pb[i] {
			if pa[i] < pb[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

func versionParts(v string) [3]int {
	var out [3]int
	m := partsRE().FindStringSubmatch(v)
	for i := 1; i < len(m); i++ {
		out[i-1], _ = strconv.Atoi(m[i])
	}
	return out
}
