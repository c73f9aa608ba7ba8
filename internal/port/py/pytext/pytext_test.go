package pytext

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/promptc/promptc/sources"
)

func TestStrip(t *testing.T) {
	tests := []struct{ in, want string }{
		{"  a b  ", "a b"},
		{"\ufeff# x \x1c", "\ufeff# x"}, // a BOM is not white space
		{"\x1c\x1f\u00a0 a \u3000\n\x1e\u0085\u2028\u180e", "a \u3000\n\x1e\u0085\u2028\u180e"}, // U+180E is not
		{"\u2000\u200a\u202f\u205f\u1680x\u2029", "x"},
		{"\u200bx\u200b", "\u200bx\u200b"}, // zero-width space is not
		{"", ""},
		{"\t\n\v\f\r ", ""},
	}
	for _, tt := range tests {
		if got := Strip(tt.in); got != tt.want {
			t.Errorf("Strip(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestIsSpaceMatchesPython(t *testing.T) {
	// CPython 3.11: [c for c in range(0x110000) if chr(c).isspace()]
	want := []rune{0x9, 0xa, 0xb, 0xc, 0xd, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680,
		0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
		0x2028, 0x2029, 0x202f, 0x205f, 0x3000}
	var got []rune
	for r := rune(0); r <= 0x10FFFF; r++ {
		if IsSpace(r) {
			got = append(got, r)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("got %d white-space runes %x, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("rune %d: got %#x, want %#x", i, got[i], want[i])
		}
	}
}

func TestTranslateNewlines(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a\r\nb\rc\nd", "a\nb\nc\nd"},
		{"\r\r\n\n", "\n\n\n"},
		{"x\u2028y\u0085", "x\u2028y\u0085"},
	}
	for _, tt := range tests {
		if got := TranslateNewlines(tt.in); got != tt.want {
			t.Errorf("TranslateNewlines(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDecode(t *testing.T) {
	// Messages from CPython 3.11's bytes.decode("utf-8").
	tests := []struct {
		in   string
		want string // "" = valid
	}{
		{"\ufeffok 中", ""},
		{"ab\xff", "'utf-8' codec can't decode byte 0xff in position 2: invalid start byte"},
		{"\xe4\xb8", "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data"},
		{"\xe4A", "'utf-8' codec can't decode byte 0xe4 in position 0: invalid continuation byte"},
		{"\xf0\x90A", "'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte"},
		{"\xed\xa0\x80", "'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte"},
		{"\xe0\x80\x80", "'utf-8' codec can't decode byte 0xe0 in position 0: invalid continuation byte"},
		{"\xf4\x90\x80\x80", "'utf-8' codec can't decode byte 0xf4 in position 0: invalid continuation byte"},
		{"\xc0\xaf", "'utf-8' codec can't decode byte 0xc0 in position 0: invalid start byte"},
		{"x\xf0\x90\x80", "'utf-8' codec can't decode bytes in position 1-3: unexpected end of data"},
		{"\x80", "'utf-8' codec can't decode byte 0x80 in position 0: invalid start byte"},
		{"# RULE.md\n\n- \xff\xfe invalid", "'utf-8' codec can't decode byte 0xff in position 13: invalid start byte"},
	}
	for _, tt := range tests {
		got, err := Decode([]byte(tt.in))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("Decode(%q): unexpected error %v", tt.in, err)
		case tt.want == "" && got != tt.in:
			t.Errorf("Decode(%q) = %q", tt.in, got)
		case tt.want != "" && (err == nil || err.Error() != tt.want):
			t.Errorf("Decode(%q) error = %v, want %q", tt.in, err, tt.want)
		}
	}
}

func TestRepr(t *testing.T) {
	tests := []struct{ in, want string }{
		{"it's", `"it's"`},
		{`a"b'c`, `'a"b\'c'`},
		{"tab\there", `'tab\there'`},
		{"\x00\x7f\u0085\u00e9\u200b\u4e2d\U0001F600\ufeff\u3000", `'\x00\x7f\x85é\u200b中😀\ufeff\u3000'`},
		{"/ws/AGENT.md", "'/ws/AGENT.md'"},
	}
	for _, tt := range tests {
		if got := Repr(tt.in); got != tt.want {
			t.Errorf("Repr(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestJoin(t *testing.T) {
	tests := []struct {
		parts []string
		want  string
	}{
		{[]string{"ws/", "AGENT.md"}, "ws/AGENT.md"},
		{[]string{"", "knowledge", "index.md"}, "knowledge/index.md"},
		{[]string{"a", "/b", "c"}, "/b/c"},
		{[]string{"a//", "b"}, "a//b"},
		{[]string{"/tmp/ws", "knowledge/index.md"}, "/tmp/ws/knowledge/index.md"},
	}
	for _, tt := range tests {
		if got := Join(tt.parts[0], tt.parts[1:]...); got != tt.want {
			t.Errorf("Join(%q) = %q, want %q", tt.parts, got, tt.want)
		}
	}
}

func TestTruthyStr(t *testing.T) {
	tests := []struct {
		v      any
		truthy bool
		str    string
	}{
		{nil, false, "None"},
		{"", false, ""},
		{"web", true, "web"},
		{false, false, "False"},
		{true, true, "True"},
		{float64(0), false, "0"},
		{float64(5), true, "5"},
		{1234567.5, true, "1234567.5"},
		{1e-5, true, "1e-05"},
		{1.5e16, true, "1.5e+16"},
		{1.2345678901234568e+17, true, "1.2345678901234568e+17"},
		{-2.5e-7, true, "-2.5e-07"},
		{[]any{}, false, "[]"},
		{map[string]any{"a": 1}, true, "map[a:1]"},
	}
	for _, tt := range tests {
		if got := Truthy(tt.v); got != tt.truthy {
			t.Errorf("Truthy(%#v) = %v", tt.v, got)
		}
		if got := Str(tt.v); got != tt.str {
			t.Errorf("Str(%#v) = %q, want %q", tt.v, got, tt.str)
		}
	}
}

func TestReadText(t *testing.T) {
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
	must(os.MkdirAll(root+"/ws/sub", 0o755))
	must(os.WriteFile(root+"/ws/crlf.md", []byte("a\r\nb\rc\n"), 0o644))
	must(os.WriteFile(root+"/ws/bad.md", []byte("ok\xff"), 0o644))
	must(os.MkdirAll(root+"/ws/dir.md", 0o755))
	must(os.Symlink(root+"/ws/sub", root+"/link"))
	must(os.WriteFile(root+"/ws/up.md", []byte("up"), 0o644))
	fsys := os.DirFS("/").(sources.FS)

	text, n, err := ReadText(fsys, root, "ws/crlf.md")
	if err != nil || text != "a\nb\nc\n" || n != 7 {
		t.Errorf("crlf: %q %d %v", text, n, err)
	}
	_, _, err = ReadText(fsys, root, "ws/bad.md")
	var de *DecodeError
	if !errors.As(err, &de) || err.Error() != "'utf-8' codec can't decode byte 0xff in position 2: invalid start byte" {
		t.Errorf("bad: %v", err)
	}
	_, _, err = ReadText(fsys, root, "ws/dir.md")
	if err == nil || err.Error() != "[Errno 21] Is a directory: 'ws/dir.md'" {
		t.Errorf("dir: %v", err)
	}
	_, _, err = ReadText(fsys, root, "ws/none.md")
	var oe *OSError
	if !errors.As(err, &oe) || oe.Errno != 2 || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	// ".." after a symlink is physical: link/.. is ws, not root.
	if text, _, err := ReadText(fsys, root, "link/../up.md"); err != nil || text != "up" {
		t.Errorf("physical ..: %q %v", text, err)
	}
	if !Exists(fsys, root, "ws/dir.md") || Exists(fsys, root, "ws/none.md") || Exists(fsys, root, "nowhere/../ws/up.md") {
		t.Error("Exists")
	}
}

func TestNewOSError(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&fs.PathError{Op: "open", Path: "x", Err: syscall.EACCES}, "[Errno 13] Permission denied: 'ws/RULE.md'"},
		{&fs.PathError{Op: "read", Path: "x", Err: syscall.EISDIR}, "[Errno 21] Is a directory: 'ws/RULE.md'"},
		{fs.ErrNotExist, "[Errno 2] No such file or directory: 'ws/RULE.md'"},
		{&fs.PathError{Op: "open", Path: "x", Err: syscall.ELOOP}, "[Errno 40] Too many levels of symbolic links: 'ws/RULE.md'"},
	}
	for _, tt := range tests {
		if got := NewOSError(tt.err, "ws/RULE.md").Error(); got != tt.want {
			t.Errorf("NewOSError(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}
