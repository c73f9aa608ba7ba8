package main

import (
	"os"
	"path/filepath"
	"testing"
)

// writeUnder writes text to root/name, making its directories, and
// returns the file's path.
func writeUnder(t *testing.T, root, name, text string) string {
	t.Helper()
	p := filepath.Join(root, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
