package emit

import (
	"io/fs"
	"sync"

	"github.com/promptc/promptc/sources"
)

// snapshotFS answers every stat, listing, link and read once per path and
// then from memory: emit --check builds several pipelines from many
// directories over the same files, and treats them as one snapshot taken
// while it runs (it writes nothing). Results, errors included, are kept
// as the first call got them. Safe for concurrent use. It delegates the
// optional readers of sources (RegularReader, DirReader,
// UnsortedDirReader) when the base has them, so reads stay as safe as the
// base's (no blocking on a named pipe).
type snapshotFS struct {
	base sources.FS
	// memo maps a snapKey to its *snapResult: a sync.Map, since every
	// path is stored once and then read by all of the check's workers.
	memo sync.Map
}

type snapKey struct {
	op   byte // s stat, l lstat, f file, d dir, r link, g regular, i dir+info, u unsorted dir
	name string
	max  int64
}

type snapResult struct {
	fi      fs.FileInfo
	entries []fs.DirEntry
	data    []byte
	link    string
	err     error
}

func newSnapshotFS(base sources.FS) *snapshotFS {
	return &snapshotFS{base: base}
}

// get returns the memoized result of op on name, computing it once (two
// callers racing may both compute; the first stored is kept).
func (s *snapshotFS) get(k snapKey, compute func() snapResult) snapResult {
	if r, ok := s.memo.Load(k); ok {
		return *r.(*snapResult)
	}
	r := compute()
	first, _ := s.memo.LoadOrStore(k, &r)
	return *first.(*snapResult)
}

// Open is not memoized: a file opened is read by its caller.
func (s *snapshotFS) Open(name string) (fs.File, error) { return s.base.Open(name) }

func (s *snapshotFS) Stat(name string) (fs.FileInfo, error) {
	r := s.get(snapKey{op: 's', name: name}, func() snapResult { fi, err := s.base.Stat(name); return snapResult{fi: fi, err: err} })
	return r.fi, r.err
}

func (s *snapshotFS) Lstat(name string) (fs.FileInfo, error) {
	r := s.get(snapKey{op: 'l', name: name}, func() snapResult { fi, err := s.base.Lstat(name); return snapResult{fi: fi, err: err} })
	return r.fi, r.err
}

func (s *snapshotFS) ReadLink(name string) (string, error) {
	r := s.get(snapKey{op: 'r', name: name}, func() snapResult { l, err := s.base.ReadLink(name); return snapResult{link: l, err: err} })
	return r.link, r.err
}

func (s *snapshotFS) ReadFile(name string) ([]byte, error) {
	r := s.get(snapKey{op: 'f', name: name}, func() snapResult { b, err := s.base.ReadFile(name); return snapResult{data: b, err: err} })
	return clone(r.data), r.err
}

func (s *snapshotFS) ReadDir(name string) ([]fs.DirEntry, error) {
	r := s.get(snapKey{op: 'd', name: name}, func() snapResult { e, err := s.base.ReadDir(name); return snapResult{entries: e, err: err} })
	return append([]fs.DirEntry(nil), r.entries...), r.err
}

// ReadRegular is the base's RegularReader (else a stat and a read).
func (s *snapshotFS) ReadRegular(name string, max int64) ([]byte, fs.FileInfo, error) {
	r := s.get(snapKey{op: 'g', name: name, max: max}, func() snapResult {
		if rr, ok := s.base.(sources.RegularReader); ok {
			b, fi, err := rr.ReadRegular(name, max)
			return snapResult{data: b, fi: fi, err: err}
		}
		fi, err := s.base.Stat(name)
		if err != nil {
			return snapResult{err: err}
		}
		if err := sources.CheckRegular("/"+name, fi, max); err != nil {
			return snapResult{fi: fi, err: err}
		}
		b, err := s.base.ReadFile(name)
		return snapResult{data: b, fi: fi, err: err}
	})
	return clone(r.data), r.fi, r.err
}

// ReadDirInfo is the base's DirReader (else a listing and a stat).
func (s *snapshotFS) ReadDirInfo(name string) ([]fs.DirEntry, fs.FileInfo, error) {
	r := s.get(snapKey{op: 'i', name: name}, func() snapResult {
		if dr, ok := s.base.(sources.DirReader); ok {
			e, fi, err := dr.ReadDirInfo(name)
			return snapResult{entries: e, fi: fi, err: err}
		}
		e, err := s.base.ReadDir(name)
		if err != nil {
			return snapResult{err: err}
		}
		fi, err := s.base.Stat(name)
		return snapResult{entries: e, fi: fi, err: err}
	})
	return append([]fs.DirEntry(nil), r.entries...), r.fi, r.err
}

// ReadDirUnsorted is the base's listing in its own order.
func (s *snapshotFS) ReadDirUnsorted(name string) ([]fs.DirEntry, error) {
	r := s.get(snapKey{op: 'u', name: name}, func() snapResult {
		e, err := sources.ReadDirUnsorted(s.base, "/"+name)
		return snapResult{entries: e, err: err}
	})
	return append([]fs.DirEntry(nil), r.entries...), r.err
}

// clone gives each caller its own bytes (a caller may own what it reads).
func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte(nil), b...)
}

var (
	_ sources.FS                = (*snapshotFS)(nil)
	_ sources.RegularReader     = (*snapshotFS)(nil)
	_ sources.DirReader         = (*snapshotFS)(nil)
	_ sources.UnsortedDirReader = (*snapshotFS)(nil)
)
