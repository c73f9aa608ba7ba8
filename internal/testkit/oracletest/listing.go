package oracletest

import (
	"io/fs"
	"os"
	"testing"
)

// Listing is the directory dir's entries in the order the file system
// lists them ((*os.File).ReadDir(-1), not sorted), the order an agent
// that does not sort sees.
func Listing(t testing.TB, dir string) []fs.DirEntry {
	t.Helper()
	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	entries, err := f.ReadDir(-1)
	if err != nil {
		t.Fatal(err)
	}
	return entries
}
