package sections

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

type memoSkill struct {
	Name, Description string
	Hidden            bool
	Tags              [2]string
}

type withMethod struct{ N int }

func (w withMethod) Double() int { return 2 * w.N }

type withSlice struct{ L []string }

const skillsIndex = `<available_skills>
{{- range .skills }}{{ if .Hidden }}{{ else }}
  <skill><name>{{ xml .Name }}</name><description>{{ xml .Description }}</description>{{ range .Tags }}<t>{{ . }}</t>{{ end }}</skill>
{{- end }}{{ end }}
</available_skills>`

func skillList(n int, change func(i int, s *memoSkill)) []memoSkill {
	out := make([]memoSkill, n)
	for i := range out {
		out[i] = memoSkill{Name: fmt.Sprintf("s%d", i), Description: fmt.Sprintf("does <%d> & more", i), Hidden: i%7 == 3, Tags: [2]string{"a", fmt.Sprint(i % 3)}}
		if change != nil {
			change(i, &out[i])
		}
	}
	return out
}

// TestRenderMemoIsRender renders each template over a sequence of data
// through one RangeMemo and requires exactly Render's text or error
// every time: memoized ranges, ranges it must leave alone, and failures.
func TestRenderMemoIsRender(t *testing.T) {
	cases := []struct {
		name, text string
		loops      int // memoizable ranges in the text
		data       []map[string]any
	}{
		{"skills index", skillsIndex, 1, []map[string]any{
			{"skills": skillList(20, nil)},
			{"skills": skillList(20, nil)},
			{"skills": skillList(20, func(i int, s *memoSkill) {
				if i == 5 {
					s.Description = "changed"
				}
			})},
			{"skills": skillList(25, nil)},
			{"skills": skillList(3, nil)},
			{"skills": []memoSkill{}},
			{"skills": nil},
		}},
		{"two ranges, one in an if", `{{ range .a }}[{{ . }}]{{ end }}{{ if .on }}{{ range .b }}<{{ .Name }}>{{ end }}{{ end }}`, 2, []map[string]any{
			{"a": []int{1, 2, 3}, "on": true, "b": skillList(2, nil)},
			{"a": []int{3, 2, 1, 1}, "on": false, "b": skillList(2, nil)},
			{"a": [3]string{"x", "y", "z"}, "on": true, "b": skillList(4, nil)},
		}},
		{"not plain elements render as Render does", `{{ range .a }}{{ . }};{{ end }}`, 1, []map[string]any{
			{"a": []any{1, "x", nil}},
			{"a": []map[string]int{{"k": 1}}},
			{"a": []withSlice{{L: []string{"p"}}}},
			{"a": []*memoSkill{{Name: "p"}}},
			{"a": map[string]int{"b": 2, "a": 1}},
			{"a": 3},
			{"a": []string{"back", "to", "plain"}},
		}},
		{"methods are not plain", `{{ range .a }}{{ .Double }};{{ end }}`, 1, []map[string]any{
			{"a": []withMethod{{1}, {2}}},
			{"a": []withMethod{{2}, {3}}},
		}},
		{"a variable keeps it plain", `{{ range .a }}{{ . }}{{ $.sep }}{{ end }}`, 0, []map[string]any{
			{"a": []int{1, 2}, "sep": ","},
			{"a": []int{1, 2}, "sep": ";"},
		}},
		{"declared variables", `{{ range $i, $e := .a }}{{ $i }}={{ $e }} {{ end }}`, 0, []map[string]any{{"a": []int{4, 5}}}},
		{"an else branch", `{{ range .a }}{{ . }}{{ else }}none{{ end }}`, 0, []map[string]any{{"a": []int{}}, {"a": []int{1}}}},
		{"break", `{{ range .a }}{{ if eq . 2 }}{{ break }}{{ end }}{{ . }}{{ end }}`, 0, []map[string]any{{"a": []int{1, 2, 3}}}},
		{"nested range over dot only", `{{ range .a }}{{ range . }}{{ . }}{{ end }}|{{ end }}`, 1, []map[string]any{
			{"a": [][2]int{{1, 2}, {3, 4}}},
			{"a": [][2]int{{1, 2}, {5, 6}}},
		}},
		{"a failing body", `{{ range .a }}{{ index .Tags 1 }}{{ index .Tags .Name }}{{ end }}`, 1, []map[string]any{
			{"a": skillList(2, nil)},
			{"a": skillList(2, nil)},
		}},
		{"a missing key outside the range", `{{ range .a }}{{ . }}{{ end }}{{ .nope }}`, 1, []map[string]any{{"a": []int{1}}, {"a": []int{1}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tmpl, err := Parse("s", c.text, Funcs())
			if err != nil {
				t.Fatal(err)
			}
			if f := newMemoForm(tmpl); c.loops == 0 && f != nil || c.loops > 0 && (f == nil || len(f.bodies) != c.loops) {
				t.Fatalf("memoized ranges: got %+v, want %d", f, c.loops)
			}
			var m RangeMemo
			for i, d := range c.data {
				want, wantErr := tmpl.renderPlain(d)
				got, gotErr := tmpl.RenderMemo(d, &m)
				if got != want || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
					t.Errorf("render %d: RenderMemo = %q, %v; Render = %q, %v", i, got, gotErr, want, wantErr)
				}
			}
		})
	}
}

