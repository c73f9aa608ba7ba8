package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite testscript goldens in testdata/scripts")

// updateGolden reads the environment at test time (not init time) so that
// `go test ./...` caching sees PROMPTC_UPDATE.
func updateGolden() bool { return *update || os.Getenv("PROMPTC_UPDATE") != "" }

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"promptc": main})
}

// TestScripts runs the golden scripts in testdata/scripts: one behaviour
// per script, named <area>_<behaviour>.txtar.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("..", "..", "testdata", "scripts"),
		UpdateScripts:       updateGolden(),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup:               setup,
		Cmds:                scriptCmds(),
		Condition:           condition,
	})
}

func setup(e *testscript.Env) error {
	e.Setenv("HOME", e.Getenv("WORK")+"/home")
	e.Setenv("TZ", "UTC")
	e.Setenv("LANG", "C")
	e.Setenv("PI_PACKAGE_DIR", "/usr/local/lib/node_modules/@earendil-works/pi-coding-agent")
	for _, k := range []string{"PI_CODING_AGENT_DIR", "PROMPTC_UPDATE"} {
		e.Setenv(k, "")
	}
	// Resolve $WORK physically, since promptc reports physical paths.
	if real, err := filepath.EvalSymlinks(e.Getenv("WORK")); err == nil {
		e.Setenv("REALWORK", real)
	}
	return nil
}

func condition(cond string) (bool, error) {
	switch cond {
	case "root":
		return os.Geteuid() == 0, nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}

func scriptCmds() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	return map[string]func(ts *testscript.TestScript, neg bool, args []string){
		"cmpwork":      cmpWork,
		"trim-newline": trimNewline,
	}
}

// cmpWork compares a file (or stdout/stderr) with a golden in which the
// test's physical work directory is written as $WORK, so goldens do not
// depend on where the test runs. Usage: cmpwork actual golden.
func cmpWork(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: cmpwork actual golden")
	}
	var actual string
	switch args[0] {
	case "stdout":
		actual = ts.ReadFile("stdout")
	case "stderr":
		actual = ts.ReadFile("stderr")
	default:
		actual = ts.ReadFile(args[0])
	}
	work := ts.Getenv("REALWORK")
	actual = strings.ReplaceAll(actual, work, "$WORK")
	if w := ts.Getenv("WORK"); w != work {
		actual = strings.ReplaceAll(actual, w, "$WORK")
	}
	want := ts.ReadFile(args[1])
	if actual == want {
		return
	}
	tmp := ts.MkAbs(args[1] + ".actual")
	ts.Check(os.WriteFile(tmp, []byte(actual), 0o666))
	ts.Logf("cmpwork: %s differs from %s", args[0], args[1])
	if updateGolden() {
		ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(actual), 0o666))
		return
	}
	ts.Fatalf("%s", diffText(want, actual))
}

// trimNewline removes one trailing newline from a file: txtar archives
// always end files with a newline, prompts do not. Usage: trim-newline file.
func trimNewline(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: trim-newline file")
	}
	p := ts.MkAbs(args[0])
	b, err := os.ReadFile(p)
	ts.Check(err)
	b = bytes.TrimSuffix(b, []byte("\n"))
	ts.Check(os.WriteFile(p, b, 0o666))
}

func diffText(want, got string) string {
	dir, err := os.MkdirTemp("", "promptc-diff")
	if err != nil {
		return fmt.Sprintf("want:\n%q\ngot:\n%q", want, got)
	}
	defer os.RemoveAll(dir)
	wf, gf := filepath.Join(dir, "want"), filepath.Join(dir, "got")
	_ = os.WriteFile(wf, []byte(want), 0o666)
	_ = os.WriteFile(gf, []byte(got), 0o666)
	out, _ := exec.Command("diff", "-u", wf, gf).CombinedOutput()
	if len(out) == 0 {
		return fmt.Sprintf("want:\n%q\ngot:\n%q", want, got)
	}
	return string(out)
}
