package casetest

import (
	"errors"
	"strings"
	"testing"
)

// Vocabularies of FuzzMaterialize's generated lines: names with "..",
// $WORK and absolute paths, and link targets that leave the case in every
// way a kernel would follow (OUTSIDE is a directory beside the case root
// holding a file f and a directory d).
var (
	fuzzNames = []string{"d", "d/x", "d/l", "d/f", "d/d/y", "l", "a", "a/b", "a/up", "a/up/outside",
		"a/up/outside/f", "up/outside/d", "up/outside/f", "$WORK/d", "$WORK/d/f", "$WORK/..", "../x", "/abs",
		"f", "out", "out/d/z", "x/../..", "real", "real/x", "home/p", ".", "$WORK", "in/d", "in/f"}
	fuzzTargets = []string{"OUTSIDE", "OUTSIDE/f", "OUTSIDE/d", "..", "../..", "../outside", "../outside/f",
		"$WORK/..", "$WORK/../outside", "$WORK/d", "$WORK", "d", "a", "real", "/", "/etc", "nowhere", ".",
		"l", "up/../..", "../../outside/f", "d/..", "a/up"}
	fuzzModes = []string{"0700", "0000", "0755", "0644", "0500", "0777"}
)

// fuzzCase turns ops (three bytes a line: command, name, target or mode)
// and extra (raw fs lines) into a case file whose fs lines and archive
// files aim outside the case root at outside.
func fuzzCase(ops []byte, extra, outside string) string {
	var fsLines, files []string
	pick := func(list []string, b byte) string { return list[int(b)%len(list)] }
	for i := 0; i+2 < len(ops) && i < 3*24; i += 3 {
		name := pick(fuzzNames, ops[i+1])
		switch ops[i] % 4 {
		case 0:
			fsLines = append(fsLines, "mkdir "+name)
		case 1:
			fsLines = append(fsLines, "symlink "+name+" -> "+pick(fuzzTargets, ops[i+2]))
		case 2:
			fsLines = append(fsLines, "chmod "+pick(fuzzModes, ops[i+2])+" "+name)
		case 3:
			files = append(files, "-- "+name+" --\nfile "+name+"\n")
		}
	}
	text := "-- fs --\n" + strings.Join(fsLines, "\n") + "\n" + extra + "\n" + strings.Join(files, "") + "-- want --\nx\n"
	return strings.ReplaceAll(text, "OUTSIDE", outside)
}

// FuzzMaterialize materializes random cases (sequences of mkdir, symlink
// and chmod lines and archive files, with "..", absolute names and links
// out of the case) into a case root inside a watched directory, and
// checks that nothing outside the root changed, that a failure is a
// positioned case error, and that removing the tree stays inside too.
// The seeds in testdata/fuzz/FuzzMaterialize run with go test.
func FuzzMaterialize(f *testing.F) {
	f.Add([]byte{1, 0, 0, 0, 1, 0, 1, 2, 0, 2, 3, 0}, "") // symlink d -> OUTSIDE; mkdir d/x; symlink d/l; chmod d/f
	f.Add([]byte{}, "symlink d -> OUTSIDE\nmkdir d/x\nsymlink d/l -> p\nchmod 0700 d/f")
	f.Fuzz(func(t *testing.T, ops []byte, extra string) {
		w := newWatched(t)
		c, err := Parse("c.txtar", "c", []byte(fuzzCase(ops, extra, w.outside)))
		if err != nil {
			return // a bad case file never gets materialized
		}
		err = c.materialize(w.root)
		if err != nil && !errors.As(err, new(*Error)) {
			t.Errorf("materialize failed with %T, not a positioned case error: %v", err, err)
		}
		w.check(t)
		if err := removeTree(w.root); err != nil {
			t.Errorf("removeTree: %v", err)
		}
		w.check(t)
	})
}
