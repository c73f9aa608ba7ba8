//go:build unix

package sources

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/iotest"
	"time"
)

// within fails the test when f does not return in d: a read that blocks is
// the bug these tests guard against.
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("did not return within %v", d)
	}
}

func TestReadFileSpecialFiles(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(syscall.Mkfifo(root+"/fifo", 0o644))
	must(os.Symlink("/dev/zero", root+"/zero"))
	must(os.Symlink("fifo", root+"/fifo-link"))
	must(os.Mkdir(root+"/dir", 0o755))
	f, err := os.Create(root + "/sparse")
	must(err)
	must(f.Truncate(2<<30 + 1))
	must(f.Close())
	must(os.WriteFile(root+"/ok", []byte("text"), 0o644))
	must(os.WriteFile(root+"/max", make([]byte, 10), 0o644))

	for _, fsys := range []struct {
		name string
		fs   FS
	}{{"OSFS", OSFS()}, {"os.DirFS", os.DirFS("/").(FS)}} {
		t.Run(fsys.name, func(t *testing.T) {
			tests := []struct {
				file string
				want func(error) bool
			}{
				{"fifo", func(err error) bool { return errors.Is(err, ErrNotRegular) }},
				{"fifo-link", func(err error) bool { return errors.Is(err, ErrNotRegular) }},
				{"zero", func(err error) bool { return errors.Is(err, ErrNotRegular) }},
				{"dir", func(err error) bool { return errors.Is(err, syscall.EISDIR) }},
				{"sparse", func(err error) bool { var tl *TooLargeError; return errors.As(err, &tl) && tl.Size == 2<<30+1 }},
				{"missing", func(err error) bool { return errors.Is(err, fs.ErrNotExist) }},
				{"ok", func(err error) bool { return err == nil }},
			}
			for _, tc := range tests {
				within(t, 2*time.Second, func() {
					_, err := ReadFile(fsys.fs, root+"/"+tc.file)
					if !tc.want(err) {
						t.Errorf("%s: err = %v", tc.file, err)
					}
				})
			}
			if _, err := ReadFileMax(fsys.fs, root+"/max", 9); err == nil || err.Error() != root+"/max is larger than 9 bytes" {
				t.Errorf("max: err = %v", err)
			}
		})
	}
	var tl *TooLargeError
	if _, err := ReadFile(OSFS(), root+"/sparse"); !errors.As(err, &tl) || err.Error() != "Cannot create a string longer than 0x1fffffe8 characters" {
		t.Errorf("sparse: %v", err)
	}
	if got := NodeError(&NotRegularError{Path: "/p/AGENTS.md", Mode: fs.ModeNamedPipe}, "open", "/p/AGENTS.md"); got != "/p/AGENTS.md is not a regular file (named pipe)" {
		t.Errorf("NodeError = %q", got)
	}
}

// TestReadFileSwapRace swaps a file for a named pipe and back while it is
// read: OSFS checks the opened handle, so no read ever blocks, and each
// returns either the text or ErrNotRegular.
func TestReadFileSwapRace(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	p := root + "/AGENTS.md"
	if err := os.WriteFile(p, []byte("rules"), 0o644); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	swapped := make(chan struct{})
	go func() {
		defer close(swapped)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			tmp := root + "/tmp"
			if i%2 == 0 {
				_ = syscall.Mkfifo(tmp, 0o644)
			} else {
				_ = os.WriteFile(tmp, []byte("rules"), 0o644)
			}
			_ = os.Rename(tmp, p)
		}
	}()
	fsys := OSFS()
	within(t, 20*time.Second, func() {
		for i := 0; i < 500; i++ {
			b, err := ReadFile(fsys, p)
			if err != nil && !errors.Is(err, ErrNotRegular) && !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("read %d: %v", i, err)
			}
			if err == nil && string(b) != "rules" {
				t.Errorf("read %d: %q", i, b)
			}
		}
	})
	close(stop)
	<-swapped
}

// TestReadAllSized: the size hint only sizes the buffer; what is read is
// always the whole content, up to the limit.
func TestReadAllSized(t *testing.T) {
	for _, c := range []struct {
		name      string
		content   string
		hint, max int64
		tooLarge  bool
	}{
		{"exact hint", "hello", 5, 100, false},
		{"empty", "", 0, 100, false},
		{"the file grew past its hint", strings.Repeat("x", 5000), 10, 10000, false},
		{"a hint past the content", "abc", 4096, 100, false},
		{"a negative hint", "abc", -1, 100, false},
		{"exactly at the limit", "12345", 5, 5, false},
		{"one byte over the limit", "123456", 5, 5, true},
		{"over the limit with a large hint", strings.Repeat("y", 70), 1 << 20, 64, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, err := ReadAllSized(iotest.OneByteReader(strings.NewReader(c.content)), "/f", c.hint, c.max)
			var tl *TooLargeError
			if c.tooLarge {
				if !errors.As(err, &tl) || tl.Limit != c.max {
					t.Fatalf("err %v, want a TooLargeError at %d", err, c.max)
				}
				return
			}
			if err != nil || string(b) != c.content {
				t.Fatalf("got %q, %v; want %q", b, err, c.content)
			}
		})
	}
}
