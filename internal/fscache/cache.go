// Package fscache is the per-turn file cache behind engine.Builder: a
// [sources.FS] that serves a file, a directory listing or a parsed form
// again without reading it while the file's identity is unchanged.
package fscache

import (
	"hash/maphash"
	"io/fs"
	"sync"
	"time"

	"github.com/promptc/promptc/sources"
)

// Cache wraps an FS for hosts that rebuild a prompt every turn. ReadFile
// and ReadDir stat the path first and serve the remembered result when the
// file's identity (size, modification time, inode and device) is
// unchanged, so an untouched file is never read twice; Parsed does the same
// for a parsed form. Everything else passes through. A Cache is safe for
// concurrent use. Byte slices it returns are shared and must not be
// modified.
type Cache struct {
	fsys sources.FS
	now  func() time.Time

	mu     sync.Mutex
	files  map[string]cachedFile
	dirs   map[string]cachedDir
	parsed map[parsedKey]cachedParse
	memo   map[memoKey]memoValue
	// steps are kinds' remembered intermediate results (Tracker.Memo).
	steps map[string]stepEntry
	// snapshot marks a Snapshot: one build for good.
	snapshot bool
	// res is a Snapshot's Resolver (SharedResolver); nil otherwise.
	res *sources.Resolver
	// seen are the current build's stats (seen.go).
	seen seenStats
	// failed are the first reads that failed in build failedGen (failed.go).
	failed    map[failKey]readFailure
	failedGen uint64
	reads     int // files and directories actually read, for tests
	// seed hashes the texts of the text memo.
	seed maphash.Seed
}

var (
	_ sources.FS             = (*Cache)(nil)
	_ sources.ParseCache     = (*Cache)(nil)
	_ sources.RegularReader  = (*Cache)(nil)
	_ sources.DirPrefetcher  = (*Cache)(nil)
	_ sources.ResolverSharer = (*Cache)(nil)
)

type cachedFile struct {
	id   identity
	data []byte
	// gen is the build the file was read in (0: none). Within that build
	// it holds even when racy, as a listing and a parse do.
	gen uint64
}

type cachedDir struct {
	id      identity
	entries []fs.DirEntry
	// gen is the build the listing was made in (0: none). Within that
	// build it holds even when racy, as a parse does.
	gen uint64
}

// racyWindow is how recent a modification time must be for a cached
// entry not to be trusted. File systems stamp times with a coarse clock
// (a few milliseconds, or whole seconds on some), so two writes of the same
// size in quick succession can leave size, mtime and inode unchanged. As in
// git's "racy git" rule, an entry whose mtime is not clearly older than the
// moment it was read is read again next time.
const racyWindow = 2 * time.Second

type parsedKey struct{ name, kind string }

type cachedParse struct {
	id    identity
	value any
	err   error
	// gen is the build the parse was made in (0: none). Within that build
	// it holds even when racy: the build sees one moment of each path.
	gen uint64
}

// identity is what tells two versions of a file apart: as in git's index,
// the change time is part of it, so an edit that restores the
// modification time is still seen.
type identity struct {
	size, mtime, ctime int64
	ino, dev           uint64
	mode               fs.FileMode
	// racy marks an identity taken too close to the file's last change;
	// such an identity never matches (see racyWindow).
	racy bool
}

// sameFile reports whether id and other are one version of a file,
// whether or not either was taken too close to its last change.
func (id identity) sameFile(other identity) bool {
	id.racy, other.racy = false, false
	return id == other
}

func identityOf(fi fs.FileInfo) identity {
	id := identity{size: fi.Size(), mtime: fi.ModTime().UnixNano(), mode: fi.Mode()}
	id.ino, id.dev, id.ctime = inode(fi)
	return id
}

// New returns an empty cache over fsys.
func New(fsys sources.FS) *Cache {
	return &Cache{fsys: fsys, now: time.Now, files: map[string]cachedFile{}, dirs: map[string]cachedDir{}, parsed: map[parsedKey]cachedParse{}, seed: maphash.MakeSeed()}
}

// SetClock replaces time.Now for the racy-timestamp rule; call it
// before the cache is used.
func (c *Cache) SetClock(now func() time.Time) { c.now = now }

// Reads returns how many files and directories the cache has read from
// the underlying FS.
func (c *Cache) Reads() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.reads
}

