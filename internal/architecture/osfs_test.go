package architecture

import (
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestVocabularyOpensNoFiles: the kind vocabulary holds no operating-system
// code. No file of sources (for any GOOS) imports os, golang.org/x/sys or
// a port of another runtime (Node's error wording is
// internal/port/js/nodeerr; the host's file system and its fast paths are
// sources/osfs). syscall appears only where the vocabulary reads what any
// FS returns: errno values (ENAMETOOLONG in a walk, EISDIR from
// CheckRegular) and a FileInfo's device and inode (a walk's link cycles).
func TestVocabularyOpensNoFiles(t *testing.T) {
	syscallAllowed := []string{"walk.go", "walk_linux.go", "isdir_unix.go"}
	files, err := filepath.Glob("../../sources/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no sources files: %v", err)
	}
	for _, file := range files {
		name := filepath.Base(file)
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			switch {
			case path == "os", path == "golang.org/x/sys" || strings.HasPrefix(path, "golang.org/x/sys/"), strings.HasPrefix(path, module+"internal/port/"):
				t.Errorf("sources/%s imports %s (operating-system code belongs in sources/osfs)", name, path)
			case path == "syscall" && !slices.Contains(syscallAllowed, name):
				t.Errorf("sources/%s imports syscall (allowed only in %s)", name, strings.Join(syscallAllowed, ", "))
			}
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if constraint.IsGoBuild(c.Text) && !slices.Contains(syscallAllowed, name) && name != "walk_other.go" && name != "isdir_other.go" {
					t.Errorf("sources/%s is built for some systems only (%s)", name, c.Text)
				}
			}
		}
	}
}
