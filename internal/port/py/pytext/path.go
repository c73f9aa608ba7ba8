package pytext

import (
	"context"
	"path"
	"strings"

	"github.com/promptc/promptc/sources"
)

// Join is POSIX os.path.join: an absolute part discards what came before,
// and a "/" is inserted only when the path so far is non-empty and does not
// already end with one. Join("ws/", "AGENT.md") is "ws/AGENT.md" and
// Join("", "knowledge", "index.md") is "knowledge/index.md".
func Join(a string, parts ...string) string {
	p := a
	for _, b := range parts {
		switch {
		case strings.HasPrefix(b, "/"):
			p = b
		case p == "" || strings.HasSuffix(p, "/"):
			p += b
		default:
			p += "/" + b
		}
	}
	return p
}

// Resolve returns the absolute path the operating system opens for name,
// as a Python process whose working directory is cwd (absolute) would. A
// ".." component is resolved physically, after the symlinks before it, as
// the kernel does; ok is false when that needs a directory that does not
// exist (the kernel would fail with ENOENT).
func Resolve(fsys sources.FS, cwd, name string) (abs string, ok bool) {
	if sources.IsClean(name) {
		return name, true // the common case: nothing to join or clean
	}
	raw := name
	if !strings.HasPrefix(name, "/") {
		raw = cwd + "/" + name
	}
	if !hasDotDot(raw) {
		return path.Clean(raw), true
	}
	cur := "/"
	for _, part := range strings.Split(raw, "/") {
		switch part {
		case "", ".":
			continue
		case "..":
			real, err := sources.Realpath(fsys, cur)
			if err != nil {
				return "", false
			}
			cur = path.Dir(real)
			continue
		}
		cur = path.Join(cur, part)
	}
	return cur, true
}

// hasDotDot reports whether p has a ".." component.
func hasDotDot(p string) bool {
	for p != "" {
		var part string
		part, p, _ = strings.Cut(p, "/")
		if part == ".." {
			return true
		}
	}
	return false
}

// Exists is os.path.exists(name) for a process whose working directory is
// cwd: true when stat (following symlinks) succeeds, false on any error,
// including a broken symlink.
func Exists(fsys sources.FS, cwd, name string) bool {
	abs, ok := Resolve(fsys, cwd, name)
	return ok && sources.Exists(fsys, abs)
}

// ReadText is open(name, encoding="utf-8").read() for a process whose
// working directory is cwd: the bytes are decoded strictly ([Decode]) and
// newlines translated ([TranslateNewlines]). It also returns the number of
// bytes read. A failure to open or read is an *OSError naming name as given;
// invalid UTF-8 is a *DecodeError.
func ReadText(fsys sources.FS, cwd, name string) (text string, size int, err error) {
	abs, ok := Resolve(fsys, cwd, name)
	if !ok {
		return "", 0, &OSError{Errno: 2, Strerror: "No such file or directory", Filename: name}
	}
	v, err := sources.ReadParsed(fsys, abs, "pytext", decodeText)
	if err != nil {
		return "", 0, NewOSError(err, name)
	}
	t := v.(decodedText)
	return t.text, t.size, t.err
}

// Background reads, on another goroutine, the files ReadText will read
// for the names it is given, while the caller is still finding them
// (sources.ReadInBackground). A nil *Background does nothing.
type Background struct {
	fsys sources.FS
	cwd  string
	bg   *sources.Background
}

// ReadInBackground returns a Background over fsys for a process whose
// working directory is cwd, or nil where fsys cannot read ahead.
func ReadInBackground(ctx context.Context, fsys sources.FS, cwd string) *Background {
	bg := sources.ReadInBackground(ctx, fsys, "pytext", decodeText)
	if bg == nil {
		return nil
	}
	return &Background{fsys: fsys, cwd: cwd, bg: bg}
}

// Add queues name, as ReadText will be given it.
func (b *Background) Add(name string) {
	if b == nil {
		return
	}
	if abs, ok := Resolve(b.fsys, b.cwd, name); ok {
		b.bg.Add(abs)
	}
}

// Wait returns once what was queued has been read.
func (b *Background) Wait() {
	if b != nil {
		b.bg.Wait()
	}
}

// decodedText is a file read in text mode: its decoded text with newlines
// translated, or the decode error; size is the bytes read.
type decodedText struct {
	text string
	size int
	err  error
}

// decodeText decodes a file's bytes, which it owns (sources.ReadParsed).
func decodeText(b []byte) (any, error) {
	s, err := decodeOwned(b)
	if err != nil {
		return decodedText{size: len(b), err: err}, nil
	}
	return decodedText{text: TranslateNewlines(s), size: len(b)}, nil
}
