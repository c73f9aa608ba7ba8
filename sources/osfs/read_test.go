//go:build unix

package osfs_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
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
		fs   sources.FS
	}{{"OSFS", osfs.Root()}, {"os.DirFS", os.DirFS("/").(sources.FS)}} {
		t.Run(fsys.name, func(t *testing.T) {
			tests := []struct {
				file string
				want func(error) bool
			}{
				{"fifo", func(err error) bool { return errors.Is(err, sources.ErrNotRegular) }},
				{"fifo-link", func(err error) bool { return errors.Is(err, sources.ErrNotRegular) }},
				{"zero", func(err error) bool { return errors.Is(err, sources.ErrNotRegular) }},
				{"dir", func(err error) bool { return errors.Is(err, syscall.EISDIR) }},
				{"sparse", func(err error) bool { var tl *sources.TooLargeError; return errors.As(err, &tl) && tl.Size == 2<<30+1 }},
				{"missing", func(err error) bool { return errors.Is(err, fs.ErrNotExist) }},
				{"ok", func(err error) bool { return err == nil }},
			}
			for _, tc := range tests {
				within(t, 2*time.Second, func() {
					_, err := sources.ReadFile(fsys.fs, root+"/"+tc.file)
					if !tc.want(err) {
						t.Errorf("%s: err = %v", tc.file, err)
					}
				})
			}
			if _, err := sources.ReadFileMax(fsys.fs, root+"/max", 9); err == nil || err.Error() != root+"/max is larger than 9 bytes" {
				t.Errorf("max: err = %v", err)
			}
		})
	}
	var tl *sources.TooLargeError
	if _, err := sources.ReadFile(osfs.Root(), root+"/sparse"); !errors.As(err, &tl) || err.Error() != "Cannot create a string longer than 0x1fffffe8 characters" {
		t.Errorf("sparse: %v", err)
	}
}

// TestReadFileSwapRace swaps a file for a named pipe and back while it is
// read: Root checks the opened handle, so no read ever blocks, and each
// returns either the text or sources.ErrNotRegular.
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
	fsys := osfs.Root()
	within(t, 20*time.Second, func() {
		for i := 0; i < 500; i++ {
			b, err := sources.ReadFile(fsys, p)
			if err != nil && !errors.Is(err, sources.ErrNotRegular) && !errors.Is(err, fs.ErrNotExist) {
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
