package explain

import (
	"errors"
	"strings"
	"testing"

	"github.com/promptc/promptc/prov"
)

// targetReport is a small run: two active sections around an inactive
// one, a context file, a shadowed one, an untrusted skills directory and
// an inactive tool.
func targetReport() *Report {
	body := "Intro line.\n"
	ctx := "\n<ctx>\n## /p/AGENTS.md\nRules.\n## /p/sub/AGENTS.md\nMore.\n</ctx>"
	return &Report{
		Pipeline: "default", Join: "",
		Sections: []Section{
			{Index: 1, ID: "body", Active: true, Start: 0, Bytes: len(body), Text: body},
			{Index: 2, ID: "append", When: `append.Text != ""`, FalseTerms: []string{`append.Text != ""`}},
			{Index: 3, ID: "context", Active: true, Start: len(body), Bytes: len(ctx), Text: ctx,
				Files: []prov.Origin{{Path: "/p/AGENTS.md"}, {Path: "/p/sub/AGENTS.md"}}},
		},
		ContextFiles: []File{{Path: "/p/AGENTS.md", Bytes: 7}, {Path: "/p/sub/AGENTS.md", Bytes: 6}},
		Skills:       &Skills{Source: "skills", Listed: []Skill{}, Unlisted: []Skill{}, Hidden: []Skill{}, Unavailable: []Skill{}},
		Tools:        &Tools{Source: "tools", Active: []string{"read"}},
		WhyNot: []WhyNot{
			{Kind: KindCandidate, Source: "context", Path: "/p/CLAUDE.md", Reason: "shadowed by a higher-priority candidate", Detail: "/p/AGENTS.md"},
			{Kind: KindCandidate, Source: "trust", Path: "/p/.pi/skills", Reason: "project not trusted", Detail: "undecided"},
			{Kind: KindCandidate, Source: "tools", Path: "tool:grep", Reason: "not a default tool"},
		},
	}
}

func TestAskWhere(t *testing.T) {
	r := targetReport()
	prompt := r.prompt()
	ans, err := r.Ask(Query{Target: "/p/sub/AGENTS.md", Cwd: "/p"})
	if err != nil {
		t.Fatal(err)
	}
	w := ans.Where
	if !ans.InPrompt || w == nil || ans.Rule != RuleListed {
		t.Fatalf("answer = %+v", ans)
	}
	if got := prompt[w.Start:w.End]; got != "## /p/sub/AGENTS.md\nMore.\n</ctx>" {
		t.Errorf("range [%d,%d) holds %q", w.Start, w.End, got)
	}
	if w.FirstLine != 6 || w.LastLine != 8 {
		t.Errorf("lines %d-%d, want 6-8", w.FirstLine, w.LastLine)
	}
	// The first file's range stops where the second file's line starts.
	ans, err = r.Ask(Query{Target: "./AGENTS.md", Cwd: "/p"})
	if err != nil {
		t.Fatal(err)
	}
	if got := prompt[ans.Where.Start:ans.Where.End]; got != "## /p/AGENTS.md\nRules.\n" {
		t.Errorf("first file's range holds %q", got)
	}
}

func TestAskRules(t *testing.T) {
	r := targetReport()
	for _, c := range []struct {
		target, rule string
		in           bool
	}{
		{"./CLAUDE.md", RuleShadowed, false},
		{"/p/.pi/skills/deploy/SKILL.md", RuleTrust, false},
		{"append", RuleCondition, false},
		{"body", RuleListed, true},
		{"tool:grep", RuleInactive, false},
		{"section:context", RuleListed, true},
	} {
		ans, err := r.Ask(Query{Target: c.target, Cwd: "/p"})
		if err != nil {
			t.Errorf("%s: %v", c.target, err)
			continue
		}
		if ans.Rule != c.rule || ans.InPrompt != c.in {
			t.Errorf("%s: rule %s in %v, want %s in %v (%s)", c.target, ans.Rule, ans.InPrompt, c.rule, c.in, ans.Because)
		}
	}
}

func TestAskUnknown(t *testing.T) {
	r := targetReport()
	_, err := r.Ask(Query{Target: "contxt", Cwd: "/p"})
	var te *TargetError
	if !errors.As(err, &te) || te.Hint != `did you mean "context"?` {
		t.Fatalf("err = %v, want a TargetError suggesting context", err)
	}
	r.Skills.Listed = append(r.Skills.Listed, Skill{Name: "context", Path: "/h/skills/context/SKILL.md"})
	_, err = r.Ask(Query{Target: "context", Cwd: "/p"})
	if !errors.As(err, &te) || strings.Join(te.Candidates, ",") != "section:context,skill:context" {
		t.Fatalf("err = %v, want the two candidates", err)
	}
}
