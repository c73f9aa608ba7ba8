package casetest

import (
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/promptc/promptc/sources"
)

// sandbox is the file system a case's build reads through. It shows the
// case root (a real directory, named by its real path) and the root's
// ancestors, each of them a directory holding only the next one on the
// way to the root; nothing else of the host exists. So the files above
// the case that a build probes (context files walking up to /, the system
// config in /etc) are absent on every machine.
//
// Symbolic links are resolved by the sandbox itself, inside this view: a
// link to a host path outside the root dangles. Permission bits are
// checked as the owner of every file sees them (search on directories,
// read on files and listed directories), whoever runs the case, so that a
// chmod 0000 file is unreadable to root too.
//
// The tree must not change while the sandbox is used; lstat results are
// cached. A sandbox is safe for concurrent use.
type sandbox struct {
	root string // real, clean, absolute, slash-separated; not "/"

	mu    sync.Mutex
	cache map[string]lstatResult
}

var _ sources.FS = (*sandbox)(nil)

type lstatResult struct {
	info fs.FileInfo
	err  error
}

func newSandbox(root string) *sandbox {
	return &sandbox{root: root, cache: map[string]lstatResult{}}
}

// maxHops bounds symlink resolution, as Linux does.
const maxHops = 40

func pathErr(op, name string, err error) error { return &fs.PathError{Op: op, Path: name, Err: err} }

// abs turns an fs.FS name into an absolute path.
func abs(name string) (string, bool) {
	if !fs.ValidPath(name) {
		return "", false
	}
	if name == "." {
		return "/", true
	}
	return "/" + name, true
}

// inRoot reports whether p is the root or below it.
func (s *sandbox) inRoot(p string) bool { return p == s.root || strings.HasPrefix(p, s.root+"/") }

// ancestor reports whether p is a proper ancestor of the root.
func (s *sandbox) ancestor(p string) bool {
	return p == "/" || strings.HasPrefix(s.root, p+"/")
}

// lstatReal is Lstat of p, whose parent is a resolved directory of the
// view (no symlink in it).
func (s *sandbox) lstatReal(p string) (fs.FileInfo, error) {
	switch {
	case s.ancestor(p):
		return dirInfo(path.Base(p)), nil
	case !s.inRoot(p):
		return nil, syscall.ENOENT
	}
	s.mu.Lock()
	r, ok := s.cache[p]
	s.mu.Unlock()
	if ok {
		return r.info, r.err
	}
	info, err := os.Lstat(p)
	if pe, ok := err.(*fs.PathError); ok {
		err = pe.Err
	}
	s.mu.Lock()
	s.cache[p] = lstatResult{info, err}
	s.mu.Unlock()
	return info, err
}