func (c *Cache) Open(name string) (fs.File, error)      { return c.fsys.Open(name) }
func (c *Cache) Stat(name string) (fs.FileInfo, error)  { return c.stat(name) }
func (c *Cache) Lstat(name string) (fs.FileInfo, error) { return c.lstat(name) }
func (c *Cache) ReadLink(name string) (string, error)   { return c.fsys.ReadLink(name) }

// ReadFile returns the content of a regular file, reading it only when
// its identity changed since the last read (see ReadRegular).
func (c *Cache) ReadFile(name string) ([]byte, error) {
	b, _, err := c.ReadRegular(name, sources.MaxFileBytes)
	return b, err
}

// ReadRegular serves a regular file of at most max bytes from memory while
// its identity is unchanged; otherwise it reads it through the underlying
// file system's safe read (sources.ReadFileMax) and remembers it with the
// identity of what was read. A file read for the first time is opened
// directly (the open handle's FileInfo is its identity), so a cold read
// makes no stat.
func (c *Cache) ReadRegular(name string, max int64) ([]byte, fs.FileInfo, error) {
	return c.readRegular(name, max, true)
}

// readRegular is ReadRegular; keep false reads without remembering the
// bytes (their parse is remembered instead), so the caller owns them.
func (c *Cache) readRegular(name string, max int64, keep bool) ([]byte, fs.FileInfo, error) {
	c.mu.Lock()
	f, cached := c.files[name]
	c.mu.Unlock()
	rr, isRR := c.fsys.(sources.RegularReader)
	if cached || !isRR {
		fi, err := c.stat(name)
		if err != nil {
			return nil, nil, err
		}
		if err := sources.CheckRegular("/"+name, fi, max); err != nil {
			return nil, fi, err
		}
		if cached && c.still(f.id, f.gen, fi) && int64(len(f.data)) <= max {
			return f.data, fi, nil
		}
		if !isRR {
			data, err := sources.ReadFileMax(c.fsys, "/"+name, max)
			if err != nil {
				return nil, fi, err
			}
			return c.remember(name, fi, data, keep), fi, nil
		}
	}
	key := failKey{name: name, op: 'f', max: max}
	if f, ok := c.failure(key); ok {
		return nil, f.fi, f.err
	}
	data, fi, err := rr.ReadRegular(name, max)
	if err != nil {
		c.fail(key, fi, err)
	}
	if fi != nil {
		// The open file's fstat is the path's stat at this moment: a later
		// stat of it in this build needs no call.
		c.keepFirst(statKey{name, true}, seenStat{fi: fi})
	}
	if err != nil {
		return nil, fi, err
	}
	return c.remember(name, fi, data, keep), fi, nil
}

func (c *Cache) remember(name string, fi fs.FileInfo, data []byte, keep bool) []byte {
	if !keep {
		c.mu.Lock()
		c.reads++
		c.mu.Unlock()
		return data
	}
	id := identityOf(fi)
	id.racy = c.isRacy(fi)
	gen := c.build()
	c.mu.Lock()
	c.files[name] = cachedFile{id: id, data: data, gen: gen}
	c.reads++
	c.mu.Unlock()
	return data
}

// ReadDir lists a directory, reading it only when its identity changed
// (adding or removing an entry changes a directory's modification time).
func (c *Cache) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, _, err := c.readDir(name)
	return entries, err
}

// readDir is ReadDir with the directory's FileInfo (nil when it could not
// be described). A first listing goes through one open handle when the
// file system can (sources.DirReader).
func (c *Cache) readDir(name string) ([]fs.DirEntry, fs.FileInfo, error) {
	c.mu.Lock()
	d, cached := c.dirs[name]
	c.mu.Unlock()
	var fi fs.FileInfo
	var entries []fs.DirEntry
	var err error
	if dr, ok := c.fsys.(sources.DirReader); ok && !cached {
		key := failKey{name: name, op: 'd'}
		if f, ok := c.failure(key); ok {
			return nil, f.fi, f.err
		}
		entries, fi, err = dr.ReadDirInfo(name)
		if err != nil {
			c.fail(key, fi, err)
			return nil, fi, err
		}
	} else {
		if fi, err = c.stat(name); err != nil {
			return nil, nil, err
		}
		if cached && c.still(d.id, d.gen, fi) {
			return d.entries, fi, nil
		}
		if entries, err = c.fsys.ReadDir(name); err != nil {
			return nil, fi, err
		}
	}
	c.storeDir(name, fi, entries, c.build())
	return entries, fi, nil
}

