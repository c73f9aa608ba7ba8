//go:build unix

package casetest

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteCaseFile: a case file is replaced, never rewritten in place (a
// hard link to the old file keeps the old content, so no reader or crash
// sees a torn file), keeps its mode, leaves no temporary file, and is
// never written through a link nor in place of a non-regular file.
func TestWriteCaseFile(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string) // makes dir/c.txtar (or not)
		err   string                         // "" when the write succeeds
	}{
		{"a new file", func(t *testing.T, dir string) {}, ""},
		{"an existing file, mode 0640, with a second link", func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "c.txtar"), "old\n", 0o640)
			if err := os.Link(filepath.Join(dir, "c.txtar"), filepath.Join(dir, "hardlink")); err != nil {
				t.Fatal(err)
			}
		}, ""},
		{"a symbolic link", func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "target"), "old\n", 0o644)
			if err := os.Symlink("target", filepath.Join(dir, "c.txtar")); err != nil {
				t.Fatal(err)
			}
		}, "c.txtar is a symbolic link: promptc never writes a case file through a link (name the file it points to, or remove the link)"},
		{"a dangling symbolic link", func(t *testing.T, dir string) {
			if err := os.Symlink("nowhere", filepath.Join(dir, "c.txtar")); err != nil {
				t.Fatal(err)
			}
		}, "c.txtar is a symbolic link: promptc never writes a case file through a link (name the file it points to, or remove the link)"},
		{"a named pipe", func(t *testing.T, dir string) {
			if err := syscall.Mkfifo(filepath.Join(dir, "c.txtar"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "c.txtar is not a regular file (named pipe): promptc writes case files only in place of regular files"},
		{"a directory", func(t *testing.T, dir string) {
			if err := os.Mkdir(filepath.Join(dir, "c.txtar"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, "c.txtar is not a regular file (directory): promptc writes case files only in place of regular files"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.setup(t, dir)
			before := listDir(t, dir)
			name := filepath.Join(dir, "c.txtar")
			oldInfo, _ := os.Lstat(name)
			err := WriteCaseFile(name, []byte("new\n"))
			if tc.err != "" {
				if err == nil || err.Error() != filepath.Join(dir, tc.err) {
					t.Fatalf("error:\n%v\nwant:\n%s", err, filepath.Join(dir, tc.err))
				}
				if after := listDir(t, dir); after != before {
					t.Errorf("a refused write changed the directory:\n%s\nwant:\n%s", after, before)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if data, _ := os.ReadFile(name); string(data) != "new\n" {
				t.Errorf("content %q", data)
			}
			fi, err := os.Lstat(name)
			if err != nil {
				t.Fatal(err)
			}
			if oldInfo != nil && fi.Mode() != oldInfo.Mode() {
				t.Errorf("mode %v; want %v kept", fi.Mode(), oldInfo.Mode())
			}
			if data, err := os.ReadFile(filepath.Join(dir, "hardlink")); err == nil && string(data) != "old\n" {
				t.Errorf("the old file was rewritten in place: a second link to it reads %q", data)
			}
			if entries := listDir(t, dir); strings.Contains(entries, ".tmp-") {
				t.Errorf("a temporary file is left: %s", entries)
			}
		})
	}
}

// TestUpdateReplacesCaseFile: promptc test --update writes the case file
// through WriteCaseFile (atomically, mode kept).
func TestUpdateReplacesCaseFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "c.txtar")
	write(t, name, "doc\n-- want --\nold\n", 0o600)
	if err := os.Link(name, filepath.Join(dir, "hardlink")); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(name)
	c, err := Parse(name, "c", data)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.update([]byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(name); string(got) != "doc\n-- want --\nnew\n" {
		t.Errorf("updated case %q", got)
	}
	if old, _ := os.ReadFile(filepath.Join(dir, "hardlink")); string(old) != "doc\n-- want --\nold\n" {
		t.Errorf("the case file was rewritten in place: %q", old)
	}
	if fi, _ := os.Stat(name); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v; want 0600 kept", fi.Mode())
	}
}

// listDir is dir's entries with their modes and link targets.
func listDir(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		s := e.Name() + " " + e.Type().String()
		if target, err := os.Readlink(filepath.Join(dir, e.Name())); err == nil {
			s += " -> " + target
		}
		if e.Type().IsRegular() {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			s += " " + string(data)
		}
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}
