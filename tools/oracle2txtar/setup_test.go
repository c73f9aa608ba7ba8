package main

import "testing"

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
