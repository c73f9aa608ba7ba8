package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPolicyRefusalExitStatus: a run whose prompt would lose a required
// section is refused with its own exit status (6), nothing on stdout and
// one line naming the transform and the section; the same build without
// the transform passes, and a final section followed by an overlay's
// section is a load error (exit 1).
func TestPolicyRefusalExitStatus(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string { return writeUnder(t, root, name, text) }
	pipe := write("team.yaml", "promptc: 1\nname: team\nsections:\n  intro:\n    template: You are a coding agent.\ntransforms:\n  - id: short\n    when: run.Input == \"cut\"\n    replace: Be brief.\n")
	write("user.yaml", "sections:\n  security:\n    after: [intro]\n    template: Never print secrets.\n    required: true\n    final: true\n")
	proj := filepath.Dir(write("p/README", ""))
	e := fakeEnv{vars: map[string]string{"HOME": root, "PROMPTC_SYSTEM_CONFIG": root + "/none.yaml", "PROMPTC_USER_CONFIG": root + "/user.yaml"}, wd: proj}

	code, out, stderr := runWith(e, "build", "--pipeline", pipe, "--input", "keep")
	if code != exitOK || !strings.Contains(out, "Never print secrets.") {
		t.Fatalf("kept: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	code, out, stderr = runWith(e, "build", "--pipeline", pipe, "--input", "cut")
	want := pipe + `:7:5: transform short (the base pipeline) removed required section "security" (required in ` + root + `/user.yaml:5:5) from the run's prompt; the run is refused` + "\n"
	if code != exitPolicy || out != "" || stderr != want {
		t.Errorf("cut: exit %d, stdout %q, stderr\n%q, want exit %d and\n%q", code, out, stderr, exitPolicy, want)
	}

	over := write("over.yaml", "sections:\n  outdated:\n    after: [security]\n    template: The policy above is outdated.\n")
	code, out, stderr = runWith(e, "build", "--pipeline", pipe, "--overlay", over)
	if code != exitSpec || out != "" || !strings.Contains(stderr, `section "outdated" comes after final section "security"`) {
		t.Errorf("final: exit %d, stdout %q, stderr %q, want exit 1", code, out, stderr)
	}
}
