package casetest

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/promptc/promptc/sources"
)

// Recording is what promptc record knows after a real build: the paths
// the build touched (through a [Capture]) and the host facts a case must
// reproduce. Spec turns it into a hermetic case.
type Recording struct {
	// FS is the host file system the build read (not the Capture).
	FS sources.FS
	// Accesses are the paths the build touched.
	Accesses []Access
	// Wd is the physical working directory and Home the home directory,
	// absolute and slash-separated.
	Wd, Home string
	// Args are the arguments of promptc build, as given.
	Args []string
	// Env are the host's values of the variables the case keeps (besides
	// HOME and PWD, which Spec writes).
	Env []EnvVar
	// Doc is the case comment.
	Doc string
}

// Captured is one entry of a recorded tree, for the list promptc record
// prints: what of the host went into the case.
type Captured struct {
	// Host is the host path, Case the path relative to $WORK.
	Host, Case string
	// Kind is "file" (content included), "empty" (only probed: an empty
	// file stands for it), "dir" or "symlink".
	Kind string
	// Target is a symlink's target as the case writes it.
	Target string
}

// entry is a host path the case needs.
type entry struct {
	kind    string // "file", "dir" or "symlink"
	content bool   // a file that was read, or a directory that was listed
	mode    fs.FileMode
	target  string
}

// recTree collects the entries of a recording.
type recTree struct {
	fsys    sources.FS
	entries map[string]*entry
}

// Spec builds the case of r with an empty prompt (the caller runs it to
// get the prompt) and lists what it holds. Every host path the build read
// or found is rebased under one root: the deepest directory that holds
// them all and the working and home directories (so the walk up from the
// working directory sees the same ancestors); that root becomes $WORK and
// is returned. Symlinks along every path are kept as symlinks (absolute
// targets rebased), directories that were listed get an entry for each
// child (an empty file for a file only listed), files that were only
// probed become empty files, and paths that do not exist need no entry.
// Absolute paths under the root are rebased in the arguments, the
// variables and file contents too.
func (r *Recording) Spec() (*Spec, []Captured, string, error) {
	t := &recTree{fsys: r.FS, entries: map[string]*entry{}}
	for _, a := range r.Accesses {
		t.add(a.Path, a.Op != "lstat" && a.Op != "readlink", a.Op)
	}
	// The working directory must exist in the case; so does the home, as
	// on the host.
	t.add(r.Wd, true, "stat")
	t.add(r.Home, true, "stat")
	t.addListed()
	root := r.root(t)
	rb := rebaser(root)
	s := &Spec{Doc: r.Doc}
	var caps []Captured
	under := map[string]bool{} // paths below which something is written
	for _, p := range sortedKeys(t.entries) {
		e := t.entries[p]
		rel, ok := rb.rel(p)
		if !ok || rel == "." {
			continue
		}
		switch e.kind {
		case "file":
			c := Captured{Host: p, Case: rel, Kind: "empty"}
			f := SpecFile{Name: rel}
			if e.content {
				data, err := sources.ReadFile(r.FS, p)
				if err != nil {
					return nil, nil, "", fmt.Errorf("reading %s: %v", p, err)
				}
				f.Data, c.Kind = data, "file"
				if root != "/" && !bytes.Contains(data, []byte(workVar)) {
					if d := rb.text(string(data)); d != string(data) {
						f.Data, f.Subst = []byte(d), true
					}
				}
			}
			s.Files = append(s.Files, f)
			caps = append(caps, c)
			if e.mode.Perm()&0o700 != 0o600 {
				s.Modes = append(s.Modes, SpecMode{Path: rel, Mode: e.mode.Perm()})
			}
		case "symlink":
			target := e.target
			if strings.HasPrefix(target, "/") {
				target = rb.path(target)
			}
			s.Links = append(s.Links, SpecLink{Name: rel, Target: target})
			caps = append(caps, Captured{Host: p, Case: rel, Kind: "symlink", Target: target})
		case "dir":
			if e.mode.Perm()&0o700 != 0o700 {
				s.Modes = append(s.Modes, SpecMode{Path: rel, Mode: e.mode.Perm() | fs.ModeDir})
			}
			continue
		}
		for d := path.Dir(rel); d != "."; d = path.Dir(d) {
			under[d] = true
		}
	}
	for _, p := range sortedKeys(t.entries) {
		if e := t.entries[p]; e.kind == "dir" {
			if rel, ok := rb.rel(p); ok && rel != "." && !under[rel] {
				s.Dirs = append(s.Dirs, rel)
				caps = append(caps, Captured{Host: p, Case: rel, Kind: "dir"})
				for d := path.Dir(rel); d != "."; d = path.Dir(d) {
					under[d] = true
				}
			}
		}
	}
	for _, a := range r.Args {
		s.Args = append(s.Args, rb.arg(a))
	}
	s.Env = append(s.Env, EnvVar{Key: "HOME", Value: rb.path(r.Home)})
	if r.Wd != root {
		s.Env = append(s.Env, EnvVar{Key: "PWD", Value: rb.path(r.Wd)})
	}
	for _, e := range r.Env {
		s.Env = append(s.Env, EnvVar{Key: e.Key, Value: rb.list(e.Value)})
	}
	return s, caps, root, nil
}

