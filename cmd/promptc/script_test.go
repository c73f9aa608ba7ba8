package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/lazyre"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite testscript goldens in testdata/scripts")

// updateGolden reads the environment at test time (not init time) so that
// `go test ./...` caching sees PROMPTC_UPDATE.
func updateGolden() bool { return *update || os.Getenv("PROMPTC_UPDATE") != "" }

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"promptc": promptcMain})
}

// uidEnv names the variable, set by the unprivileged command, that makes
// the scripts' promptc drop to that uid and gid before running.
const uidEnv = "PROMPTC_TEST_UID"

// nobody is the uid and gid the pi oracle used for unprivileged cases.
const nobody = 65534

// promptcMain is the scripts' promptc command: promptc's main, run as
// uid/gid $PROMPTC_TEST_UID with no supplementary groups when set.
func promptcMain() {
	if v := os.Getenv(uidEnv); v != "" {
		id, err := strconv.Atoi(v)
		if err == nil {
			err = dropPrivileges(id)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "promptc (test): cannot run as uid %s: %v\n", v, err)
			os.Exit(exitInternal)
		}
	}
	main()
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
	// The configuration layers are the scripts' own: the system layer is
	// looked for under $WORK, never in the host's /etc.
	e.Setenv("PROMPTC_SYSTEM_CONFIG", e.Getenv("WORK")+"/etc/promptc/config.yaml")
	e.Setenv("PROMPTC_USER_CONFIG", "")
	e.Setenv("XDG_CONFIG_HOME", "")
	for _, k := range []string{"PI_CODING_AGENT_DIR", "PROMPTC_UPDATE"} {
		e.Setenv(k, "")
	}
	// The JUnit schema test_junit.txtar validates reports against.
	if xsd, err := filepath.Abs(filepath.Join("..", "..", "casetest", "testdata", "junit.xsd")); err == nil {
		e.Setenv("JUNIT_XSD", xsd)
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
		"env-read":     envRead,
		"subst-work":   substWork,
		"trim-newline": trimNewline,
		"unprivileged": unprivileged,
		"quiet-stderr": quietStderr,
	}
}

// cmpWork compares a file (or stdout/stderr) with a golden in which the
// test's physical work directory is written as $WORK, so goldens do not
// depend on where the test runs. Usage: cmpwork actual golden.
//
// The comparison is byte for byte, final newline included. A txtar archive
// ends every non-empty file with a newline, so a golden that has none is
// restored with trim-newline before cmpwork runs (oracle2txtar writes
// that line for each such golden).
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
		ts.Check(updateArchive(ts, args[1], actual))
		return
	}
	ts.Fatalf("%s", diffText(want, actual))
}

// updateArchive rewrites the golden file of the running script's archive
// (testdata/scripts/NAME.txtar, NAME from the work dir "script-NAME"), the
// way testscript's UpdateScripts does for cmp. Goldens the script does not
// hold, or that are stored quoted or without their final newline, are left
// alone: they are regenerated by their generator.
func updateArchive(ts *testscript.TestScript, golden, actual string) error {
	name := strings.TrimPrefix(filepath.Base(ts.Getenv("WORK")), "script-")
	path := filepath.Join("..", "..", "testdata", "scripts", name+".txtar")
	ar, err := txtar.ParseFile(path)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(ts.Getenv("WORK"), ts.MkAbs(golden))
	if err != nil {
		return err
	}
	for i, f := range ar.Files {
		if f.Name != filepath.ToSlash(rel) {
			continue
		}
		data := actual
		if bytes.Contains(ar.Comment, []byte("trim-newline "+f.Name+"\n")) {
			data += "\n" // the script trims it again
		}
		if !strings.HasSuffix(data, "\n") || bytes.Contains(ar.Comment, []byte("unquote "+f.Name)) {
			ts.Logf("cmpwork: %s needs its generator to update", golden)
			return nil
		}
		ar.Files[i].Data = []byte(data)
		ts.Logf("cmpwork: updated %s in %s", rel, path)
		return os.WriteFile(path, txtar.Format(ar), 0o666)
	}
	ts.Logf("cmpwork: %s is not in %s", rel, path)
	return nil
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

// envRead sets an environment variable to a file's exact content, for an
// argument a script line cannot hold, such as one with a newline.
// Usage: env-read VAR file.
func envRead(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: env-read VAR file")
	}
	ts.Setenv(args[0], ts.ReadFile(args[1]))
}

// substWork replaces each literal $WORK in a file with the physical work
// directory (the inverse of cmpwork), for fixtures holding absolute paths.
// Usage: subst-work file.
func substWork(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: subst-work file")
	}
	p := ts.MkAbs(args[0])
	b, err := os.ReadFile(p)
	ts.Check(err)
	b = bytes.ReplaceAll(b, []byte("$WORK"), []byte(ts.Getenv("REALWORK")))
	ts.Check(os.WriteFile(p, b, 0o666))
}

// unprivileged makes later promptc runs see $WORK as uid/gid 65534 does,
// as the pi oracle ran pi for cases marked unprivileged (so chmod 000 bites
// even for root): it chowns $WORK to 65534:65534, lets others search the
// directory above $WORK (testscript's own temporary directory), and sets
// $PROMPTC_TEST_UID. Use it as "[root] unprivileged": other users cannot
// read their own chmod 000 files anyway. Usage: unprivileged.
func unprivileged(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: unprivileged")
	}
	work := ts.Getenv("REALWORK")
	parent := filepath.Dir(work)
	info, err := os.Stat(parent)
	ts.Check(err)
	ts.Check(os.Chmod(parent, info.Mode().Perm()|0o001))
	for d := filepath.Dir(parent); ; d = filepath.Dir(d) {
		info, err := os.Stat(d)
		ts.Check(err)
		if info.Mode().Perm()&0o001 == 0 {
			ts.Fatalf("unprivileged: uid %d cannot search %s; set GOTMPDIR to a directory it can reach", nobody, d)
		}
		if d == filepath.Dir(d) {
			break
		}
	}
	ts.Check(filepath.WalkDir(work, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, nobody, nobody)
	}))
	ts.Setenv(uidEnv, strconv.Itoa(nobody))
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

// linkNote is promptc's own warning about a file read through a symbolic
// link that leads outside the pipeline's roots; pi prints nothing for it.
var linkNote = lazyre.New(`^warning: \S+ is a link to \S+, outside the project \(`)

// expandNote is promptc's own warning that expand left a /skill: or
// /template line unchanged because its skill or template was left out (an
// untrusted project's); pi prints nothing for it.
var expandNote = lazyre.New(`^warning: /\S+ is not expanded: `)

// quietStderr checks that stderr is silent except for promptc's notes on
// links that leave the project and on lines expand left unchanged, which
// the reference agents do not print.
// Usage: quiet-stderr.
func quietStderr(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: quiet-stderr")
	}
	for _, line := range strings.Split(strings.TrimSuffix(ts.ReadFile("stderr"), "\n"), "\n") {
		if line != "" && !linkNote().MatchString(line) && !expandNote().MatchString(line) {
			ts.Fatalf("unexpected stderr line: %s", line)
		}
	}
}
