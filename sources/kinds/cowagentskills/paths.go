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
	// listed are the types of the entries listdir saw that are no links,
	// by absolute path: a stat of one is answered from its listing (which
	// a change of its type changes too), so a scan stats no entry twice.
	// Nil keeps none.
	listed map[string]fs.FileMode
	// res, when set, learns the realpaths of those entries from their
	// directory's, so resolving a skill file (the engine's check of its
	// origins) costs no lstat.
	res *sources.Resolver
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

// statType is the type of os.stat(p); ok is false on any error.
func (v fsView) statType(p string) (t fs.FileMode, ok bool) {
	a, ok := pytext.Resolve(v.fsys, v.base, p)
	if !ok {
		return 0, false
	}
	if t, ok := v.listed[a]; ok {
		return t, true
	}
	fi, err := sources.Stat(v.fsys, a)
	if err != nil {
		return 0, false
	}
	return fi.Mode().Type(), true
}

func (v fsView) exists(p string) bool {
	_, ok := v.statType(p)
	return ok
}

func (v fsView) isDir(p string) bool {
	t, ok := v.statType(p)
	return ok && t.IsDir()
}

func (v fsView) isFile(p string) bool {
	t, ok := v.statType(p)
	return ok && t.IsRegular()
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
	dir, real, known := sources.DirOf(a), sources.Dir{}, false
	if v.res != nil {
		if r, err := v.res.Realpath(a); err == nil {
			real, known = sources.DirOf(r), true
		}
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
		if t := e.Type(); t&fs.ModeSymlink == 0 {
			full := dir.Child(e.Name())
			if v.listed != nil {
				v.listed[full] = t
			}
			if known {
				v.res.Know(full, real.Child(e.Name()))
			}
		}
	}
	return names, nil
}
