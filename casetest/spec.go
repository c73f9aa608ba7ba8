package casetest

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// Spec is a case to write, as promptc record and the oracle converters
// produce them. Paths are slash-separated and relative to $WORK; the
// literal text $WORK in Args, Env values and link targets stands for the
// case root.
type Spec struct {
	// Doc is the comment: what the case shows.
	Doc string
	// Args are the arguments of promptc build.
	Args []string
	// Env are the case's variables, in order.
	Env []EnvVar
	// Files are the archive files.
	Files []SpecFile
	// Dirs are directories to make (ones no file implies).
	Dirs []string
	// Links are symbolic links.
	Links []SpecLink
	// Modes are permission bits to set once everything exists.
	Modes []SpecMode
	// Prompt is the expected prompt, the root written $WORK.
	Prompt []byte
}

// EnvVar is one env line.
type EnvVar struct{ Key, Value string }

// SpecFile is a file of a Spec.
type SpecFile struct {
	Name string
	Data []byte
	// Subst marks data in which each literal $WORK is the root
	// (restored with subst-work).
	Subst bool
}

// SpecLink is a symbolic link of a Spec.
type SpecLink struct{ Name, Target string }

// SpecMode sets the permission bits of Path.
type SpecMode struct {
	Path string
	Mode fs.FileMode
}

// Format writes s as a case file and checks that Parse reads back what s
// says. The fs file lists, in order: mkdir, symlink, then the content
// commands of each file, then chmod (files before directories, deeper
// paths first, so that no chmod blocks a later step).
func (s *Spec) Format() ([]byte, error) {
	var b bytes.Buffer
	if s.Doc != "" {
		b.WriteString(strings.TrimSuffix(s.Doc, "\n") + "\n")
	}
	if len(s.Args) > 0 {
		b.WriteString("-- args --\n" + joinWords(s.Args, workVar) + "\n")
	}
	if len(s.Env) > 0 {
		b.WriteString("-- env --\n")
		for _, e := range s.Env {
			if !isName(e.Key) || strings.ContainsAny(e.Value, "\n\r") {
				return nil, fmt.Errorf("env %s: not expressible as a KEY=VALUE line", e.Key)
			}
			b.WriteString(e.Key + "=" + e.Value + "\n")
		}
	}
	var fsLines []string
	for _, d := range s.Dirs {
		fsLines = append(fsLines, "mkdir "+quoteWord(d, workVar))
	}
	for _, l := range s.Links {
		fsLines = append(fsLines, "symlink "+quoteWord(l.Name, workVar)+" -> "+quoteWord(l.Target, workVar))
	}
	files := append([]SpecFile(nil), s.Files...)
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	var body bytes.Buffer
	for _, f := range files {
		if reserved(f.Name) {
			return nil, fmt.Errorf("%s: a case cannot hold a file of this name at $WORK", f.Name)
		}
		stored, fixes, err := encode(f.Data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f.Name, err)
		}
		if f.Subst {
			fixes = append(fixes, "subst-work")
		}
		for _, fx := range fixes {
			fsLines = append(fsLines, fx+" "+quoteWord(f.Name, ""))
		}
		fmt.Fprintf(&body, "-- %s --\n", f.Name)
		body.Write(stored)
	}
	modes := append([]SpecMode(nil), s.Modes...)
	sort.SliceStable(modes, func(i, j int) bool {
		di, dj := modes[i].Mode.IsDir(), modes[j].Mode.IsDir()
		if di != dj {
			return !di
		}
		return strings.Count(modes[i].Path, "/") > strings.Count(modes[j].Path, "/")
	})
	for _, m := range modes {
		fsLines = append(fsLines, fmt.Sprintf("chmod %04o %s", m.Mode.Perm(), quoteWord(m.Path, workVar)))
	}
	want := append(append([]byte(nil), s.Prompt...), '\n')
	wantStored := want
	if bytesNeedQuote(want) {
		q, err := quote(want)
		if err != nil {
			return nil, fmt.Errorf("want: %v", err)
		}
		wantStored = q
		fsLines = append(fsLines, "unquote want")
	}
	if len(fsLines) > 0 {
		b.WriteString("-- fs --\n" + strings.Join(fsLines, "\n") + "\n")
	}
	b.Write(body.Bytes())
	b.WriteString("-- want --\n")
	b.Write(wantStored)
	out := b.Bytes()
	return out, s.check(out)
}

// reserved reports whether a file name clashes with the case's own files.
func reserved(name string) bool {
	switch name {
	case argsFile, envFile, wantFile, fsFile:
		return true
	}
	return false
}

// check parses a formatted case back and compares it with s.
func (s *Spec) check(out []byte) error {
	c, err := Parse("spec", "spec", out)
	if err != nil {
		return fmt.Errorf("the case does not read back: %v", err)
	}
	if got := c.Args(workVar); strings.Join(got, "\x00") != strings.Join(s.Args, "\x00") {
		return fmt.Errorf("args read back as %q", got)
	}
	if w, _ := c.Want(); !bytes.Equal(w, append(append([]byte(nil), s.Prompt...), '\n')) {
		return fmt.Errorf("want does not read back")
	}
	if len(c.files) != len(s.Files) {
		return fmt.Errorf("%d files read back; want %d", len(c.files), len(s.Files))
	}
	for _, f := range s.Files {
		g := c.file(path.Clean(f.Name))
		if g == nil {
			return fmt.Errorf("%s does not read back", f.Name)
		}
		data := g.data
		if g.subst {
			data = bytes.ReplaceAll(data, []byte(workMark), []byte(workVar))
		}
		if !bytes.Equal(data, f.Data) {
			return fmt.Errorf("%s does not read back", f.Name)
		}
	}
	return nil
}