// TestRenderMemoPrintsOnlyWhatChanged counts the calls of a section
// function in range bodies: once the memo is filled, a render after one
// element changed calls it for that element only, and a RangeMemo keeps
// about one list's bodies.
func TestRenderMemoPrintsOnlyWhatChanged(t *testing.T) {
	for _, text := range []string{skillsIndex, piSkillsIndex} {
		testPrintsOnlyWhatChanged(t, text)
	}
}

func testPrintsOnlyWhatChanged(t *testing.T, text string) {
	calls := 0
	funcs := Funcs()
	xml := funcs["xml"].(func(any) string)
	funcs["xml"] = func(v any) string { calls++; return xml(v) }
	tmpl, err := Parse("s", text, funcs)
	if err != nil {
		t.Fatal(err)
	}
	var m RangeMemo
	render := func(data []memoSkill) int {
		t.Helper()
		calls = 0
		want, err := tmpl.Render(map[string]any{"skills": data})
		if err != nil {
			t.Fatal(err)
		}
		calls = 0
		got, err := tmpl.RenderMemo(map[string]any{"skills": data}, &m)
		if err != nil || got != want {
			t.Fatalf("RenderMemo = %q, %v; want %q", got, err, want)
		}
		return calls
	}
	list := skillList(100, nil)
	visible := 0
	for _, s := range list {
		if !s.Hidden {
			visible++
		}
	}
	// The first render is Render's; the second fills the memo.
	for i := range 2 {
		if n := render(list); n != 2*visible {
			t.Errorf("render %d: %d calls, want %d", i, n, 2*visible)
		}
	}
	if n := render(list); n != 0 {
		t.Errorf("unchanged render: %d calls, want 0", n)
	}
	list[11].Description = "new" // list[10] is hidden
	if n := render(list); n != 2 {
		t.Errorf("one changed: %d calls, want 2", n)
	}
	for i := range 50 {
		render(skillList(100, func(j int, s *memoSkill) { s.Name = fmt.Sprint(i, "-", j) }))
	}
	if n := len(m.loops[0]); n > 2*100+64 {
		t.Errorf("the memo holds %d bodies for a list of 100", n)
	}
}