// resolve returns the real path of p inside the view: every symlink
// resolved, the last one too when follow is set. Looking up a name needs
// search permission on its directory. The error is a syscall errno.
func (s *sandbox) resolve(p string, follow bool) (string, fs.FileInfo, error) {
	rest := strings.Split(strings.TrimPrefix(p, "/"), "/")
	resolved := "/"
	var info fs.FileInfo = dirInfo("/")
	hops := 0
	for len(rest) > 0 {
		part := rest[0]
		rest = rest[1:]
		switch part {
		case "", ".":
			continue
		case "..":
			resolved = path.Dir(resolved)
			var err error
			if info, err = s.lstatReal(resolved); err != nil {
				return "", nil, err
			}
			continue
		}
		if !info.IsDir() {
			return "", nil, syscall.ENOTDIR
		}
		if info.Mode().Perm()&0o100 == 0 {
			return "", nil, syscall.EACCES
		}
		next := path.Join(resolved, part)
		fi, err := s.lstatReal(next)
		if err != nil {
			return "", nil, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 || (len(rest) == 0 && !follow) {
			resolved, info = next, fi
			continue
		}
		if hops++; hops > maxHops {
			return "", nil, syscall.ELOOP
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", nil, syscall.EIO
		}
		if strings.HasPrefix(target, "/") {
			resolved, info = "/", dirInfo("/")
		}
		rest = append(strings.Split(target, "/"), rest...)
	}
	return resolved, info, nil
}

func (s *sandbox) Lstat(name string) (fs.FileInfo, error) {
	p, ok := abs(name)
	if !ok {
		return nil, pathErr("lstat", name, fs.ErrInvalid)
	}
	_, info, err := s.resolve(p, false)
	if err != nil {
		return nil, pathErr("lstat", name, err)
	}
	return info, nil
}

func (s *sandbox) Stat(name string) (fs.FileInfo, error) {
	p, ok := abs(name)
	if !ok {
		return nil, pathErr("stat", name, fs.ErrInvalid)
	}
	_, info, err := s.resolve(p, true)
	if err != nil {
		return nil, pathErr("stat", name, err)
	}
	return info, nil
}

func (s *sandbox) ReadLink(name string) (string, error) {
	p, ok := abs(name)
	if !ok {
		return "", pathErr("readlink", name, fs.ErrInvalid)
	}
	real, info, err := s.resolve(p, false)
	if err != nil {
		return "", pathErr("readlink", name, err)
	}
	if info.Mode()&fs.ModeSymlink == 0 {
		return "", pathErr("readlink", name, syscall.EINVAL)
	}
	t, err := os.Readlink(real)
	if err != nil {
		return "", pathErr("readlink", name, syscall.EIO)
	}
	return t, nil
}

func (s *sandbox) ReadFile(name string) ([]byte, error) {
	p, ok := abs(name)
	if !ok {
		return nil, pathErr("open", name, fs.ErrInvalid)
	}
	real, info, err := s.resolve(p, true)
	switch {
	case err != nil:
		return nil, pathErr("open", name, err)
	case info.IsDir():
		return nil, pathErr("read", name, syscall.EISDIR)
	case info.Mode().Perm()&0o400 == 0:
		return nil, pathErr("open", name, syscall.EACCES)
	}
	data, err := os.ReadFile(real)
	if pe, ok := err.(*fs.PathError); ok {
		return nil, pathErr(pe.Op, name, pe.Err)
	}
	return data, err
}

func (s *sandbox) ReadDir(name string) ([]fs.DirEntry, error) {
	real, err := s.openDir("readdirent", name)
	if err != nil {
		return nil, err
	}
	if s.ancestor(real) {
		return []fs.DirEntry{fs.FileInfoToDirEntry(dirInfo(s.childToward(real)))}, nil
	}
	entries, err := os.ReadDir(real)
	if pe, ok := err.(*fs.PathError); ok {
		return nil, pathErr(pe.Op, name, pe.Err)
	}
	return entries, err
}

// openDir resolves a directory to list: it must be readable.
func (s *sandbox) openDir(op, name string) (string, error) {
	p, ok := abs(name)
	if !ok {
		return "", pathErr("open", name, fs.ErrInvalid)
	}
	real, info, err := s.resolve(p, true)
	switch {
	case err != nil:
		return "", pathErr("open", name, err)
	case !info.IsDir():
		return "", pathErr(op, name, syscall.ENOTDIR)
	case info.Mode().Perm()&0o400 == 0:
		return "", pathErr("open", name, syscall.EACCES)
	}
	return real, nil
}

// childToward names the child of ancestor a on the way to the root.
func (s *sandbox) childToward(a string) string {
	rest := strings.TrimPrefix(s.root, strings.TrimSuffix(a, "/")+"/")
	child, _, _ := strings.Cut(rest, "/")
	return child
}

// Open opens a file or directory of the view for reading.
func (s *sandbox) Open(name string) (fs.File, error) {
	p, ok := abs(name)
	if !ok {
		return nil, pathErr("open", name, fs.ErrInvalid)
	}
	real, info, err := s.resolve(p, true)
	if err != nil {
		return nil, pathErr("open", name, err)
	}
	if info.Mode().Perm()&0o400 == 0 {
		return nil, pathErr("open", name, syscall.EACCES)
	}
	if s.ancestor(real) {
		return &ancestorDir{info: info, entries: []fs.DirEntry{fs.FileInfoToDirEntry(dirInfo(s.childToward(real)))}}, nil
	}
	return os.Open(real)
}

// dirInfo is the FileInfo of a synthesized ancestor directory.
type dirInfo string

func (d dirInfo) Name() string     { return string(d) }
func (dirInfo) Size() int64        { return 0 }
func (dirInfo) Mode() fs.FileMode  { return fs.ModeDir | 0o755 }
func (dirInfo) ModTime() time.Time { return time.Time{} }
func (dirInfo) IsDir() bool        { return true }
func (dirInfo) Sys() any           { return nil }

// ancestorDir is an open synthesized directory.
type ancestorDir struct {
	info    fs.FileInfo
	entries []fs.DirEntry
}

func (d *ancestorDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *ancestorDir) Read([]byte) (int, error) {
	return 0, pathErr("read", d.info.Name(), syscall.EISDIR)
}
func (d *ancestorDir) Close() error { return nil }
func (d *ancestorDir) ReadDir(n int) ([]fs.DirEntry, error) {
	out := d.entries
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	d.entries = d.entries[len(out):]
	if n > 0 && len(out) == 0 {
		return nil, io.EOF
	}
	return out, nil
}
