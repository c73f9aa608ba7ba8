package casetest

import (
	"io/fs"
	"sort"
	"sync"

	"github.com/promptc/promptc/sources"
)

// Capture is a file system that notes every path read through it, for
// promptc record: it passes each call to the wrapped FS and records the
// path (as an absolute path) and what was done with it. It is safe for
// concurrent use.
type Capture struct {
	fsys sources.FS

	mu   sync.Mutex
	seen map[Access]bool
}

// Access is one path a build touched and how: "read" (its content),
// "list" (a directory's entries), "stat" (followed), "lstat" or
// "readlink" (the path itself, a symlink not followed).
type Access struct {
	Path string
	Op   string
}

var _ sources.FS = (*Capture)(nil)

// NewCapture wraps fsys.
func NewCapture(fsys sources.FS) *Capture { return &Capture{fsys: fsys, seen: map[Access]bool{}} }

func (c *Capture) note(name, op string) {
	p := "/" + name
	if name == "." {
		p = "/"
	}
	c.mu.Lock()
	c.seen[Access{p, op}] = true
	c.mu.Unlock()
}

// Accesses returns what was touched, sorted by path then op.
func (c *Capture) Accesses() []Access {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]Access, 0, len(c.seen))
	for a := range c.seen {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Op < out[j].Op
	})
	return out
}

func (c *Capture) Open(name string) (fs.File, error) {
	op := "read"
	if fi, err := c.fsys.Stat(name); err == nil && fi.IsDir() {
		op = "list"
	}
	c.note(name, op)
	return c.fsys.Open(name)
}

func (c *Capture) Stat(name string) (fs.FileInfo, error) {
	c.note(name, "stat")
	return c.fsys.Stat(name)
}

func (c *Capture) Lstat(name string) (fs.FileInfo, error) {
	c.note(name, "lstat")
	return c.fsys.Lstat(name)
}

func (c *Capture) ReadFile(name string) ([]byte, error) {
	c.note(name, "read")
	return c.fsys.ReadFile(name)
}

func (c *Capture) ReadDir(name string) ([]fs.DirEntry, error) {
	c.note(name, "list")
	return c.fsys.ReadDir(name)
}

func (c *Capture) ReadLink(name string) (string, error) {
	c.note(name, "readlink")
	return c.fsys.ReadLink(name)
}
