package txtargen

import (
	"reflect"
	"testing"
)

func TestArg(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"build", "build"},
		{"--approve", "--approve"},
		{"", "''"},
		{"a b", "'a b'"},
		{"don't", "'don''t'"},
		{"$1", "'$1'"},
		{"#x", "'#x'"},
		{"/t\tx", "'/t\tx'"},
		{`home/we"ird&<dir>`, `'home/we"ird&<dir>'`},
		{`back\slash`, `'back\slash'`},
		{"@scope/pkg~1", "@scope/pkg~1"},
	}
	for _, tt := range tests {
		got, err := Arg(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Arg(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := Arg("a\nb"); err == nil {
		t.Errorf("Arg with a newline: no error")
	}
}

func TestWorkArg(t *testing.T) {
	tests := []struct {
		in, root, want string
	}{
		{"plain", "${ROOT}", "plain"},
		{"${ROOT}", "${ROOT}", "$WORK"},
		{"${ROOT}/home/proj", "${ROOT}", "$WORK/home/proj"},
		{"${ROOT}/a b", "${ROOT}", "$WORK'/a b'"},
		{"x${ROOT}y", "${ROOT}", "x${WORK}y"},
		{"HOME=${ROOT}/h", "${ROOT}", "HOME=$WORK/h"},
		{"it's ${ROOT}", "${ROOT}", "'it''s '$WORK"},
		{"/tmp/cow/ws/", "/tmp/cow", "$WORK/ws/"},
		{"/tmp/cow", "", "/tmp/cow"},
	}
	for _, tt := range tests {
		got, err := WorkArg(tt.in, tt.root)
		if err != nil || got != tt.want {
			t.Errorf("WorkArg(%q, %q) = %q, %v; want %q", tt.in, tt.root, got, err, tt.want)
		}
	}
}

func TestWrap(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  []string
	}{
		{"", 10, []string{""}},
		{"a b c", 3, []string{"a b", "c"}},
		{"abcdef gh", 4, []string{"abcdef", "gh"}},
		{"a\nb  c", 10, []string{"a", "b c"}},
	}
	for _, tt := range tests {
		if got := Wrap(tt.in, tt.width); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Wrap(%q, %d) = %q; want %q", tt.in, tt.width, got, tt.want)
		}
	}
}

func TestEncode(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		wantData  string
		wantFixes []string
	}{
		{"empty", "", "", nil},
		{"final newline", "a\n", "a\n", nil},
		{"no final newline", "a", "a", []string{"trim-newline"}},
		{"all CRLF", "\ufeffa\r\n\r\nb\r\n", "\ufeffa\n\nb\n", []string{"unix2dos"}},
		{"mixed line ends", "a\r\nb\n", "a\r\nb\n", nil},
		{"CRLF without final one", "a\r\nb", "a\r\nb", []string{"trim-newline"}},
		{"lone CR", "a\rb\r\n", "a\rb\r\n", nil},
		{"marker line", "x\n-- f --\n", ">x\n>-- f --\n", []string{"unquote"}},
		{"marker line, no final newline", "-- f --", ">-- f --\n", []string{"unquote", "trim-newline"}},
		{"marker line, CRLF", "-- f --\r\n", ">-- f --\n", []string{"unquote", "unix2dos"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Encode([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got.Data) != tt.wantData || !reflect.DeepEqual(got.Fixes, tt.wantFixes) {
				t.Errorf("Encode(%q) = %q %q; want %q %q", tt.in, got.Data, got.Fixes, tt.wantData, tt.wantFixes)
			}
		})
	}
}
