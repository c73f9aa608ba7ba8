package fscache

import (
	"context"
	"errors"
	"io/fs"
	"sync"
	"syscall"

	"github.com/promptc/promptc/sources"
)

// Deps are the file-system facts one computation observed through a
// [Tracker]: for each path, what a stat (following links) or an lstat
// (not following the last one) saw — an identity, or an error of some
// class. A computation whose Deps still hold ([Cache.Valid]) would see
// the same files, listings and links again, so its result may be reused.
type Deps struct {
	mu    sync.Mutex
	facts map[depKey]fact
	// listed are the directories whose listings were read.
	listed map[string]bool
	// groups are the facts by path, made on the first validation.
	groups []group
	// broken marks Deps that cannot be trusted: the same path showed two
	// identities within the computation (it changed meanwhile).
	broken bool
	// racy marks Deps with a fact taken too close to the file's last
	// change to be told apart from a later change by stat: they never
	// validate by stat (a watcher, which sees the events, may still use
	// them).
	racy bool
}

type depKey struct {
	name   string // fs.FS name
	follow bool   // stat (true) or lstat
	// content marks a fact about what was read (a file's bytes, a
	// listing, a link's target): the whole identity matters, and a
	// change too recent to tell apart makes it untrustworthy. A fact
	// about a stat alone keeps only what a stat's caller can use without
	// reading: existence, type and permissions, inode and device.
	content bool
}

// fact is what one stat or lstat saw: an identity (for a stat alone,
// only its type, permission and inode part), or the class of the error.
type fact struct {
	id  identity
	err string
}

// statOnly keeps what a fact about a stat alone depends on.
func statOnly(id identity) identity {
	return identity{mode: id.mode, ino: id.ino, dev: id.dev}
}

// Len is the number of facts.
func (d *Deps) Len() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.facts)
}

// Broken reports whether the facts are not what one moment of the file
// system showed (a path changed while the computation ran).
func (d *Deps) Broken() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.broken
}

// Racy reports whether some fact is too recent to validate by stat.
func (d *Deps) Racy() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.racy
}

// Listed returns the absolute paths of the directories whose listings
// the computation read (any entry appearing there matters).
func (d *Deps) Listed() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]string, 0, len(d.listed))
	for n := range d.listed {
		out = append(out, "/"+n)
	}
	return out
}

// Names returns the absolute paths the facts are about, each once.
func (d *Deps) Names() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	seen := map[string]bool{}
	var out []string
	for k := range d.facts {
		if !seen[k.name] {
			seen[k.name] = true
			out = append(out, "/"+k.name)
		}
	}
	return out
}

func (d *Deps) note(k depKey, fi fs.FileInfo, err error, racy bool) {
	f := fact{}
	if err != nil {
		f.err = errClass(err)
	} else {
		f.id = identityOf(fi)
		if !k.content {
			f.id = statOnly(f.id)
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if racy && k.content {
		d.racy = true
	}
	if old, ok := d.facts[k]; ok && old != f {
		d.broken = true
	}
	d.facts[k] = f
}

// errClass names what kind of failure err is, as far as a later stat
// could tell it apart: a path that is still missing is the same fact.
func errClass(err error) string {
	var errno syscall.Errno
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "notexist"
	case errors.As(err, &errno):
		return errno.Error()
	case errors.Is(err, fs.ErrPermission):
		return "permission"
	}
	return "error: " + err.Error()
}

// group is the facts about one path, for validation.
type group struct {
	name  string
	facts []keyed
}

type keyed struct {
	k depKey
	f fact
}

// groups returns the facts by path, the weak ones a content fact covers
// left out; computed once (Deps do not change after the computation).
func (d *Deps) groupsLocked() []group {
	if d.groups != nil {
		return d.groups
	}
	by := map[string]int{}
	gs := []group{}
	for k, f := range d.facts {
		if !k.content {
			if _, covered := d.facts[depKey{k.name, k.follow, true}]; covered {
				continue // the content fact checks more
			}
		}
		i, ok := by[k.name]
		if !ok {
			i = len(gs)
			by[k.name] = i
			gs = append(gs, group{name: k.name})
		}
		gs[i].facts = append(gs[i].facts, keyed{k, f})
	}
	d.groups = gs
	return gs
}

// Valid reports whether every fact of d still holds, with one lstat per
// path (and a stat more only for a path that is a symbolic link now),
// nothing read. In a build the lstats are kept (seen stats), so when a
// fact no longer holds, the computation that runs again does not make
// them twice. Many paths are checked on up to GOMAXPROCS goroutines (the
// caller's among them), all stopping at the first fact that fails.
func (c *Cache) Valid(d *Deps) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.broken || d.racy {
		return false
	}
	gs := d.groupsLocked()
	workers := max(1, sources.Workers(len(gs), validPerWorker))
	return sources.InParallel(context.Background(), len(gs), workers, func(i int) bool { return c.holds(&gs[i]) })
}

// validPerWorker is how many paths a goroutine must have to check for it
// to pay for itself.
const validPerWorker = 64

