package explain_test

import (
	"strings"
	"testing"
)

// TestRuns: each run says which transform rewrote its prompt, what every
// transform did and the messages; a failing transform is reported and
// leaves the prompt as it was.
func TestRuns(t *testing.T) {
	var f fixture
	for _, x := range fixtures {
		if x.name == "transforms" {
			f = x
		}
	}
	_, rep, _ := f.run(t)
	type want struct {
		prompt, rewritten, outcomes, messages string
		base                                  bool
	}
	wants := []want{
		{"Base.", "", "loud skipped|note unchanged|broken skipped|clear skipped", "note: saw plain", true},
		{"Base. LOUD", "loud", "loud changed|note unchanged|broken failed|clear skipped", "note: saw shout it", false},
		{"", "clear", "loud skipped|note unchanged|broken skipped|clear changed", "note: saw empty", false},
	}
	if len(rep.Runs) != len(wants) {
		t.Fatalf("%d runs, want %d", len(rep.Runs), len(wants))
	}
	for i, w := range wants {
		r := rep.Runs[i]
		var outcomes, messages []string
		for _, tr := range r.Transforms {
			outcomes = append(outcomes, tr.ID+" "+tr.Outcome)
		}
		for _, m := range r.Messages {
			messages = append(messages, m.Transform+": "+m.Content)
		}
		got := want{r.Prompt, r.RewrittenBy, strings.Join(outcomes, "|"), strings.Join(messages, "|"), r.PromptIsBase}
		if got != w {
			t.Errorf("run %d (%q):\n got %+v\nwant %+v", i+1, r.Input, got, w)
		}
		if r.Bytes != len(r.Prompt) {
			t.Errorf("run %d: bytes %d, prompt %d", i+1, r.Bytes, len(r.Prompt))
		}
	}
	var text strings.Builder
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"rewritten by transform loud (append, test.yaml:6:5)",
		"broken  prepend  failed: prepend: line 1:3: error calling fail: no",
		"message from note: \"saw empty\"",
	} {
		if !strings.Contains(text.String(), line) {
			t.Errorf("text report lacks %q:\n%s", line, text.String())
		}
	}
}
