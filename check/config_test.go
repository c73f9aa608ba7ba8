package check

import (
	"strings"
	"testing"
)

func TestParseMinimal(t *testing.T) {
	c, err := Parse("/r/.promptc/checks.yaml", []byte("checks: [{pipeline: default, cwd: .}, {pipeline: pi@1.6.0, cwd: packages/api, max_tokens: 900}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Repo != "/r" || c.GoldenDir != "/r/.promptc/golden" || len(c.Checks) != 2 {
		t.Fatalf("config %+v", c)
	}
	a, b := c.Checks[0], c.Checks[1]
	if a.Name != "default--root" || a.Cwd != "/r" || a.Date != "2026-01-01" || a.OS != "linux" {
		t.Errorf("check 1 %+v", a)
	}
	if b.Name != "pi@1.6.0--packages-api" || b.Cwd != "/r/packages/api" || b.MaxTokens != 900 || c.Golden(b) != "/r/.promptc/golden/pi@1.6.0--packages-api.golden" {
		t.Errorf("check 2 %+v", b)
	}
}

// TestParseErrors: every problem at its line and column, all at once.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"checks: [", "c.yaml:1:1: not valid YAML"},
		{"- a\n", "c.yaml:1:1: a checks file is a mapping"},
		{"golden_dir: g\n", "c.yaml:1:1: no checks: list"},
		{"checks:\n  - {cwd: .}\n", "c.yaml:2:5: a check needs a pipeline:"},
		{"checks:\n  - {pipeline: default, cwd: /abs}\n", "c.yaml:2:30: cwd /abs: not a directory of the repository"},
		{"checks:\n  - {pipeline: default, cwd: ../x}\n", "c.yaml:2:30: cwd ../x: not a directory of the repository"},
		{"checks:\n  - {pipeline: default, colour: red}\n", "c.yaml:2:25: unknown key \"colour\""},
		{"checks:\n  - {pipeline: default, live: [weather]}\n", "c.yaml:2:32: live: \"weather\" is not a fact"},
		{"checks:\n  - {pipeline: default, max_tokens: -3}\n", "c.yaml:2:37: want a positive whole number"},
		{"checks:\n  - {pipeline: default, date: tomorrow}\n", "c.yaml:2:31: date \"tomorrow\": want YYYY-MM-DD"},
		{"checks:\n  - {pipeline: default, system_layer: /etc/team.yaml}\n", "c.yaml:2:39: /etc/team.yaml: an absolute path does not hold on another checkout"},
		{"checks:\n  - {pipeline: default}\n  - {pipeline: default, cwd: .}\n", "c.yaml:3:3: check default--root: its golden name is also line 2's"},
	} {
		_, err := Parse("c.yaml", []byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
		}
	}
}
