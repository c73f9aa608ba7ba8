package casetest

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestRebaser(t *testing.T) {
	rb := rebaser("/home/u")
	tests := []struct{ fn, in, want string }{
		{"path", "/home/u", "$WORK"},
		{"path", "/home/u/src/p", "$WORK/src/p"},
		{"path", "/home/user2/x", "/home/user2/x"},
		{"path", "rel/x", "rel/x"},
		{"arg", "--cwd=/home/u/p", "--cwd=$WORK/p"},
		{"arg", "/home/u/p", "$WORK/p"},
		{"arg", "text /home/u", "text /home/u"},
		{"list", "/home/u/bin:/usr/bin", "$WORK/bin:/usr/bin"},
		{"text", "see /home/u/a, /home/u. and /home/user2 or /home/u", "see $WORK/a, /home/u. and /home/user2 or $WORK"}, // "/home/u." could be /home/u.bak: kept,
	}
	for _, tc := range tests {
		var got string
		switch tc.fn {
		case "path":
			got = rb.path(tc.in)
		case "arg":
			got = rb.arg(tc.in)
		case "list":
			got = rb.list(tc.in)
		case "text":
			got = rb.text(tc.in)
		}
		if got != tc.want {
			t.Errorf("%s(%q) = %q; want %q", tc.fn, tc.in, got, tc.want)
		}
	}
	if got := rebaser("/").path("/etc/x"); got != "$WORK/etc/x" {
		t.Errorf("rebasing under / = %q", got)
	}
}

// TestRecordingSpec: what a capture of a build over a real tree becomes.
func TestRecordingSpec(t *testing.T) {
	sb, root := newTestSandbox(t, map[string]string{
		"h/AGENTS.md":              "Home rule.",
		"h/src/p/AGENTS.md":        "See " + "$ROOT" + "/h/src/p/x.",
		"h/src/p/run.sh":           "#!/bin/sh",
		"h/link":                   "-> src/p",
		"h/abs":                    "-> $ROOT/h/src",
		"h/.pi/agent/skills/a.md":  "skill",
		"h/.pi/agent/skills/b.txt": "listed, never read",
		"h/.pi/agent/skills/d/":    "",
		"elsewhere/unread":         "not captured",
	})
	// The test sandbox wrote $ROOT literally into the file; make it real.
	ctx := filepath.Join(root, "h/src/p/AGENTS.md")
	if err := os.WriteFile(ctx, []byte("See "+root+"/h/src/p/x."), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(root, "h/src/p/run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	home := root + "/h"
	rec := &Recording{
		FS: sb,
		Accesses: []Access{
			{home + "/AGENTS.md", "read"},
			{home + "/link/AGENTS.md", "read"},
			{home + "/link/run.sh", "stat"},
			{home + "/abs", "lstat"},
			{home + "/link/MISSING.md", "stat"},
			{home + "/.pi/agent/skills", "list"},
			{home + "/.pi/agent/skills/a.md", "read"},
		},
		Wd: home + "/src/p", Home: home,
		Args: []string{"--cwd", home + "/link", "--tools=read"},
		Env:  []EnvVar{{"PATH", home + "/bin:/usr/bin"}},
	}
	s, caps, gotRoot, err := rec.Spec()
	if err != nil {
		t.Fatal(err)
	}
	if gotRoot != home {
		t.Errorf("root = %q; want %q", gotRoot, home)
	}
	var files []string
	for _, f := range s.Files {
		files = append(files, f.Name+"="+string(f.Data)+map[bool]string{true: " (subst)"}[f.Subst])
	}
	wantFiles := []string{
		".pi/agent/skills/a.md=skill",
		".pi/agent/skills/b.txt=",
		"AGENTS.md=Home rule.",
		"src/p/AGENTS.md=See $WORK/src/p/x. (subst)",
		"src/p/run.sh=",
	}
	if !reflect.DeepEqual(files, wantFiles) {
		t.Errorf("files = %q\nwant %q", files, wantFiles)
	}
	if want := []SpecLink{{"abs", "$WORK/src"}, {"link", "src/p"}}; !reflect.DeepEqual(s.Links, want) {
		t.Errorf("links = %v; want %v", s.Links, want)
	}
	if want := []string{".pi/agent/skills/d"}; !reflect.DeepEqual(s.Dirs, want) {
		t.Errorf("dirs = %v; want %v", s.Dirs, want)
	}
	if len(s.Modes) != 1 || s.Modes[0].Path != "src/p/run.sh" || s.Modes[0].Mode != 0o755 {
		t.Errorf("modes = %v; want run.sh 0755", s.Modes)
	}
	if want := []string{"--cwd", "$WORK/link", "--tools=read"}; !reflect.DeepEqual(s.Args, want) {
		t.Errorf("args = %q; want %q", s.Args, want)
	}
	if want := []EnvVar{{"HOME", "$WORK"}, {"PWD", "$WORK/src/p"}, {"PATH", "$WORK/bin:/usr/bin"}}; !reflect.DeepEqual(s.Env, want) {
		t.Errorf("env = %v; want %v", s.Env, want)
	}
	var kinds []string
	for _, c := range caps {
		kinds = append(kinds, c.Kind+" "+c.Case)
	}
	if got := strings.Join(kinds, ", "); got != "file .pi/agent/skills/a.md, empty .pi/agent/skills/b.txt, file AGENTS.md, symlink abs, symlink link, file src/p/AGENTS.md, empty src/p/run.sh, dir .pi/agent/skills/d" {
		t.Errorf("captured = %s", got)
	}
	if _, err := s.Format(); err != nil {
		t.Errorf("Format: %v", err)
	}
}
