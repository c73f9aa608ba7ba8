package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// trVar is how a translation's args.json names its own folder.
const trVar = "${TR}"

// trDir is where a script puts the translations, relative to $WORK.
const trDir = "translation"

// translation stands in for a case's JavaScript extensions: promptc
// arguments (args.json, see shared/conformance/README.md) and the files
// they name, which live in DIR/<case> (or, through ${TR}/../<other>/, in
// another case's folder).
type translation struct {
	args []string
	// files maps a path relative to DIR to the file's bytes; exec lists
	// the executable ones.
	files map[string][]byte
	exec  map[string]bool
}

// loadTranslation reads DIR/<name>/args.json and the files of that folder
// and those the arguments name; nil when there is none.
func loadTranslation(dir, name string) (*translation, error) {
	if dir == "" {
		return nil, nil
	}
	data, err := os.ReadFile(filepath.Join(dir, name, "args.json"))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	tr := &translation{files: map[string][]byte{}, exec: map[string]bool{}}
	if err := json.Unmarshal(data, &tr.args); err != nil {
		return nil, fmt.Errorf("translation %s/args.json: want a JSON list of strings: %w", name, err)
	}
	entries, err := os.ReadDir(filepath.Join(dir, name))
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.Name() != "args.json" && e.Type().IsRegular() {
			if err := tr.add(dir, path.Join(name, e.Name())); err != nil {
				return nil, err
			}
		}
	}
	for _, a := range tr.args {
		rest, ok := strings.CutPrefix(a, trVar+"/")
		if !ok {
			continue
		}
		rel := path.Clean(path.Join(name, rest))
		if rel == ".." || strings.HasPrefix(rel, "../") {
			return nil, fmt.Errorf("translation %s: %s leaves the translations folder", name, a)
		}
		if _, done := tr.files[rel]; !done {
			if err := tr.add(dir, rel); err != nil {
				return nil, err
			}
		}
	}
	return tr, nil
}

func (tr *translation) add(dir, rel string) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	info, err := os.Stat(p)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	tr.files[rel] = data
	if info.Mode()&0o111 != 0 {
		tr.exec[rel] = true
	}
	return nil
}

// translationFiles stores the translation's files under $WORK/translation
// and makes the executable ones executable.
func (s *script) translationFiles() {
	tr := s.c.tr
	names := make([]string, 0, len(tr.files))
	for n := range tr.files {
		names = append(names, n)
	}
	sort.Strings(names)
	s.phase("the translation of the case's JavaScript extensions (testdata/pi-translations/" + s.c.name + ")")
	hasOwn := false
	for _, n := range names {
		hasOwn = hasOwn || strings.HasPrefix(n, s.c.name+"/")
	}
	if !hasOwn {
		s.line("mkdir " + pathWord(path.Join(trDir, s.c.name))) // ${TR} exists even when it holds no file
	}
	for _, n := range names {
		rel := path.Join(trDir, n)
		s.fix(rel, s.addFile(rel, tr.files[n]))
		if tr.exec[n] {
			s.line("chmod 0755 " + pathWord(rel))
		}
	}
}

// translationArgs are the translation's arguments with ${TR} and ${ROOT}
// as the script writes them.
func (s *script) translationArgs() ([]string, error) {
	var out []string
	for _, a := range s.c.tr.args {
		w, err := workArg(strings.ReplaceAll(a, trVar, rootVar+"/"+trDir+"/"+s.c.name))
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}
