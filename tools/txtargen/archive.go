package txtargen

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// Archive assembles one testscript: the script lines and the archive
// files. The zero value is empty and ready to use.
type Archive struct {
	lines []string
	files []txtar.File
	names map[string]bool // archive file names as given to AddFile
}

// Line appends script lines.
func (a *Archive) Line(lines ...string) { a.lines = append(a.lines, lines...) }

// Has reports whether an archive file is named name.
func (a *Archive) Has(name string) bool { return a.names[name] }

// AddFile stores data in the archive under name, a slash-separated path
// relative to $WORK, and returns the commands that restore its exact bytes
// (see [Encode]); the caller emits them, each followed by the file name.
// A name that txtar or testscript cannot carry, a second file of the same
// name, or a file inside another one is an error.
func (a *Archive) AddFile(name string, data []byte) ([]string, error) {
	if name == "" || strings.ContainsAny(name, "\n\r") || strings.TrimSpace(name) != name || strings.Contains(name, " --") {
		return nil, fmt.Errorf("%q cannot be a txtar file name", name)
	}
	if a.names[name] {
		return nil, fmt.Errorf("two archive files named %q", name)
	}
	for n := range a.names {
		if strings.HasPrefix(n, name+"/") || strings.HasPrefix(name, n+"/") {
			return nil, fmt.Errorf("archive files %q and %q clash", n, name)
		}
	}
	st, err := Encode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if a.names == nil {
		a.names = map[string]bool{}
	}
	a.names[name] = true
	// testscript expands $ in archive names; $$ is a literal $.
	a.files = append(a.files, txtar.File{Name: strings.ReplaceAll(name, "$", "$$"), Data: st.Data})
	return st.Fixes, nil
}

// Format renders the archive and checks that testscript will read back
// exactly the script and files written.
func (a *Archive) Format() ([]byte, error) {
	ar := &txtar.Archive{Comment: []byte(strings.Join(a.lines, "\n") + "\n"), Files: a.files}
	out := txtar.Format(ar)
	back := txtar.Parse(out)
	if !bytes.Equal(back.Comment, ar.Comment) || len(back.Files) != len(ar.Files) {
		return nil, fmt.Errorf("archive does not read back: script or file list differs")
	}
	for i, f := range back.Files {
		want := ar.Files[i].Data
		if len(want) > 0 && want[len(want)-1] != '\n' {
			want = append(append([]byte(nil), want...), '\n')
		}
		if f.Name != ar.Files[i].Name || !bytes.Equal(f.Data, want) {
			return nil, fmt.Errorf("archive file %s does not read back", ar.Files[i].Name)
		}
	}
	return out, nil
}
