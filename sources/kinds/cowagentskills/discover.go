package cowagentskills

import (
	"context"
	"strings"

	"github.com/promptc/promptc/internal/port/py/pytext"
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
}

// scanRoot loads a skills directory; a missing or non-directory path
// yields nothing.
func (s *scanner) scanRoot(ctx context.Context, dir string) error {
	if dir == "" || !s.l.view.exists(dir) || !s.l.view.isDir(dir) {
		return nil
	}
	return s.scan(ctx, dir, true, 0)
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

// read reads one skill file; an unreadable one is left out.
func (s *scanner) read(p string) {
	abs := s.l.view.abs(p)
	s.l.consult(p)
	text, size, err := pytext.ReadText(s.l.view.fsys, s.l.view.base, p)
	if err != nil {
		s.l.exclude(p, ReasonUnreadable, err.Error())
		return
	}
	s.files = append(s.files, found{path: p, abs: abs, size: size, source: s.source, content: text})
}