// holds reports whether the facts of one path still hold.
func (c *Cache) holds(g *group) bool {
	lfi, lerr := c.lstat(g.name)
	var sfi fs.FileInfo
	var serr error
	statted := false
	for _, kf := range g.facts {
		fi, err := lfi, lerr
		if kf.k.follow && lerr == nil && lfi.Mode()&fs.ModeSymlink != 0 {
			if !statted {
				statted = true
				sfi, serr = c.stat(g.name) // a link: what it leads to
			}
			fi, err = sfi, serr
		}
		now := fact{}
		switch {
		case err != nil:
			now.err = errClass(err)
		case !kf.k.content:
			now.id = statOnly(identityOf(fi))
		case c.isRacy(fi):
			return false
		default:
			now.id = identityOf(fi)
		}
		if now != kf.f {
			return false
		}
	}
	return true
}

// Tracker is a view of a Cache that notes in its Deps every fact the
// reads through it depend on. It is safe for concurrent use.
type Tracker struct {
	c    *Cache
	deps *Deps
	res  *sources.Resolver
}

var (
	_ sources.FS             = (*Tracker)(nil)
	_ sources.RegularReader  = (*Tracker)(nil)
	_ sources.ParseCache     = (*Tracker)(nil)
	_ sources.ResolverSharer = (*Tracker)(nil)
	_ sources.DirPrefetcher  = (*Tracker)(nil)
)

// Track returns a Tracker over c with empty Deps.
func (c *Cache) Track() *Tracker {
	t := &Tracker{c: c, deps: &Deps{facts: map[depKey]fact{}, listed: map[string]bool{}}}
	t.res = sources.NewPrivateResolver(t)
	return t
}

// SharedResolver is the one Resolver of everyone resolving links through
// the Tracker: its lstats are facts of the same computation.
func (t *Tracker) SharedResolver() *sources.Resolver { return t.res }

// Deps are the facts noted so far.
func (t *Tracker) Deps() *Deps { return t.deps }

func (t *Tracker) Open(name string) (fs.File, error) {
	fi, err := t.c.stat(name)
	t.deps.note(depKey{name, true, true}, fi, err, err == nil && t.c.isRacy(fi))
	return t.c.Open(name)
}

func (t *Tracker) Stat(name string) (fs.FileInfo, error) {
	fi, err := t.c.stat(name)
	t.deps.note(depKey{name, true, false}, fi, err, false)
	return fi, err
}

func (t *Tracker) Lstat(name string) (fs.FileInfo, error) {
	fi, err := t.c.lstat(name)
	t.deps.note(depKey{name, false, false}, fi, err, false)
	return fi, err
}

// ReadLink depends on the link itself: replacing it changes its lstat.
func (t *Tracker) ReadLink(name string) (string, error) {
	fi, err := t.c.lstat(name)
	t.deps.note(depKey{name, false, true}, fi, err, err == nil && t.c.isRacy(fi))
	if err != nil {
		return "", err
	}
	return t.c.fsys.ReadLink(name)
}

// PrefetchDir lists name ahead into the cache without noting a fact
// (Cache.PrefetchDir): the walk's ReadDir notes it.
func (t *Tracker) PrefetchDir(name string) int { return t.c.PrefetchDir(name) }

func (t *Tracker) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, fi, err := t.c.readDir(name)
	t.deps.mu.Lock()
	t.deps.listed[name] = true
	t.deps.mu.Unlock()
	t.deps.note(depKey{name, true, true}, fi, statErr(fi, err), fi != nil && t.c.isRacy(fi))
	return entries, err
}

func (t *Tracker) ReadFile(name string) ([]byte, error) {
	b, _, err := t.ReadRegular(name, sources.MaxFileBytes)
	return b, err
}

func (t *Tracker) ReadRegular(name string, max int64) ([]byte, fs.FileInfo, error) {
	b, fi, err := t.c.ReadRegular(name, max)
	t.deps.note(depKey{name, true, true}, fi, statErr(fi, err), fi != nil && t.c.isRacy(fi))
	return b, fi, err
}

func (t *Tracker) ReadParsed(name, kind string, parse func([]byte) (any, error)) (any, error) {
	v, _, err := t.ReadParsedInfo(name, kind, parse)
	return v, err
}

// ReadParsedInfo is ReadParsed that also returns what the stat of the
// file saw (nil when there was none).
func (t *Tracker) ReadParsedInfo(name, kind string, parse func([]byte) (any, error)) (any, fs.FileInfo, error) {
	v, fi, err := t.c.readParsed(name, kind, parse)
	t.deps.note(depKey{name, true, true}, fi, statErr(fi, err), fi != nil && t.c.isRacy(fi))
	return v, fi, err
}

func (t *Tracker) MemoText(kind, text string, parse func(string) (any, error)) (any, error) {
	return t.c.MemoText(kind, text, parse)
}

// statErr is the error a stat saw, given what a read returned: with a
// FileInfo the path existed (the read may still have failed, as
// unreadable or not regular; that follows from the identity).
func statErr(fi fs.FileInfo, err error) error {
	if fi != nil {
		return nil
	}
	if err == nil {
		return errors.New("no file information")
	}
	return err
}
