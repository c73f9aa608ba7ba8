package main

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
		got, err := arg(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("arg(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := arg("a\nb"); err == nil {
		t.Errorf("arg with a newline: no error")
	}
}

func TestWorkArg(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"plain", "plain"},
		{"${ROOT}", "$WORK"},
		{"${ROOT}/home/proj", "$WORK/home/proj"},
		{"${ROOT}/a b", "$WORK'/a b'"},
		{"x${ROOT}y", "x${WORK}y"},
		{"HOME=${ROOT}/h", "HOME=$WORK/h"},
		{"it's ${ROOT}", "'it''s '$WORK"},
	}
	for _, tt := range tests {
		got, err := workArg(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("workArg(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
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
			got, err := encode([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got.data) != tt.wantData || !reflect.DeepEqual(got.fixes, tt.wantFixes) {
				t.Errorf("encode(%q) = %q %q; want %q %q", tt.in, got.data, got.fixes, tt.wantData, tt.wantFixes)
			}
		})
	}
}

func TestParseOctal(t *testing.T) {
	tests := []struct {
		in   any
		want uint64
	}{
		{"000", 0},
		{"0755", 0o755},
		{" 644x", 0o644},
		{float64(755), 0o755},
	}
	for _, tt := range tests {
		got, err := parseOctal(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("parseOctal(%v) = %o, %v; want %o", tt.in, got, err, tt.want)
		}
	}
	if _, err := parseOctal("9"); err == nil {
		t.Errorf("parseOctal(9): no error")
	}
}
