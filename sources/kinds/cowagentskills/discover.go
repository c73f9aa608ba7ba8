package cowagentskills

import (
	"context"
	"io/fs"
	"strings"

	"github.com/promptc/promptc/internal/port/py/pytext"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// ignoredNames are the directory entries CowAgent's scan never enters
// (besides every name starting with ".").
var ignoredNames = map[string]bool{"node_modules": true, "__pycache__": true, "venv": true, ".git": true}

// maxScanDepth stops a runaway recursion (a symlink cycle on a file
// system that does not report ELOOP).
const maxScanDepth = 256

// found is one skill file the scan read.
type found struct {
	path    string // as joined during the scan (what CowAgent prints)
	abs     string
	size    int
	source  string
	content string
}

// scanner walks one skills directory like SkillLoader.load_skills_from_dir.
type scanner struct {
	l      *loader
	source string
	files  []found
	// met are the skill files the walk met, in its order, read once it
	// is over (readMet); ahead reads them while it walks.
	met   []metFile
	ahead *pytext.Background
}

// metFile is a skill file the walk met, and how many exclusions the
// loader had recorded by then: an unreadable file's goes there.
type metFile struct {
	path     string
	excluded int
}

// scanRoot loads a skills directory; a missing or non-directory path
// yields nothing.
func (s *scanner) scanRoot(ctx context.Context, dir string) error {
	if dir == "" || !s.l.view.exists(dir) || !s.l.view.isDir(dir) {
		return nil
	}
	s.ahead = pytext.ReadInBackground(ctx, s.l.view.fsys, s.l.view.base)
	err := s.scan(ctx, dir, true, 0)
	s.ahead.Wait()
	if err != nil {
		return err
	}
	s.readMet()
	return nil
}

func (s *scanner) scan(ctx context.Context, dir string, root bool, depth int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	v := s.l.view
	s.l.consult(dir)
	abs := v.abs(dir)
	_, plain := v.listed[abs] // listed by its parent as no link
	enter, leave := s.l.guard.Enter(abs, !plain)
	if !enter {
		return nil
	}
	defer leave()
	entries, err := v.listdir(dir)
	if err != nil {
		s.l.guard.Unlisted(abs, err)
	}
	if err != nil || depth > maxScanDepth {
		return nil // CowAgent records a debug diagnostic and moves on
	}
	s.l.guard.Listed(abs, len(entries), 0)
	if !root {
		for _, e := range entries {
			if e == "SKILL.md" && v.isFile(pytext.Join(dir, e)) {
				s.read(pytext.Join(dir, e))
				return nil
			}
		}
	}
	s.listAhead(ctx, dir, entries)
	for _, e := range entries {
		full := pytext.Join(dir, e)
		if strings.HasPrefix(e, ".") || ignoredNames[e] {
			s.l.exclude(full, ReasonIgnoredName, "")
			continue
		}
		if v.isDir(full) {
			if err := s.scan(ctx, full, false, depth+1); err != nil {
				return err
			}
			continue
		}
		if !root || !v.isFile(full) || !strings.HasSuffix(e, ".md") {
			continue
		}
		if strings.ToUpper(e) == "README.MD" {
			s.l.exclude(full, ReasonReadme, "")
			continue
		}
		s.read(full)
	}
	return nil
}

// listAhead lists ahead, in parallel, the subdirectories of dir that
// the walk is about to enter: those the listing types as directories,
// neither hidden nor ignored by name (sources.PrefetchDirs).
func (s *scanner) listAhead(ctx context.Context, dir string, entries []string) {
	if len(entries) < sources.MinDirsAhead {
		return
	}
	v := s.l.view
	var dirs []string
	for _, e := range entries {
		if strings.HasPrefix(e, ".") || ignoredNames[e] {
			continue
		}
		if a := v.abs(pytext.Join(dir, e)); v.listed[a] == fs.ModeDir {
			dirs = append(dirs, a)
		}
	}
	sources.PrefetchDirs(ctx, v.fsys, dirs)
}

// read notes a skill file the walk met; readMet reads it.
func (s *scanner) read(p string) {
	s.l.consult(p)
	s.met = append(s.met, metFile{path: p, excluded: len(s.l.res.Excluded)})
	s.ahead.Add(p)
}

// readMet reads the skill files the walk met, in its order, once they
// have been read ahead while the walk went on (pytext.ReadInBackground,
// where the file system can and there is another CPU): the result is what
// reading each as the walk met it gives, an unreadable one left out with
// its exclusion where the walk would have recorded it. Nothing in the
// walk depends on a file's content.
func (s *scanner) readMet() {
	v := s.l.view
	excluded := s.l.res.Excluded
	var merged []prov.Exclusion // nil until a file is unreadable
	done := 0                   // excluded[:done] are in merged
	for _, m := range s.met {
		text, size, err := pytext.ReadText(v.fsys, v.base, m.path)
		if err != nil {
			merged = append(merged, excluded[done:m.excluded]...)
			done = m.excluded
			merged = append(merged, prov.Exclusion{Path: v.abs(m.path), Reason: ReasonUnreadable, Detail: err.Error()})
			continue
		}
		s.files = append(s.files, found{path: m.path, abs: v.abs(m.path), size: size, source: s.source, content: text})
	}
	if merged != nil {
		s.l.res.Excluded = append(merged, excluded[done:]...)
	}
	s.met = nil
}
