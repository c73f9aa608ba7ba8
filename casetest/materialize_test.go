package casetest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaterializeStaysInWork: fs lines that go through a link an earlier
// line made are followed only inside $WORK; a link that leaves it is an
// error at the line, and nothing outside the case root changes.
func TestMaterializeStaysInWork(t *testing.T) {
	tests := []struct {
		name string
		fs   string // OUTSIDE is the absolute path of a directory beside the case root
		err  string // "" when the case materializes
		want []string
	}{
		{"mkdir through a link out", "symlink d -> OUTSIDE\nmkdir d/x",
			"c.txtar:3: fs: mkdir: d/x: $WORK/d is a link to OUTSIDE, which leaves $WORK (links are followed only inside $WORK)", nil},
		{"symlink through a link out", "symlink d -> OUTSIDE\nsymlink d/l -> p",
			"c.txtar:3: fs: symlink: d/l: $WORK/d is a link to OUTSIDE, which leaves $WORK (links are followed only inside $WORK)", nil},
		{"chmod through a link out", "symlink d -> OUTSIDE\nchmod 0700 d/f",
			"c.txtar:3: fs: chmod: d/f: $WORK/d is a link to OUTSIDE, which leaves $WORK (links are followed only inside $WORK)", nil},
		{"chmod of a link out", "symlink l -> OUTSIDE/f\nchmod 0600 l",
			"c.txtar:3: fs: chmod: l: $WORK/l is a link to OUTSIDE/f, which leaves $WORK (links are followed only inside $WORK)", nil},
		{"relative link climbing out", "mkdir a\nsymlink a/up -> ../..\nmkdir a/up/outside/x",
			"c.txtar:4: fs: mkdir: a/up/outside/x: leaves $WORK", nil},
		{"file below a link out", "symlink in -> ../outside\nmkdir in/d/y",
			"c.txtar:3: fs: mkdir: in/d/y: leaves $WORK", nil},
		{"a link to $WORK's parent by name", "symlink up -> $WORK/..\nchmod 0700 up/outside/f",
			"c.txtar:3: fs: chmod: up/outside/f: leaves $WORK", nil},
		{"a dangling link on the way", "symlink d -> nowhere\nmkdir d/x",
			"c.txtar:3: fs: mkdir: d/x: no such file or directory", nil},
		{"a link loop", "symlink a -> b\nsymlink b -> a\nmkdir a/x",
			"c.txtar:4: fs: mkdir: a/x: too many levels of symbolic links", nil},
		{"links inside are followed", "mkdir real\nsymlink d -> real\nsymlink abs -> $WORK/real\nmkdir d/x abs/y\nsymlink d/l -> p\nchmod 0700 abs/x\nsymlink f -> real/x\nchmod 0750 f",
			"", []string{"real/x", "real/y", "real/l"}},
		{"a link out may exist, dangling", "symlink out -> OUTSIDE/f", "", []string{"out"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newWatched(t)
			text := "-- fs --\n" + strings.ReplaceAll(tc.fs, "OUTSIDE", w.outside) + "\n-- want --\nx\n"
			c, err := Parse("c.txtar", "c", []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			err = c.materialize(w.root)
			defer removeTree(w.root)
			w.check(t)
			want := strings.ReplaceAll(tc.err, "OUTSIDE", w.outside)
			switch {
			case want == "" && err != nil:
				t.Fatalf("materialize: %v", err)
			case want != "" && (err == nil || err.Error() != want):
				t.Fatalf("materialize error:\n%v\nwant:\n%s", err, want)
			case want != "" && !errors.As(err, new(*Error)):
				t.Fatalf("materialize error %T is not a positioned case error", err)
			}
			for _, p := range tc.want {
				if _, err := os.Lstat(filepath.Join(w.root, p)); err != nil {
					t.Error(err)
				}
			}
		})
	}
}
