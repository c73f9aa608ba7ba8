package casetest

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// Names of the archive files a case reads instead of materializing.
const (
	argsFile = "args"
	envFile  = "env"
	wantFile = "want"
	fsFile   = "fs"
)

// Case is one parsed case file. Its zero value is not useful; use Parse.
type Case struct {
	// Path names the file in messages, as the caller gave it.
	Path string
	// Name is what -run matches and reports show: the path relative to
	// the directory searched, slash-separated, without ".txtar".
	Name string
	// Doc is the comment before the first file: what the case shows.
	Doc string

	args  []word
	env   []envVar
	files []caseFile // materialized, with content fixes applied
	ops   []fsOp     // mkdir, symlink and chmod, in order

	// want is the expected prompt plus "\n", root written $WORK, decoded
	// (unquoted); hasWant reports whether the case has one.
	want       []byte
	hasWant    bool
	wantQuoted bool
	wantIndex  int // index of want in arch.files; -1 without one
	fsIndex    int // index of fs in arch.files; -1 without one
	arch       *archive
}

type envVar struct {
	key   string
	value word
	line  int
}

type caseFile struct {
	name  string // slash-separated, relative to $WORK
	data  []byte
	line  int
	subst bool // subst-work: data holds workMark for each $WORK
}

// fsOp is one mkdir, symlink or chmod line of the fs file.
type fsOp struct {
	op   string
	args []string // paths relative to $WORK; a symlink's target as a word
	mode uint32   // chmod
	line int
}

// Parse reads a case file. Every problem is reported, each as
// "path:LINE: what is wrong" (an [ErrorList]). A case without a want file
// parses (Want reports it missing): the runner reports it, or writes it
// with Update.
func Parse(pathName, name string, data []byte) (*Case, error) {
	a := parseArchive(data)
	c := &Case{Path: pathName, Name: name, Doc: string(a.raw[a.comment.start:a.comment.end]), wantIndex: -1, fsIndex: -1, arch: a}
	var errs ErrorList
	fail := func(line int, format string, args ...any) {
		errs = append(errs, &Error{Path: pathName, Line: line, Msg: fmt.Sprintf(format, args...)})
	}
	seen := map[string]int{}
	var fsData []byte
	fsLine := 0
	for i, f := range a.files {
		if prev, ok := seen[f.name]; ok {
			fail(f.line, "a second file named %q (the first is at line %d)", f.name, prev)
			continue
		}
		seen[f.name] = f.line
		data := a.text(f.data)
		switch f.name {
		case argsFile:
			c.parseArgs(a, f, fail)
		case envFile:
			c.parseEnv(a, f, fail)
		case wantFile:
			c.want, c.hasWant, c.wantIndex = data, true, i
		case fsFile:
			fsData, fsLine, c.fsIndex = data, f.line, i
		default:
			rel, err := relPath(word(f.name))
			if err != nil {
				fail(f.line, "file name %q: %v", f.name, err)
				continue
			}
			if rel == "." {
				fail(f.line, "file name %q names $WORK itself", f.name)
				continue
			}
			c.files = append(c.files, caseFile{name: rel, data: data, line: f.line})
		}
	}
	checkClashes(c.files, fail)
	if fsData != nil {
		c.parseFS(fsData, fsLine, fail)
	}
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Line < errs[j].Line })
	if len(errs) > 0 {
		return nil, errs
	}
	return c, nil
}

// lines splits an archive file's data into lines with their numbers.
func lines(a *archive, f archiveFile) (out []string, first int) {
	text := strings.TrimSuffix(string(a.text(f.data)), "\n")
	if text == "" {
		return nil, f.line + 1
	}
	return strings.Split(text, "\n"), f.line + 1
}

func (c *Case) parseArgs(a *archive, f archiveFile, fail func(int, string, ...any)) {
	ls, first := lines(a, f)
	found := false
	for i, l := range ls {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if found {
			fail(first+i, "args: a second line; the arguments of promptc build are one line")
			continue
		}
		found = true
		ws, err := splitWords(strings.TrimSuffix(l, "\r"))
		if err != nil {
			fail(first+i, "args: %v", err)
			continue
		}
		c.args = ws
	}
}

func (c *Case) parseEnv(a *archive, f archiveFile, fail func(int, string, ...any)) {
	ls, first := lines(a, f)
	seen := map[string]int{}
	for i, l := range ls {
		n := first + i
		l = strings.TrimSuffix(l, "\r")
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		switch {
		case !ok:
			fail(n, "env: want KEY=VALUE, got %q", l)
			continue
		case !isName(k):
			fail(n, "env: %q is not a variable name (letters, digits and _, not starting with a digit)", k)
			continue
		}
		if prev, dup := seen[k]; dup {
			fail(n, "env: %s is already set at line %d", k, prev)
			continue
		}
		seen[k] = n
		c.env = append(c.env, envVar{key: k, value: envValue(v), line: n})
	}
}

// envValue is an env value: literal, except that $WORK and ${WORK} stand
// for the case root.
func envValue(v string) word {
	v = strings.ReplaceAll(v, "${WORK}", workMark)
	var b strings.Builder
	for {
		i := strings.Index(v, workVar)
		if i < 0 {
			b.WriteString(v)
			return word(b.String())
		}
		end := i + len(workVar)
		if end < len(v) && isNameByte(v[end]) {
			b.WriteString(v[:end])
		} else {
			b.WriteString(v[:i] + workMark)
		}
		v = v[end:]
	}
}

func isName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// relPath checks a path of a case (a file name or an fs argument): relative
// to $WORK, or starting with $WORK, and staying inside it. It returns the
// clean slash-separated path relative to $WORK ("." for $WORK itself).
func relPath(w word) (string, error) {
	const root = "/\x01root"
	s := w.expand(root)
	switch {
	case s == root:
		return ".", nil
	case strings.HasPrefix(s, root+"/"):
		s = s[len(root)+1:]
	case strings.Contains(s, root):
		return "", fmt.Errorf("$WORK must start the path")
	case strings.HasPrefix(s, "/"):
		return "", fmt.Errorf("an absolute path; write paths relative to $WORK, or starting with $WORK")
	case s == "":
		return "", fmt.Errorf("an empty path")
	}
	p := path.Clean(s)
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", fmt.Errorf("leaves $WORK")
	}
	return p, nil
}

// checkClashes reports a file that another file's name puts below it.
func checkClashes(files []caseFile, fail func(int, string, ...any)) {
	byName := map[string]caseFile{}
	for _, f := range files {
		byName[f.name] = f
	}
	for _, f := range files {
		for d := path.Dir(f.name); d != "."; d = path.Dir(d) {
			if g, ok := byName[d]; ok {
				fail(f.line, "file %q is below file %q (line %d)", f.name, g.name, g.line)
				break
			}
		}
	}
}

// file returns the archive file named rel.
func (c *Case) file(rel string) *caseFile {
	for i := range c.files {
		if c.files[i].name == rel {
			return &c.files[i]
		}
	}
	return nil
}

// unquoteWant decodes a quoted want (fs: unquote want).
func (c *Case) unquoteWant() error {
	d, err := txtar.Unquote(c.want)
	if err != nil {
		return err
	}
	c.want, c.wantQuoted = d, true
	return nil
}

// Args returns the case's build arguments with root for $WORK.
func (c *Case) Args(root string) []string {
	out := make([]string, len(c.args))
	for i, w := range c.args {
		out[i] = w.expand(root)
	}
	return out
}

// Want returns the expected prompt plus "\n", with the case root written
// $WORK, and whether the case has one.
func (c *Case) Want() ([]byte, bool) { return c.want, c.hasWant }
