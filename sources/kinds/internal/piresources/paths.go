package piresources

import (
	"net/url"
	"path"
	"strings"

	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/sources"
)

// resolvePath is Node's path.resolve(base, p) for POSIX paths.
func resolvePath(base, p string) string {
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return sources.Child(base, p)
}

// relative is Node's path.relative(from, to) for absolute, clean paths.
func relative(from, to string) string {
	if rel, ok := below(from, to); ok {
		return rel // the walks' common case, without splitting
	}
	f, t := splitAbs(from), splitAbs(to)
	n := 0
	for n < len(f) && n < len(t) && f[n] == t[n] {
		n++
	}
	parts := make([]string, 0, len(f)-n+len(t)-n)
	for range f[n:] {
		parts = append(parts, "..")
	}
	parts = append(parts, t[n:]...)
	return strings.Join(parts, "/")
}

// below returns to relative to from when both are clean absolute paths
// and to is from or lies under it.
func below(from, to string) (string, bool) {
	// A clean path's prefix that ends before one of its slashes is clean
	// too, so only to is checked.
	switch {
	case !sources.IsClean(to):
		return "", false
	case to == from:
		return "", true
	case from == "/":
		return to[1:], true
	case len(to) > len(from) && to[len(from)] == '/' && to[:len(from)] == from && from != "":
		return to[len(from)+1:], true
	}
	return "", false
}

func splitAbs(p string) []string {
	p = strings.Trim(path.Clean(p), "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// baseName is Node's path.basename: "" for "/".
func baseName(p string) string {
	if p == "/" {
		return ""
	}
	return path.Base(p)
}

// expandTilde expands "~" and "~/..." to home.
func expandTilde(p, home string) string {
	if p == "~" {
		return home
	}
	if strings.HasPrefix(p, "~/") {
		return sources.Child(home, p[2:])
	}
	return p
}

// cliPath resolves a --skill / --prompt-template / -e value: "~" and
// file:// URLs are expanded, the value is resolved against cwd, and the
// absolute result is JS-trimmed.
func cliPath(raw, cwd, home string) string {
	p := expandTilde(raw, home)
	if strings.HasPrefix(p, "file://") {
		if u, err := url.Parse(p); err == nil && (u.Host == "" || u.Host == "localhost") && u.Path != "" {
			p = u.Path
		}
	}
	return resolvePath(cwd, jsstr.Trim(resolvePath(cwd, p)))
}

// settingsPath resolves a path from a settings file or package list against
// its base directory: trimmed, "~", "~/x" and "~x" expanded to home.
func settingsPath(raw, base, home string) string {
	p := jsstr.Trim(raw)
	switch {
	case p == "~":
		return home
	case strings.HasPrefix(p, "~/"):
		return sources.Child(home, p[2:])
	case strings.HasPrefix(p, "~"):
		return sources.Child(home, p[1:])
	}
	return resolvePath(base, p)
}

// gitRoot returns the nearest ancestor of dir (inclusive) holding marker,
// or "" when there is none.
func gitRoot(fsys sources.FS, dir, marker string) string {
	for d := dir; ; d = path.Dir(d) {
		if sources.Exists(fsys, sources.Child(d, marker)) {
			return d
		}
		if d == "/" {
			return ""
		}
	}
}

// agentsSkillDirs lists join(d, rel) for d = cwd and its ancestors up to
// the git root, or up to "/" without one, leaving out exclude (SKL-D8).
func agentsSkillDirs(fsys sources.FS, cwd, rel, marker, exclude string) []string {
	root := gitRoot(fsys, cwd, marker)
	var dirs []string
	for d := cwd; ; d = path.Dir(d) {
		if dir := sources.Child(d, rel); dir != exclude {
			dirs = append(dirs, dir)
		}
		if d == root || d == "/" {
			return dirs
		}
	}
}