// still reports whether an entry of identity id, made in build gen, is
// what a stat fi now describes: the same identity, or the same file in
// the build that made the entry, where even a racy one holds (a build
// sees one moment of each path).
func (c *Cache) still(id identity, gen uint64, fi fs.FileInfo) bool {
	now := identityOf(fi)
	return id == now || gen != 0 && gen == c.build() && id.sameFile(now)
}

func (c *Cache) storeDir(name string, fi fs.FileInfo, entries []fs.DirEntry, gen uint64) {
	id := identityOf(fi)
	id.racy = c.isRacy(fi)
	c.mu.Lock()
	c.dirs[name] = cachedDir{id: id, entries: entries, gen: gen}
	c.reads++
	c.mu.Unlock()
}

// PrefetchDir lists the directory name ahead of a walk that lists it
// next in this build (sources.DirPrefetcher), through one open handle,
// keeping the handle's stat as the build's stat of name, so that the
// walk's ReadDir makes no syscall. It does nothing outside a build, for a
// directory already cached (a later build validates it by stat, as
// ever), and on failure (the walk's own listing then fails in its
// words). It notes no fact: the walk's ReadDir through a Tracker does. It
// returns the number of entries it listed.
func (c *Cache) PrefetchDir(name string) int {
	dr, ok := c.fsys.(sources.DirReader)
	gen := c.build()
	if !ok || gen == 0 {
		return 0
	}
	c.mu.Lock()
	_, cached := c.dirs[name]
	c.mu.Unlock()
	if cached {
		return 0
	}
	entries, fi, err := dr.ReadDirInfo(name)
	if err != nil || fi == nil {
		return 0
	}
	c.keepFirst(statKey{name, true}, seenStat{fi: fi})
	c.storeDir(name, fi, entries, gen)
	return len(entries)
}

// ReadParsed returns the memoized parse of the fs.FS name under kind,
// computing it with parse when the file changed.
func (c *Cache) ReadParsed(name, kind string, parse func([]byte) (any, error)) (any, error) {
	v, _, err := c.readParsed(name, kind, parse)
	return v, err
}

// ReadParsedInfo is ReadParsed that also returns what the stat of the
// file saw (nil when there was none).
func (c *Cache) ReadParsedInfo(name, kind string, parse func([]byte) (any, error)) (any, fs.FileInfo, error) {
	return c.readParsed(name, kind, parse)
}

func (c *Cache) readParsed(name, kind string, parse func([]byte) (any, error)) (any, fs.FileInfo, error) {
	key := parsedKey{name, kind}
	c.mu.Lock()
	p, cached := c.parsed[key]
	c.mu.Unlock()
	if cached {
		fi, err := c.stat(name)
		if err != nil {
			return nil, nil, err
		}
		if c.still(p.id, p.gen, fi) {
			return p.value, fi, p.err
		}
	}
	data, fi, err := c.readRegular(name, sources.MaxFileBytes, false)
	if err != nil {
		return nil, fi, err
	}
	v, perr := parse(data) // parse owns data: nothing else holds it
	id := identityOf(fi)
	id.racy = c.isRacy(fi)
	c.mu.Lock()
	c.parsed[key] = cachedParse{id: id, value: v, err: perr, gen: c.build()}
	c.mu.Unlock()
	return v, fi, perr
}

func (c *Cache) isRacy(fi fs.FileInfo) bool {
	return !fi.ModTime().Before(c.now().Add(-racyWindow))
}

// memoLimit bounds the text memo: when it is full it starts over, so
// contents that changed long ago do not pile up.
const memoLimit = 1 << 14

// memoKey names a text by its length and hash, so that the memo's map
// hashes a few words, not the text, on every lookup and as it grows; the
// text itself is kept in the value and compared on a hit.
type memoKey struct {
	kind string
	n    int
	sum  uint64
}

type memoValue struct {
	text  string
	value any
	err   error
}

// MemoText returns parse(text), remembered per kind and text (the parse
// of a file's content then survives across turns as long as the content
// does).
func (c *Cache) MemoText(kind, text string, parse func(string) (any, error)) (any, error) {
	key := memoKey{kind, len(text), maphash.String(c.seed, text)}
	c.mu.Lock()
	m, hit := c.memo[key]
	c.mu.Unlock()
	if hit && m.text == text {
		return m.value, m.err
	}
	v, err := parse(text)
	c.mu.Lock()
	if c.memo == nil || len(c.memo) >= memoLimit {
		c.memo = map[memoKey]memoValue{}
	}
	c.memo[key] = memoValue{text, v, err}
	c.mu.Unlock()
	return v, err
}
