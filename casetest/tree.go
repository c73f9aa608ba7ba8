package casetest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
)

// tree is a case root being materialized. Every change goes through an
// [os.Root] (openat walking, no name may leave the directory), and a name
// is first resolved by [tree.resolve], which follows the symbolic links an
// earlier fs line made only while they stay inside $WORK: a link whose
// target leaves it is an error, never followed. So a case writes, links
// and chmods below its root and nowhere else, whatever its lines say.
type tree struct {
	r   *os.Root
	dir string // the root's real path, slash-separated: what $WORK stands for
}

// openTree opens the case root dir (a real path, slash-separated).
func openTree(dir string) (*tree, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &tree{r: r, dir: dir}, nil
}

func (t *tree) close() error { return t.r.Close() }

// leavesError reports a name whose resolution would leave $WORK.
type leavesError struct {
	link, target string // the link on the way and its target; link "" for ".." in the name
}

func (e *leavesError) Error() string {
	if e.link == "" {
		return "leaves $WORK"
	}
	return fmt.Sprintf("%s is a link to %s, which leaves $WORK (links are followed only inside $WORK)", e.link, e.target)
}

// resolved is a name resolved inside the tree: dir is an existing
// directory reached without crossing a link (slash-separated, relative to
// the root, "." for the root), and missing the names below it that do not
// exist yet, in order; each is a plain name (no "." or "..").
type resolved struct {
	dir     string
	missing []string
}

// name is the resolved name: dir joined with the missing names.
func (r resolved) name() string { return path.Join(append([]string{r.dir}, r.missing...)...) }

// resolve resolves rel (clean, relative to the root, as relPath returns
// it) inside the tree, following each link on the way, and the last
// component too when follow is set. A link target is taken as the kernel
// would (relative to the link's directory; absolute when it starts with
// /), and only a target that stays inside the root is followed: an
// absolute one must start with the root's path, and ".." never climbs
// above the root. Names that do not exist are returned as missing; only
// names of rel itself may be missing (a dangling link on the way is
// ENOENT), and a non-directory on the way is ENOTDIR.
func (t *tree) resolve(rel string, follow bool) (resolved, error) {
	var todo []string // components left, next first
	if rel != "." {
		todo = strings.Split(rel, "/")
	}
	own := len(todo) // how many of todo's last components are rel's own
	cur := "."
	hops := 0
	for len(todo) > 0 {
		part := todo[0]
		todo = todo[1:]
		fromLink := len(todo) >= own
		if !fromLink {
			own = len(todo)
		}
		switch part {
		case "", ".":
			continue
		case "..":
			if cur == "." {
				return resolved{}, &leavesError{}
			}
			cur = path.Dir(cur)
			continue
		}
		next := path.Join(cur, part)
		fi, err := t.r.Lstat(next)
		switch {
		case errors.Is(err, fs.ErrNotExist) && !fromLink && plainNames(todo):
			return resolved{dir: cur, missing: append([]string{part}, todo...)}, nil
		case err != nil:
			return resolved{}, err
		case fi.Mode()&fs.ModeSymlink != 0 && (len(todo) > 0 || follow):
			if hops++; hops > maxHops {
				return resolved{}, syscall.ELOOP
			}
			target, err := t.r.Readlink(next)
			if err != nil {
				return resolved{}, err
			}
			inRoot, ok := t.inside(target)
			if !ok {
				return resolved{}, &leavesError{link: workVar + "/" + next, target: target}
			}
			if path.IsAbs(target) {
				cur = "."
			}
			todo = append(strings.Split(inRoot, "/"), todo...)
			continue
		case len(todo) > 0 && !fi.IsDir():
			return resolved{}, syscall.ENOTDIR
		}
		cur = next
	}
	return resolved{dir: cur}, nil
}

// inside returns a link target as components to walk inside the tree: a
// relative target as is, an absolute one below the root relative to the
// root. An absolute target elsewhere is not inside.
func (t *tree) inside(target string) (string, bool) {
	if !path.IsAbs(target) {
		return target, true
	}
	if target == t.dir {
		return ".", true
	}
	rest, ok := strings.CutPrefix(target, t.dir+"/")
	return rest, ok
}

// plainNames reports whether names can all be made as new directories
// (or a new last entry): none is "." or "..".
func plainNames(names []string) bool {
	for _, n := range names {
		if n == "." || n == ".." {
			return false
		}
	}
	return true
}

// mkdirAll makes rel and its missing parents (mode 0755), following links
// inside the tree only, and returns its resolved name.
func (t *tree) mkdirAll(rel string) (string, error) {
	r, err := t.resolve(rel, true)
	if err != nil {
		return "", err
	}
	if len(r.missing) == 0 {
		fi, err := t.r.Lstat(r.dir)
		if err != nil {
			return "", err
		}
		if !fi.IsDir() {
			return "", syscall.ENOTDIR
		}
	}
	d := r.dir
	for _, m := range r.missing {
		d = path.Join(d, m)
		if err := t.r.Mkdir(d, 0o755); err != nil {
			return "", err
		}
	}
	return d, nil
}

// parentOf makes the parent directory of rel (see mkdirAll) and returns
// rel's resolved name: the resolved parent and rel's last name, which is
// never followed.
func (t *tree) parentOf(rel string) (string, error) {
	dir, err := t.mkdirAll(path.Dir(rel))
	if err != nil {
		return "", err
	}
	return path.Join(dir, path.Base(rel)), nil
}

// writeFile creates rel as a new file (parents made as mkdirAll does)
// holding data. An existing entry at rel, a link included, is an error
// (O_EXCL): nothing is written through it.
func (t *tree) writeFile(rel string, data []byte, perm fs.FileMode) error {
	name, err := t.parentOf(rel)
	if err != nil {
		return err
	}
	f, err := t.r.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// symlink makes rel (parents made as mkdirAll does) a link to target,
// which is written as given and never resolved here.
func (t *tree) symlink(target, rel string) error {
	name, err := t.parentOf(rel)
	if err != nil {
		return err
	}
	return t.r.Symlink(target, name)
}

// chmod sets the permission bits of rel, an existing entry, following
// links inside the tree only.
func (t *tree) chmod(rel string, mode fs.FileMode) error {
	r, err := t.resolve(rel, true)
	if err != nil {
		return err
	}
	if len(r.missing) > 0 {
		return syscall.ENOENT
	}
	return t.r.Chmod(r.dir, mode)
}
