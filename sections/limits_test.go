package sections

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestRenderLimits: template bombs end quickly with a *LimitError naming
// what went past its limit; ordinary templates are unchanged.
func TestRenderLimits(t *testing.T) {
	tests := []struct {
		text, what string
		line       int
	}{
		{`{{ range until 1000000000 }}x{{ end }}`, "until", 0},
		{"a\n{{ range until 100000 }}{{ range until 100000 }}{{ end }}{{ end }}", "range", 2},
		{`{{ range 2000000 }}{{ end }}`, "range", 1},
		{`{{ range $i := 100000 }}{{ range $j := 100000 }}{{ end }}{{ end }}`, "range", 1},
		{`{{ repeat 1000000000 "x" }}`, "repeat", 0},
		{`{{ indent 1000000000 "a\nb" }}`, "indent", 0},
		{`{{ seq 1 2000000 }}`, "seq", 0},
		{`{{ untilStep 0 2000000000 1 }}`, "untilStep", 0},
		{`{{ replace "" (repeat 20000 "y") (repeat 20000 "x") }}`, "replace", 0},
		{`{{ regexReplaceAll "" (repeat 20000 "x") (repeat 20000 "y") }}`, "regexReplaceAll", 0},
		{`{{ printf "%0300000000d" 1 }}`, "printf", 0},
		{`{{ range 300 }}{{ repeat 1000000 "x" }}{{ end }}`, "output", 0},
	}
	for _, tc := range tests {
		tmpl, err := Parse("t", tc.text, Funcs())
		if err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		start := time.Now()
		_, err = tmpl.Render(map[string]any{})
		le, ok := AsLimit(err)
		switch {
		case !ok:
			t.Errorf("%q: err = %v, want a limit", tc.text, err)
		case le.What != tc.what || le.Line != tc.line:
			t.Errorf("%q: limit %s at line %d (%s), want %s at line %d", tc.text, le.What, le.Line, le.Msg, tc.what, tc.line)
		}
		if d := time.Since(start); d > 5*time.Second*raceSlowdown {
			t.Errorf("%q took %v", tc.text, d)
		}
	}
	ok := []struct{ text, want string }{
		{`{{ range until 3 }}{{ . }}{{ end }}`, "012"},
		{`{{ range $i, $x := list "a" "b" }}{{ $i }}{{ $x }}{{ end }}`, "0a1b"},
		{`{{ repeat 3 "ab" }}|{{ indent 2 "a\nb" }}|{{ nindent 1 "c" }}`, "ababab|  a\n  b|\n c"},
		{`{{ replace "a" "bb" "aXa" }}|{{ regexReplaceAll "a(x*)b" "-axxb-ab-" "${1}W" }}|{{ regexReplaceAllLiteral "a" "aa" "${1}" }}`, "bbXbb|-xxW-W-|${1}${1}"},
		{`{{ printf "%05d|%-3s|%.2f" 42 "x" 3.14159 }}|{{ seq 3 }}|{{ untilStep 0 6 2 }}`, "00042|x  |3.14|1 2 3|[0 2 4]"},
	}
	for _, tc := range ok {
		tmpl, err := Parse("t", tc.text, Funcs())
		if err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		got, err := tmpl.Render(map[string]any{})
		if err != nil || got != tc.want {
			t.Errorf("%q = %q, %v; want %q", tc.text, got, err, tc.want)
		}
	}
	if got := formatWidths("%5d %-12s %.300f %*d %%"); got != 5+12+300+1_000_000 {
		t.Errorf("formatWidths = %d", got)
	}
	if !strings.Contains((&LimitError{Msg: "x"}).Error(), "x") {
		t.Error("LimitError text")
	}
}

// TestRenderGrowsByDoubling: a long text costs about twice its size in
// buffers on a first render (before any size hint), not the five times
// that growing a large buffer by a quarter at a time costs.
func TestRenderGrowsByDoubling(t *testing.T) {
	tmpl, err := Parse("t", `{{ range .l }}<skill>{{ . }}</skill>{{ end }}`, Funcs())
	if err != nil {
		t.Fatal(err)
	}
	l := make([]string, 20_000)
	for i := range l {
		l[i] = strings.Repeat("x", 300)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out, err := tmpl.Render(map[string]any{"l": l})
	runtime.ReadMemStats(&after)
	if err != nil || len(out) != 20_000*315 {
		t.Fatalf("render: %d bytes, %v", len(out), err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 3*uint64(len(out)) {
		t.Errorf("a %d-byte text allocated %d bytes (%.1f times)", len(out), got, float64(got)/float64(len(out)))
	}
}