// add records the entries on the way to p: every symlink met (followed,
// the last one only when follow is set), the directories, and the final
// entry, as op found it. A path that does not exist stops the walk: what
// is missing needs no entry.
func (t *recTree) add(p string, follow bool, op string) {
	rest := strings.Split(strings.TrimPrefix(path.Clean(p), "/"), "/")
	resolved := "/"
	for hops := 0; len(rest) > 0 && hops <= maxHops; {
		part := rest[0]
		rest = rest[1:]
		switch part {
		case "", ".":
			continue
		case "..":
			resolved = path.Dir(resolved)
			continue
		}
		next := path.Join(resolved, part)
		fi, err := sources.Lstat(t.fsys, next)
		if err != nil {
			return
		}
		last := len(rest) == 0
		if fi.Mode()&fs.ModeSymlink != 0 {
			target, err := t.fsys.ReadLink(sources.Name(next))
			if err != nil {
				return
			}
			t.put(next, &entry{kind: "symlink", target: target})
			if last && !follow {
				return
			}
			hops++
			if strings.HasPrefix(target, "/") {
				resolved = "/"
			}
			rest = append(strings.Split(target, "/"), rest...)
			continue
		}
		e := &entry{kind: "file", mode: fi.Mode()}
		if fi.IsDir() {
			e.kind = "dir"
		}
		e.content = last && (op == "read" && !fi.IsDir() || op == "list" && fi.IsDir())
		t.put(next, e)
		resolved = next
	}
}

// put records e at p, keeping what an earlier access saw (content wins).
func (t *recTree) put(p string, e *entry) {
	if old, ok := t.entries[p]; ok {
		old.content = old.content || e.content
		return
	}
	t.entries[p] = e
}

// addListed gives every listed directory an entry per child, so that a
// listing in the case shows the same names.
func (t *recTree) addListed() {
	for _, p := range sortedKeys(t.entries) {
		e := t.entries[p]
		if e.kind != "dir" || !e.content {
			continue
		}
		children, err := sources.ReadDir(t.fsys, p)
		if err != nil {
			continue
		}
		for _, c := range children {
			child := path.Join(p, c.Name())
			if _, ok := t.entries[child]; !ok {
				t.add(child, false, "lstat")
			}
		}
	}
}

// root is the deepest directory holding the working and home directories
// and every file, symlink and listed directory of t.
func (r *Recording) root(t *recTree) string {
	paths := []string{path.Clean(r.Wd), path.Clean(r.Home)}
	for p, e := range t.entries {
		if e.kind != "dir" || e.content {
			paths = append(paths, p)
		}
	}
	root := paths[0]
	for _, p := range paths[1:] {
		for root != "/" && p != root && !strings.HasPrefix(p, root+"/") {
			root = path.Dir(root)
		}
	}
	if e, ok := t.entries[root]; ok && e.kind != "dir" {
		root = path.Dir(root)
	}
	return root
}

// rebaser rewrites host paths under a root as $WORK paths.
type rebaser string

// rel returns p relative to the root, if it is under it.
func (root rebaser) rel(p string) (string, bool) {
	r := string(root)
	switch {
	case p == r:
		return ".", true
	case r == "/":
		return strings.TrimPrefix(p, "/"), true
	case strings.HasPrefix(p, r+"/"):
		return p[len(r)+1:], true
	}
	return "", false
}

// path rebases p when it is under the root; other paths stay.
func (root rebaser) path(p string) string {
	rel, ok := root.rel(path.Clean(p))
	if !ok || !strings.HasPrefix(p, "/") {
		return p
	}
	if rel == "." {
		return workVar
	}
	return workVar + "/" + rel
}

// arg rebases an argument that is an absolute path, or a --flag=PATH.
func (root rebaser) arg(a string) string {
	if strings.HasPrefix(a, "/") {
		return root.path(a)
	}
	if k, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(k, "-") && strings.HasPrefix(v, "/") {
		return k + "=" + root.path(v)
	}
	return a
}

// list rebases each element of a colon-separated list (PATH-like).
func (root rebaser) list(v string) string {
	parts := strings.Split(v, ":")
	for i, p := range parts {
		if strings.HasPrefix(p, "/") {
			parts[i] = root.path(p)
		}
	}
	return strings.Join(parts, ":")
}

// text rebases every occurrence of the root in s that is a whole path
// prefix (followed by "/", a non-name byte or the end).
func (root rebaser) text(s string) string {
	r := string(root)
	var b strings.Builder
	for {
		i := strings.Index(s, r)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(r)
		if end < len(s) && s[end] != '/' && (isNameByte(s[end]) || s[end] == '.' || s[end] == '-') {
			b.WriteString(s[:end])
		} else {
			b.WriteString(s[:i] + workVar)
		}
		s = s[end:]
	}
}

func sortedKeys(m map[string]*entry) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
