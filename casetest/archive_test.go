package casetest

import (
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// TestParseArchiveAgreesWithTxtar: the same comment, names and data as
// txtar.Parse, plus the marker lines.
func TestParseArchiveAgreesWithTxtar(t *testing.T) {
	tests := []struct {
		name  string
		raw   string
		lines []int
	}{
		{"empty", "", nil},
		{"comment only, no final newline", "a comment", nil},
		{"files", "c\n-- a --\nA\n-- b/c --\n-- d --\nD", []int{2, 4, 5}},
		{"CRLF marker", "-- a --\r\nA\r\n", []int{1}},
		{"not markers", "--  --\n-- a--\n--a --\n-- x --", []int{4}},
		{"marker text in a line", "x -- a --\n-- b --\n", []int{2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := txtar.Parse([]byte(tc.raw))
			got := parseArchive([]byte(tc.raw))
			if c := string(got.text(got.comment)); c != string(want.Comment) {
				t.Errorf("comment = %q; want %q", c, want.Comment)
			}
			if len(got.files) != len(want.Files) {
				t.Fatalf("%d files; want %d", len(got.files), len(want.Files))
			}
			for i, f := range got.files {
				if f.name != want.Files[i].Name || string(got.text(f.data)) != string(want.Files[i].Data) || f.line != tc.lines[i] {
					t.Errorf("file %d = %q %q line %d; want %q %q line %d", i, f.name, got.text(f.data), f.line, want.Files[i].Name, want.Files[i].Data, tc.lines[i])
				}
			}
		})
	}
}

func TestArchiveReplace(t *testing.T) {
	raw := "c\n-- a --\nA\n-- want --\nold\n-- z --\nZ"
	a := parseArchive([]byte(raw))
	got := string(a.replace(1, []byte("new\nlines\n")))
	if want := "c\n-- a --\nA\n-- want --\nnew\nlines\n-- z --\nZ"; got != want {
		t.Errorf("replace = %q; want %q", got, want)
	}
}
