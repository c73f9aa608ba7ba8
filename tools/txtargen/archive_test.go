package txtargen

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestArchive(t *testing.T) {
	var a Archive
	a.Line("# title", "exec promptc build")
	fixes, err := a.AddFile("want/prompt", []byte("no newline"))
	if err != nil || !reflect.DeepEqual(fixes, []string{"trim-newline"}) {
		t.Fatalf("AddFile = %q, %v", fixes, err)
	}
	if _, err := a.AddFile("a$b", []byte("x\n")); err != nil {
		t.Fatal(err)
	}
	if !a.Has("want/prompt") || !a.Has("a$b") || a.Has("want") {
		t.Errorf("Has: wrong answers")
	}
	out, err := a.Format()
	if err != nil {
		t.Fatal(err)
	}
	want := "# title\nexec promptc build\n-- want/prompt --\nno newline\n-- a$$b --\nx\n"
	if string(out) != want {
		t.Errorf("Format = %q; want %q", out, want)
	}

	bad := []struct{ name, errText string }{
		{"want/prompt", "two archive files"},
		{"want", "clash"},
		{"want/prompt/x", "clash"},
		{" lead", "cannot be a txtar file name"},
		{"a --b", "cannot be a txtar file name"},
		{"", "cannot be a txtar file name"},
	}
	for _, b := range bad {
		if _, err := a.AddFile(b.name, nil); err == nil || !strings.Contains(err.Error(), b.errText) {
			t.Errorf("AddFile(%q) error = %v; want %q", b.name, err, b.errText)
		}
	}
}

func TestSync(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("cow_old.txtar", "gone\n")
	write("cow_same.txtar", "same\n")
	write("cow_changed.txtar", "before\n")
	write("other.txtar", "kept\n")
	want := map[string][]byte{
		"cow_same.txtar":    []byte("same\n"),
		"cow_changed.txtar": []byte("after\n"),
		"cow_new.txtar":     []byte("new\n"),
	}

	var report bytes.Buffer
	if err := Sync(dir, "cow_*.txtar", want, true, &report); !errors.Is(err, ErrStale) {
		t.Fatalf("check: err = %v; want ErrStale", err)
	}
	wantReport := filepath.Join(dir, "cow_old.txtar") + ": no such case any more\n" +
		filepath.Join(dir, "cow_changed.txtar") + ": stale or missing\n" +
		filepath.Join(dir, "cow_new.txtar") + ": stale or missing\n"
	if report.String() != wantReport {
		t.Errorf("check report = %q; want %q", report.String(), wantReport)
	}

	if err := Sync(dir, "cow_*.txtar", want, false, &report); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		got[e.Name()] = string(b)
	}
	wantFiles := map[string]string{"cow_same.txtar": "same\n", "cow_changed.txtar": "after\n", "cow_new.txtar": "new\n", "other.txtar": "kept\n"}
	if !reflect.DeepEqual(got, wantFiles) {
		t.Errorf("after sync: %q; want %q", got, wantFiles)
	}
	if err := Sync(dir, "cow_*.txtar", want, true, &report); err != nil {
		t.Errorf("check after sync: %v", err)
	}
	if err := Sync(dir, "cow_*.txtar", map[string][]byte{"pi_x.txtar": nil}, true, &report); err == nil {
		t.Errorf("name outside the pattern: no error")
	}
}
