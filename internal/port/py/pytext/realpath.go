package pytext

import (
	"io/fs"
	"strings"

	"github.com/promptc/promptc/sources"
)

// ExpandUser is POSIX os.path.expanduser for a process whose HOME is home:
// a leading "~" or "~/" is replaced by home with its trailing slashes
// removed ("/" when nothing is left). Two departures, since promptc reads
// no password database: home "" (HOME unset) and "~user" leave the path
// as it is, where Python would look the user up.
func ExpandUser(p, home string) string {
	if !strings.HasPrefix(p, "~") {
		return p
	}
	i := strings.IndexByte(p[1:], '/') + 1
	if i == 0 {
		i = len(p)
	}
	if i != 1 || home == "" {
		return p
	}
	if out := strings.TrimRight(home, "/") + p[i:]; out != "" {
		return out
	}
	return "/"
}

// Realpath is CPython 3.11's POSIX os.path.realpath(name) (strict=False)
// for a process whose working directory is cwd, an absolute physical
// path. Symbolic links are followed where they exist; a component that
// does not exist (or cannot be inspected) is kept as it is, and so is
// everything after a symlink loop. ".." removes the last component of
// the path resolved so far, which is physical, as Python does. "" is cwd.
func Realpath(fsys sources.FS, cwd, name string) string {
	if !strings.HasPrefix(name, "/") {
		name = Join(cwd, name)
	}
	p, _ := joinRealpath("", name, fsys, map[string]*string{})
	return absClean(p)
}

// joinRealpath is posixpath._joinrealpath with strict=False: it resolves
// rest onto the resolved path so far; ok is false after a symlink loop.
func joinRealpath(path, rest string, fsys sources.FS, seen map[string]*string) (string, bool) {
	if strings.HasPrefix(rest, "/") {
		rest, path = rest[1:], "/"
	}
	for rest != "" {
		var name string
		name, rest, _ = strings.Cut(rest, "/")
		switch name {
		case "", ".":
			continue
		case "..":
			if path == "" {
				path = ".."
				continue
			}
			var last string
			path, last = split(path)
			if last == ".." {
				path = Join(path, "..", "..")
			}
			continue
		}
		next := Join(path, name)
		fi, err := sources.Lstat(fsys, next)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			path = next
			continue
		}
		if resolved, ok := seen[next]; ok {
			if resolved != nil {
				path = *resolved
				continue
			}
			return Join(next, rest), false // a loop: Python gives up here
		}
		seen[next] = nil
		target, err := fsys.ReadLink(sources.Name(next))
		if err != nil {
			path = next // cannot happen after a successful lstat of a link; keep it
			continue
		}
		var ok bool
		if path, ok = joinRealpath(path, target, fsys, seen); !ok {
			return Join(path, rest), false
		}
		resolved := path
		seen[next] = &resolved
	}
	return path, true
}

// split is posixpath.split: the head without its trailing slashes (unless
// it is all slashes) and the tail after the last "/".
func split(p string) (head, tail string) {
	i := strings.LastIndexByte(p, '/') + 1
	head, tail = p[:i], p[i:]
	if head != "" && strings.Trim(head, "/") != "" {
		head = strings.TrimRight(head, "/")
	}
	return head, tail
}

// absClean is posixpath.abspath's normpath for an absolute path: "." and
// empty components dropped, ".." removing the component before it
// lexically, one leading "/" (two are kept, as POSIX allows).
func absClean(p string) string {
	initial := 0
	if strings.HasPrefix(p, "/") {
		initial = 1
		if strings.HasPrefix(p, "//") && !strings.HasPrefix(p, "///") {
			initial = 2
		}
	}
	var out []string
	for _, c := range strings.Split(p, "/") {
		switch {
		case c == "" || c == ".":
		case c != ".." || (initial == 0 && (len(out) == 0 || out[len(out)-1] == "..")):
			out = append(out, c)
		case len(out) > 0:
			out = out[:len(out)-1]
		}
	}
	s := strings.Repeat("/", initial) + strings.Join(out, "/")
	if s == "" {
		return "."
	}
	return s
}
