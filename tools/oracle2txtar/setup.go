package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// setupOp emits setup op n (1-based) of case.json. Paths resolve against
// the root like path.resolve and must stay inside it.
func (s *script) setupOp(n int, o op) {
	rel, err := s.c.rel(o.Path)
	if err != nil || o.Path == "" {
		s.fail("setup op %d: bad path %q: %v", n, o.Path, err)
		return
	}
	switch o.Op {
	case "mkdir":
		s.line("mkdir " + pathWord(rel))
		s.markDirs(rel)
	case "write":
		s.write(n, rel, o)
	case "symlink":
		target, err := workArg(o.Target)
		if err != nil {
			s.fail("setup op %d: %v", n, err)
			return
		}
		s.mkdirParent(rel)
		s.line(fmt.Sprintf("symlink %s -> %s", pathWord(rel), target))
	case "chmod":
		mode, err := parseOctal(o.Mode)
		if err != nil || mode > 0o777 {
			s.fail("setup op %d: mode %v is not a permission (testscript chmod takes 0000-0777)", n, o.Mode)
			return
		}
		s.line(fmt.Sprintf("chmod %04o %s", mode, pathWord(rel)))
	case "rm":
		s.line("rm " + pathWord(rel))
		for d := range s.dirs {
			if d == rel || strings.HasPrefix(d, rel+"/") {
				delete(s.dirs, d)
			}
		}
	default:
		s.fail("setup op %d: unknown op %q", n, o.Op)
	}
}

// planWrites decides, before any command is emitted, which write ops go
// into the archive at their own path: those where nothing earlier in the
// op sequence (a tree symlink, an rm or symlink op, another file) touches
// that path or an ancestor, since the archive is extracted before any
// command runs. Their files are added now, so that their directories are
// known to exist from the start.
func (s *script) planWrites(ops []op) {
	for i, o := range ops {
		rel, err := s.c.rel(o.Path)
		if err != nil {
			continue // setupOp reports it
		}
		switch o.Op {
		case "rm", "symlink":
			s.touched[rel] = true
		case "write":
			if s.a.Has(rel) || s.blocked(rel) {
				continue
			}
			data, subst, err := writeContent(o)
			if err != nil {
				continue // setupOp reports it
			}
			fixes := s.addFile(rel, data)
			if subst {
				fixes = append(fixes, "subst-work")
			}
			s.direct[i+1] = fixes
		}
	}
}

// writeContent is a write op's content with "${ROOT}" written as the
// literal $WORK, which subst-work replaces, and whether it held one.
func writeContent(o op) ([]byte, bool, error) {
	content := ""
	if o.Content != nil {
		content = *o.Content
	}
	if !strings.Contains(content, rootVar) {
		return []byte(content), false, nil
	}
	if strings.Contains(content, "$WORK") {
		return nil, false, fmt.Errorf("content holds both ${ROOT} and a literal $WORK")
	}
	return []byte(strings.ReplaceAll(content, rootVar, "$WORK")), true, nil
}

// write emits write op n: the commands that restore the bytes of the file
// planWrites put in the archive, or else the content staged as setup/<n>
// and copied into place at this point of the sequence.
func (s *script) write(n int, rel string, o op) {
	if fixes, ok := s.direct[n]; ok {
		s.fix(rel, fixes)
		return
	}
	data, subst, err := writeContent(o)
	if err != nil {
		s.fail("setup op %d: %v", n, err)
		return
	}
	name := fmt.Sprintf("setup/%d", n)
	fixes := s.addFile(name, data)
	if subst {
		fixes = append(fixes, "subst-work")
	}
	s.fix(name, fixes)
	s.mkdirParent(rel)
	s.line(fmt.Sprintf("cp %s %s", pathWord(name), pathWord(rel)))
	s.markDirs(parentOf(rel))
}

func parentOf(rel string) string {
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		return rel[:i]
	}
	return ""
}

var octalPrefix = regexp.MustCompile(`^\s*([+-]?)([0-7]+)`)

// parseOctal is JS parseInt(String(v), 8) for the modes case.json uses.
func parseOctal(v any) (uint64, error) {
	str := fmt.Sprint(v)
	if f, ok := v.(float64); ok {
		str = strconv.FormatFloat(f, 'f', -1, 64)
	}
	m := octalPrefix.FindStringSubmatch(str)
	if m == nil || m[1] == "-" {
		return 0, fmt.Errorf("mode %q is not octal", str)
	}
	return strconv.ParseUint(m[2], 8, 32)
}
