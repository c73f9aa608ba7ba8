package check

import (
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
	"syscall"

	"github.com/promptc/promptc/casetest"
	"github.com/promptc/promptc/sources"
)

// rootsFS is the file system a check's builds read: the roots (the
// repository and the declared roots, real directories read through
// inner), the empty directories (a home the check does not supply), and
// the ancestors of both, each a directory holding only the next ones on
// the way to them. Every other path does not exist; a path outside that
// does exist on this machine is noted (Outside), so a check says what it
// did not see. A symbolic link inside a root is followed by inner
// wherever it leads. Safe for concurrent use.
type rootsFS struct {
	inner sources.FS
	roots []string // clean, absolute, slash-separated, not "/"
	empty []string // synthesized empty directories

	mu      sync.Mutex
	outside map[string]bool
}

var _ sources.FS = (*rootsFS)(nil)

func newRootsFS(inner sources.FS, roots, empty []string) *rootsFS {
	return &rootsFS{inner: inner, roots: roots, empty: empty, outside: map[string]bool{}}
}

// where a path lies.
const (
	outside = iota
	inRoot
	emptyDir
	ancestor
)

func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

func (r *rootsFS) where(p string) int {
	for _, d := range r.roots {
		if under(p, d) {
			return inRoot
		}
	}
	for _, d := range r.empty {
		if p == d {
			return emptyDir
		}
		if under(p, d) {
			return outside
		}
	}
	if len(r.children(p)) > 0 {
		return ancestor
	}
	return outside
}

// children are the names in ancestor p on the way to the roots.
func (r *rootsFS) children(p string) []string {
	prefix := strings.TrimSuffix(p, "/") + "/"
	seen := map[string]bool{}
	var out []string
	for _, d := range append(append([]string(nil), r.roots...), r.empty...) {
		if rest, ok := strings.CutPrefix(d, prefix); ok && rest != "" {
			c, _, _ := strings.Cut(rest, "/")
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	sort.Strings(out)
	return out
}

// absent notes p when it exists on this machine (looked up through
// inner) and returns ENOENT.
func (r *rootsFS) absent(op, name, p string) error {
	if _, err := r.inner.Lstat(name); err == nil {
		r.mu.Lock()
		r.outside[p] = true
		r.mu.Unlock()
	}
	return &fs.PathError{Op: op, Path: name, Err: syscall.ENOENT}
}

// Outside lists the paths outside the roots that builds looked for and
// that exist on this machine, sorted.
func (r *rootsFS) Outside() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, len(r.outside))
	for p := range r.outside {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

func absName(name string) (string, bool) {
	if !fs.ValidPath(name) {
		return "", false
	}
	if name == "." {
		return "/", true
	}
	return "/" + name, true
}

// view resolves name: the result of inner for a path in a root, or a
// synthesized directory, or an error.
func (r *rootsFS) view(op, name string) (p string, kind int, err error) {
	p, ok := absName(name)
	if !ok {
		return "", outside, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	kind = r.where(p)
	if kind == outside {
		return p, kind, r.absent(op, name, p)
	}
	return p, kind, nil
}

func (r *rootsFS) Stat(name string) (fs.FileInfo, error) {
	p, kind, err := r.view("stat", name)
	switch {
	case err != nil:
		return nil, err
	case kind == inRoot:
		return r.inner.Stat(name)
	}
	return casetest.SynthDirInfo(path.Base(p)), nil
}

func (r *rootsFS) Lstat(name string) (fs.FileInfo, error) {
	p, kind, err := r.view("lstat", name)
	switch {
	case err != nil:
		return nil, err
	case kind == inRoot:
		return r.inner.Lstat(name)
	}
	return casetest.SynthDirInfo(path.Base(p)), nil
}

func (r *rootsFS) ReadLink(name string) (string, error) {
	_, kind, err := r.view("readlink", name)
	switch {
	case err != nil:
		return "", err
	case kind == inRoot:
		return r.inner.ReadLink(name)
	}
	return "", &fs.PathError{Op: "readlink", Path: name, Err: syscall.EINVAL}
}

func (r *rootsFS) ReadFile(name string) ([]byte, error) {
	_, kind, err := r.view("open", name)
	switch {
	case err != nil:
		return nil, err
	case kind == inRoot:
		return r.inner.ReadFile(name)
	}
	return nil, &fs.PathError{Op: "read", Path: name, Err: syscall.EISDIR}
}

func (r *rootsFS) ReadDir(name string) ([]fs.DirEntry, error) {
	p, kind, err := r.view("open", name)
	switch {
	case err != nil:
		return nil, err
	case kind == inRoot:
		return r.inner.ReadDir(name)
	}
	return r.synthEntries(p, kind), nil
}

func (r *rootsFS) synthEntries(p string, kind int) []fs.DirEntry {
	var out []fs.DirEntry
	if kind == ancestor {
		for _, c := range r.children(p) {
			out = append(out, fs.FileInfoToDirEntry(casetest.SynthDirInfo(c)))
		}
	}
	return out
}

func (r *rootsFS) Open(name string) (fs.File, error) {
	p, kind, err := r.view("open", name)
	switch {
	case err != nil:
		return nil, err
	case kind == inRoot:
		return r.inner.Open(name)
	}
	return casetest.SynthDir(path.Base(p), r.synthEntries(p, kind)), nil
}
