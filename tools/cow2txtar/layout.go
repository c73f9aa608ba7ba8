package main

import (
	"encoding/base64"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
)

// forcedFailureText is what the harness writes at skills.custom_dir for
// inject_error cases.
const forcedFailureText = "conformance harness: a regular file where the skills dir should be; " +
	"CowAgent's refresh_skills raises here, so the build fails (see conformance/cowagent.md)\n"

// layout is the tree the harness's materialize leaves under the oracle
// root, as paths relative to it: regular files and the directories that
// exist (ancestors of files included).
type layout struct {
	files map[string][]byte
	dirs  map[string]bool
}

// rootRel is normpath(p) relative to the oracle root ("" for the root),
// or an error if p is not under it.
func rootRel(p string) (string, error) {
	n := path.Clean(p)
	if n == oracleRoot {
		return "", nil
	}
	if !strings.HasPrefix(n, oracleRoot+"/") {
		return "", fmt.Errorf("path outside %s: %s", oracleRoot, p)
	}
	return strings.TrimPrefix(n, oracleRoot+"/"), nil
}

func join(dir, rel string) string {
	if dir == "" {
		return rel
	}
	return dir + "/" + rel
}

// materialize lays out p as the harness does: the empty cwd, the
// workspace files, the builtin skills files, then the forced file; and a
// project dir (head inputs) as the oracle makes it.
func materialize(p *plan) (*layout, error) {
	l := &layout{files: map[string][]byte{}, dirs: map[string]bool{"": true}}
	for _, q := range []*string{p.workspace, p.builtinDir, p.forced, &p.cwd, p.project} {
		if q == nil {
			continue
		}
		if _, err := rootRel(*q); err != nil {
			return nil, err
		}
	}
	cwd, _ := rootRel(emptyCwd)
	if err := l.mkdirAll(cwd); err != nil {
		return nil, err
	}
	if p.workspace != nil {
		if err := l.writeTree(*p.workspace, p.wsFiles); err != nil {
			return nil, err
		}
	}
	if p.builtinDir != nil {
		if err := l.writeTree(*p.builtinDir, p.builtinFiles); err != nil {
			return nil, err
		}
	}
	if p.project != nil {
		d, _ := rootRel(*p.project)
		if err := l.mkdirAll(d); err != nil {
			return nil, err
		}
	}
	if p.forced != nil {
		f, _ := rootRel(*p.forced)
		if f == "" {
			return nil, fmt.Errorf("forced file at the oracle root")
		}
		if l.dirs[f] {
			for _, d := range slices.Collect(maps.Keys(l.dirs)) {
				if d == f || strings.HasPrefix(d, f+"/") {
					delete(l.dirs, d)
				}
			}
			for _, name := range slices.Collect(maps.Keys(l.files)) {
				if strings.HasPrefix(name, f+"/") {
					delete(l.files, name)
				}
			}
		}
		if err := l.writeFile(f, []byte(forcedFailureText)); err != nil {
			return nil, err
		}
	}
	if c, _ := rootRel(p.cwd); !l.dirs[c] {
		return nil, fmt.Errorf("--cwd directory missing after layout: %s", p.cwd)
	}
	return l, nil
}

// mkdirAll is os.makedirs(dir, exist_ok=True).
func (l *layout) mkdirAll(dir string) error {
	for d := dir; d != ""; d = parent(d) {
		if _, ok := l.files[d]; ok {
			return fmt.Errorf("%s: not a directory", d)
		}
	}
	for d := dir; d != ""; d = parent(d) {
		l.dirs[d] = true
	}
	return nil
}

// writeFile writes a regular file, creating its parents.
func (l *layout) writeFile(name string, data []byte) error {
	if l.dirs[name] {
		return fmt.Errorf("%s: is a directory", name)
	}
	if err := l.mkdirAll(parent(name)); err != nil {
		return err
	}
	l.files[name] = data
	return nil
}

// writeTree is the harness's write_tree: root, then every file of the
// tree map under it.
func (l *layout) writeTree(root string, files object) error {
	dir, err := rootRel(root)
	if err != nil {
		return err
	}
	if err := l.mkdirAll(dir); err != nil {
		return err
	}
	for _, m := range files {
		if m.key == "" || strings.HasPrefix(m.key, "/") || strings.ContainsRune(m.key, 0) {
			return fmt.Errorf("bad relative path in tree map: %q", m.key)
		}
		for _, part := range strings.Split(m.key, "/") {
			if part == "" || part == "." || part == ".." {
				return fmt.Errorf("bad relative path in tree map: %q", m.key)
			}
		}
		data, err := contentBytes(m.key, m.val)
		if err != nil {
			return err
		}
		if err := l.writeFile(join(dir, m.key), data); err != nil {
			return err
		}
	}
	return nil
}

// contentBytes is a tree map value: text, or {"base64": ...}.
func contentBytes(rel string, v any) ([]byte, error) {
	switch t := v.(type) {
	case string:
		return []byte(t), nil
	case object:
		if len(t) == 1 && t[0].key == "base64" {
			s, ok := t[0].val.(string)
			if ok {
				b, err := base64.StdEncoding.DecodeString(s)
				if err != nil {
					return nil, fmt.Errorf("%s: bad base64: %w", rel, err)
				}
				return b, nil
			}
		}
	}
	return nil, fmt.Errorf("%s: unsupported content marker %v", rel, v)
}

// parent is the parent of a root-relative path ("" for the root).
func parent(rel string) string {
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		return rel[:i]
	}
	return ""
}

// bareDirs are the directories that hold no file, deepest only: the
// ones the archive does not create and a script must mkdir.
func (l *layout) bareDirs() []string {
	full := map[string]bool{}
	for name := range l.files {
		for d := parent(name); d != ""; d = parent(d) {
			full[d] = true
		}
	}
	var out []string
	for d := range l.dirs {
		if d == "" || full[d] {
			continue
		}
		leaf := true
		for e := range l.dirs {
			if strings.HasPrefix(e, d+"/") {
				leaf = false
				break
			}
		}
		if leaf {
			out = append(out, d)
		}
	}
	slices.Sort(out)
	return out
}
