package cowagentskills

import (
	"io/fs"
	"strings"

	"github.com/promptc/promptc/internal/port/py/pytext"
	"github.com/promptc/promptc/sources"
)

// dirname is POSIX os.path.dirname.
func dirname(p string) string {
	i := strings.LastIndexByte(p, '/') + 1
	head := p[:i]
	if head != "" && strings.Trim(head, "/") != "" {
		head = strings.TrimRight(head, "/")
	}
	return head
}

// basename is POSIX os.path.basename.
func basename(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }

// fsView answers os.path questions for paths spelled as CowAgent spells
// them, relative to the process working directory base.
type fsView struct {
	fsys sources.FS
	base string
}

// abs returns the absolute path the OS would open for p.
func (v fsView) abs(p string) string {
	if a, ok := pytext.Resolve(v.fsys, v.base, p); ok {
		return a
	}
	return pytext.Join(v.base, p)
}

// stat is os.stat(p); ok is false on any error.
func (v fsView) stat(p string) (fs.FileInfo, bool) {
	a, ok := pytext.Resolve(v.fsys, v.base, p)
	if !ok {
		return nil, false
	}
	fi, err := sources.Stat(v.fsys, a)
	return fi, err == nil
}

func (v fsView) exists(p string) bool {
	_, ok := v.stat(p)
	return ok
}

func (v fsView) isDir(p string) bool {
	fi, ok := v.stat(p)
	return ok && fi.IsDir()
}

func (v fsView) isFile(p string) bool {
	fi, ok := v.stat(p)
	return ok && fi.Mode().IsRegular()
}

// listdir is os.listdir(p), sorted by name.
func (v fsView) listdir(p string) ([]string, error) {
	a, ok := pytext.Resolve(v.fsys, v.base, p)
	if !ok {
		return nil, &pytext.OSError{Errno: 2, Strerror: "No such file or directory", Filename: p}
	}
	entries, err := sources.ReadDir(v.fsys, a)
	if err != nil {
		return nil, pytext.NewOSError(err, p)
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return names, nil
}
