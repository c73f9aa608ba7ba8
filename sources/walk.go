package sources

import (
	"errors"
	"syscall"

	"github.com/promptc/promptc/diag"
)

// Limits of a [WalkGuard].
const (
	// MaxLinkReentries is how many times a walk may enter, through a
	// symbolic link, a directory that is already on its current path
	// before it stops following such links. The reference agents follow a
	// link cycle until the operating system refuses the path (about 40
	// links deep), which a single cycle reaches after about 40 entries:
	// promptc does the same, so its output stays theirs; two cycles in
	// one tree make the number of paths grow exponentially (the agents
	// never finish), and the guard then cuts them.
	MaxLinkReentries = 1000
	// MaxWalkEntries is how many directory entries one source's walks may
	// look at in all: a skills path naming /proc/self or a whole disk ends
	// with a warning instead of a build that never finishes.
	MaxWalkEntries = 200_000
	// MaxWalkWork bounds what matching those entries may cost: ignore
	// files gathered along a walk apply to every entry below them, and one
	// rule test costs more the longer the path, so an entry costs (1 +
	// rules) × (1 + len(dir)/64) units (a few seconds at this bound).
	MaxWalkWork = 5_000_000
)

// Diagnostic codes of a WalkGuard.
const (
	CodeLinkCycle = "walk/link-cycle"
	CodeWalkLimit = "walk/limit"
	// CodePathTooLong: a directory whose path the system refuses.
	CodePathTooLong = "walk/path-too-long"
)

// WalkGuard keeps a source's directory walks finite. A walk calls Enter
// before listing a directory and the returned leave when done with it,
// and Listed with the number of entries it got. A guard is not safe for
// concurrent use; one guard serves all the walks of one resolve.
type WalkGuard struct {
	fsys      FS
	path      []pathDir // directories on the current path, outermost first
	reentries int
	entries   int
	work      int
	cut       bool // links back into the current path are no longer followed
	stopped   bool // MaxWalkEntries reached
	longPath  bool // a too-long path was reported
	// Diags holds the guard's warnings (at most one of each kind).
	Diags diag.List
}

type fileID struct{ dev, ino uint64 }

// pathDir is a directory on the current path; its identity is looked up
// when a link is first compared with it (resolved).
type pathDir struct {
	dir             string
	id              fileID
	known, resolved bool
}

// NewWalkGuard returns a guard for walks over fsys.
func NewWalkGuard(fsys FS) *WalkGuard { return &WalkGuard{fsys: fsys} }

// Enter reports whether the walk may list dir. It refuses once the entry
// budget is spent, and once MaxLinkReentries re-entries into directories on
// the current path have been seen, it refuses every further one. viaLink
// says dir was reached through a symbolic link (or is a walk's root, whose
// way is unknown): only such a directory can lead back into the current
// path, so only then are identities compared, each directory's looked up
// once, when first needed — a walk through a tree without links stats no
// directory for the guard.
func (g *WalkGuard) Enter(dir string, viaLink bool) (ok bool, leave func()) {
	if g.stopped {
		return false, func() {}
	}
	cur := pathDir{dir: dir}
	if viaLink {
		cur.id, cur.known = g.id(dir)
		cur.resolved = true
	}
	if cur.known {
		for i := range g.path {
			p := &g.path[i]
			if !p.resolved {
				p.id, p.known = g.id(p.dir)
				p.resolved = true
			}
			if !p.known || p.id != cur.id {
				continue
			}
			g.reentries++
			if g.cut || g.reentries > MaxLinkReentries {
				if !g.cut {
					g.Diags.Warnf(dir, CodeLinkCycle, "symbolic link cycle: %s leads back into a directory the walk is already in; after %d such entries, links back into the current path are no longer followed", dir, MaxLinkReentries)
				}
				g.cut = true
				return false, func() {}
			}
			break
		}
	}
	g.path = append(g.path, cur)
	return true, func() { g.path = g.path[:len(g.path)-1] }
}

func (g *WalkGuard) Listed(dir string, n, rules int) {
	g.entries += n
	g.work += n * (1 + rules) * (1 + len(dir)/64)
	if (g.entries > MaxWalkEntries || g.work > MaxWalkWork) && !g.stopped {
		g.stopped = true
		g.Diags.Warnf(dir, CodeWalkLimit, "stopped walking at %s: more than %d directory entries (or too many ignore rules to test them against) looked at", dir, MaxWalkEntries)
	}
}

// Unlisted reports a directory the walk could not list. The reference
// agents skip such a directory silently; one whose path is longer than the
// system allows (ENAMETOOLONG) is also a warning, since a whole subtree
// then vanishes without a trace.
func (g *WalkGuard) Unlisted(dir string, err error) {
	if errors.Is(err, syscall.ENAMETOOLONG) && !g.longPath {
		g.longPath = true
		g.Diags.Warnf(dir, CodePathTooLong, "skipped %s and what is below it: the path is longer than the system allows", dir)
	}
}

func (g *WalkGuard) id(dir string) (fileID, bool) {
	fi, err := Stat(g.fsys, dir)
	if err != nil {
		return fileID{}, false
	}
	return fileIDOf(fi)
}
