package agentcapture

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestStoreLoadAndCorruptEntries(t *testing.T) {
	cache := t.TempDir()
	e := Entry{Agent: "codex", Version: "0.171.0", Model: "gpt-5.5"}
	if err := Store(cache, e, "# Base\ntext\n"); err != nil {
		t.Fatal(err)
	}
	got, base, err := Load(cache, "codex", "0.171.0")
	if err != nil || base != "# Base\ntext\n" || got.Model != "gpt-5.5" || got.Bytes != len(base) {
		t.Fatalf("Load = %+v %q %v", got, base, err)
	}
	if left, _ := filepath.Glob(filepath.Join(cache, "codex", "0.171.0", ".*tmp*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if _, _, err := Load(cache, "codex", "9.9.9"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing capture: %v, want ErrNotExist", err)
	}
	dir := EntryDir(cache, "codex", "0.171.0")
	corrupt := func(name string, mutate func()) {
		t.Helper()
		if err := Store(cache, e, "# Base\ntext\n"); err != nil {
			t.Fatal(err)
		}
		mutate()
		var ce *CorruptError
		if _, _, err := Load(cache, "codex", "0.171.0"); !errors.As(err, &ce) {
			t.Errorf("%s: %v, want a CorruptError", name, err)
		}
	}
	corrupt("edited base", func() { os.WriteFile(filepath.Join(dir, BaseFile), []byte("# Base\nTEXT\n"), 0o644) })
	corrupt("truncated entry", func() { os.WriteFile(filepath.Join(dir, EntryFile), []byte(`{"agent":`), 0o644) })
	corrupt("missing base", func() { os.Remove(filepath.Join(dir, BaseFile)) })
	corrupt("entry without version", func() { os.WriteFile(filepath.Join(dir, EntryFile), []byte(`{"agent":"codex"}`), 0o644) })
	if vs, err := Captured(cache, "codex"); err != nil || len(vs) != 1 {
		t.Errorf("Captured = %v %v", vs, err)
	}
}

func TestVersionsNewestFirst(t *testing.T) {
	got := Versions([]string{"0.9.0", "0.171.0", "0.61.0", "1.0.0"})
	want := []string{"1.0.0", "0.171.0", "0.61.0", "0.9.0"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Versions = %v, want %v", got, want)
		}
	}
}