// TestRenderMemoCountsRememberedIterations: iterations inside a
// remembered body still count towards MaxIterations.
func TestRenderMemoCountsRememberedIterations(t *testing.T) {
	if testing.Short() {
		t.Skip("a million range iterations")
	}
	tmpl, err := Parse("s", `{{ range .a }}{{ range until 100000 }}{{ end }}{{ end }}`, Funcs())
	if err != nil {
		t.Fatal(err)
	}
	var m RangeMemo
	small := map[string]any{"a": []int{1, 2, 3}}
	if _, err := tmpl.RenderMemo(small, &m); err != nil {
		t.Fatal(err)
	}
	big := map[string]any{"a": []int{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2}} // 11 × 100,000 + 11
	_, err = tmpl.RenderMemo(big, &m)
	if le, ok := AsLimit(err); !ok || le.What != "range" {
		t.Fatalf("err = %v, want the range limit", err)
	}
	if _, want := tmpl.Render(big); fmt.Sprint(err) != fmt.Sprint(want) {
		t.Errorf("RenderMemo: %v; Render: %v", err, want)
	}
}

// TestRenderMemoWithAnotherTemplate: a RangeMemo used with a second
// template starts over instead of serving the first one's bodies.
func TestRenderMemoWithAnotherTemplate(t *testing.T) {
	a, err := Parse("a", `{{ range .l }}a{{ . }}{{ end }}`, Funcs())
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse("b", `{{ range .l }}b{{ . }}{{ end }}`, Funcs())
	if err != nil {
		t.Fatal(err)
	}
	var m RangeMemo
	data := map[string]any{"l": []int{1, 2}}
	for _, tc := range []struct {
		tmpl *Template
		want string
	}{{a, "a1a2"}, {b, "b1b2"}, {a, "a1a2"}} {
		if got, err := tc.tmpl.RenderMemo(data, &m); err != nil || got != tc.want {
			t.Errorf("got %q, %v; want %q", got, err, tc.want)
		}
	}
}

// piSkillsIndex is the default pipeline's skills index (no nested
// range: its body prints directly, direct.go).
const piSkillsIndex = `<available_skills>
{{- range .skills }}{{ if .Hidden }}{{ else }}
  <skill>
    <name>{{ xml .Name }}</name>
    <description>{{ xml .Description }}</description>
  </skill>
{{- end }}{{ end }}
</available_skills>`

func BenchmarkRenderSkillsIndex(b *testing.B) {
	tmpl, err := Parse("s", skillsIndex, Funcs())
	if err != nil {
		b.Fatal(err)
	}
	list := skillList(1000, nil)
	data := map[string]any{"skills": list}
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			if _, err := tmpl.Render(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	pi, err := Parse("pi", piSkillsIndex, Funcs())
	if err != nil {
		b.Fatal(err)
	}
	b.Run("pi-text/template", func(b *testing.B) {
		for b.Loop() {
			if _, err := pi.renderPlain(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("pi-direct", func(b *testing.B) {
		for b.Loop() {
			if _, err := pi.Render(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("memo-one-changed", func(b *testing.B) {
		var m RangeMemo
		i := 0
		for b.Loop() {
			list[0].Description = strings.Repeat("x", i%5)
			i++
			if _, err := tmpl.RenderMemo(data, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestRenderMemoConcurrent renders through one RangeMemo from several
// goroutines (run it with -race): each gets Render's text.
func TestRenderMemoConcurrent(t *testing.T) {
	tmpl, err := Parse("s", skillsIndex, Funcs())
	if err != nil {
		t.Fatal(err)
	}
	var m RangeMemo
	lists := make([]map[string]any, 4)
	wants := make([]string, len(lists))
	for i := range lists {
		lists[i] = map[string]any{"skills": skillList(30+i, func(j int, s *memoSkill) { s.Description += fmt.Sprint(" v", (i+j)%3) })}
		if wants[i], err = tmpl.Render(lists[i]); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for k := range 50 {
				i := (g + k) % len(lists)
				if got, err := tmpl.RenderMemo(lists[i], &m); err != nil || got != wants[i] {
					t.Errorf("goroutine %d, render %d: %v, text differs: %v", g, k, err, got != wants[i])
					return
				}
			}
		})
	}
	wg.Wait()
}
