// Package cowagent tests the Python adapter in this directory inside
// CowAgent's real prompt code: the shared oracle extracts that code from a
// git snapshot (revisions i18n and head) and runs each curated case, once with a
// plain interpreter and once with an interpreter whose site-packages holds
// the adapter's .pth line, written by install.py as an operator would.
//
// The tests need ../shared (the oracle and its cases), python3 with PyYAML
// and a bare git dir of zhayujie/CowAgent named in $COWAGENT_GIT_DIRS.
// Without any of them they skip, saying which; with -short they skip.
package cowagent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/internal/testkit/suite"
)

// transports are the adapter's two ways of calling promptc (PROMPTC_TRANSPORT).
var transports = []string{"cli", "serve"}

// i18nRev is the CowAgent revision the cowagent pipeline reproduces.
const i18nRev = "bc256253cdd4fba852a96f5977bd2e6fa338b20f"

// harness is what every test shares: built once, on first use.
type harness struct {
	skip        string // why the tests cannot run; "" when they can
	python      string // plain interpreter: CowAgent as is
	adapted     string // venv interpreter with the adapter's .pth installed
	oracle      string // ../shared/oracle/cowagent/oracle.py
	conformance string // ../shared/conformance/cowagent.py
	cases       []string
	bin         string // directory holding the promptc built from this checkout
	runCase     string // testdata/run_case.py
	tmp         string
	basePath    string // $PATH with every directory holding a promptc removed
}

var (
	h     harness
	hOnce sync.Once
)

// cowSuite is this package's suite: announced when it skips (CI does not
// require it: it has no CowAgent snapshot).
var cowSuite = &suite.Suite{Name: suite.CowAgent}

func TestMain(m *testing.M) {
	code := suite.Run(m, cowSuite)
	if h.tmp != "" {
		os.RemoveAll(h.tmp)
	}
	os.Exit(code)
}

// setup returns the shared harness, skipping t when it cannot run.
func setup(t testing.TB) *harness {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: these tests run CowAgent's real code for every oracle case")
	}
	hOnce.Do(func() { h.skip = h.init() })
	if h.skip != "" {
		cowSuite.Skip(t, h.skip)
	}
	return &h
}

func (h *harness) init() string {
	shared, ok := oracletest.SharedDir()
	if !ok {
		return "shared folder with the CowAgent oracle not found beside the checkout"
	}
	h.oracle = filepath.Join(shared, "oracle", "cowagent", "oracle.py")
	h.conformance = filepath.Join(shared, "conformance", "cowagent.py")
	for _, p := range []string{h.oracle, h.conformance} {
		if _, err := os.Stat(p); err != nil {
			return fmt.Sprintf("%s not found", p)
		}
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		return "python3 not installed"
	}
	h.python = python
	if out, err := exec.Command(python, "-c", "import yaml").CombinedOutput(); err != nil {
		return fmt.Sprintf("python3 has no PyYAML, which CowAgent's code imports: %s", bytes.TrimSpace(out))
	}
	if !haveRevision() {
		return "no CowAgent snapshot with revision i18n (" + i18nRev[:8] + "): set COWAGENT_GIT_DIRS " +
			"to a bare git dir of zhayujie/CowAgent (e.g. the one `fetch github:zhayujie/CowAgent` makes)"
	}
	entries, err := os.ReadDir(filepath.Join(shared, "oracle", "cowagent", "cases"))
	if err != nil {
		return err.Error()
	}
	for _, e := range entries {
		if e.IsDir() {
			h.cases = append(h.cases, filepath.Join(shared, "oracle", "cowagent", "cases", e.Name()))
		}
	}
	here, err := os.Getwd()
	if err != nil {
		return err.Error()
	}
	h.runCase = filepath.Join(here, "testdata", "run_case.py")
	if h.tmp, err = os.MkdirTemp("", "promptc-cowagent-"); err != nil {
		return err.Error()
	}
	// Build promptc and install the adapter the way an operator does.
	h.bin = filepath.Join(h.tmp, "bin")
	if err := oracletest.DependOnModule(); err != nil { // the build below is a child's
		return err.Error()
	}
	if out, err := exec.Command("go", "build", "-o", filepath.Join(h.bin, "promptc"), "../../cmd/promptc").CombinedOutput(); err != nil {
		panic(fmt.Sprintf("go build: %v\n%s", err, out))
	}
	venv := filepath.Join(h.tmp, "venv")
	if out, err := exec.Command(python, "-m", "venv", "--system-site-packages", "--without-pip", venv).CombinedOutput(); err != nil {
		panic(fmt.Sprintf("python3 -m venv: %v\n%s", err, out))
	}
	h.adapted = filepath.Join(venv, "bin", "python")
	if out, err := exec.Command(h.adapted, filepath.Join(here, "install.py")).CombinedOutput(); err != nil {
		panic(fmt.Sprintf("install.py: %v\n%s", err, out))
	}
	var keep []string
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(dir, "promptc")); err != nil {
			keep = append(keep, dir)
		}
	}
	h.basePath = strings.Join(keep, string(os.PathListSeparator))
	return ""
}

// haveRevision reports whether a dir of $COWAGENT_GIT_DIRS has i18nRev.
func haveRevision() bool {
	for _, dir := range filepath.SplitList(os.Getenv("COWAGENT_GIT_DIRS")) {
		if dir == "" {
			continue
		}
		if exec.Command("git", "--git-dir", dir, "cat-file", "-e", i18nRev+"^{commit}").Run() == nil {
			return true
		}
	}
	return false
}

// report is what testdata/run_case.py prints.
type report struct {
	Oracle struct {
		Entry       string          `json:"entry"`
		Prompt      string          `json:"prompt"`
		Warnings    []string        `json:"warnings"`
		SideEffects json.RawMessage `json:"side_effects"`
	} `json:"oracle"`
	Adapter *struct {
		Promptc        int     `json:"promptc"`
		Fallback       int     `json:"fallback"`
		CowagentFailed int     `json:"cowagent_failed"`
		NotExpressible int     `json:"not_expressible"`
		OtherRevision  int     `json:"other_revision"`
		Refused        int     `json:"refused"`
		Revision       *string `json:"revision"`
		Pipeline       *string `json:"pipeline"`
		Transport      string  `json:"transport"`
		Outage         *string `json:"outage"`
		Patched        bool    `json:"patched"`
	} `json:"adapter"`
	Turns       []string  `json:"turns"`
	Refusals    []string  `json:"refusals"` // PolicyRefused messages, one per refused turn
	TurnSeconds []float64 `json:"turn_seconds"`
	Reference   *struct {
		Status string `json:"status"`
		Detail string `json:"detail"`
		Stdout string `json:"stdout"`
		Stderr string `json:"stderr"`
	} `json:"reference"`
	// maxRSSKB is the peak resident size of the Python process that ran
	// the turns (and so the adapter), from its rusage.
	maxRSSKB int64
}

// run is one oracle run: the interpreter, its environment (beyond the
// oracle's PATH, HOME and PROMPTC_* nothing reaches the build) and the
// driver's extra flags.
type run struct {
	python string
	home   string
	path   string   // $PATH; "" = promptc's bin dir first, then basePath
	env    []string // more variables (PROMPTC_*)
	target string   // "" = i18n
	args   []string
}

func (h *harness) run(t testing.TB, caseDir string, r run) report {
	t.Helper()
	path := r.path
	if path == "" {
		path = h.bin + string(os.PathListSeparator) + h.basePath
	}
	if r.home == "" {
		r.home = h.home(t, "")
	}
	target := r.target
	if target == "" {
		target = "i18n"
	}
	args := append([]string{h.runCase, "--oracle", h.oracle, "--target", target}, r.args...)
	cmd := exec.Command(r.python, append(args, caseDir)...)
	cmd.Env = append([]string{
		"PATH=" + path, "HOME=" + r.home, "LANG=C.UTF-8",
		"COWAGENT_GIT_DIRS=" + os.Getenv("COWAGENT_GIT_DIRS"),
		// No system layer, whatever the machine has in /etc/promptc.
		"PROMPTC_SYSTEM_CONFIG=" + filepath.Join(h.tmp, "no-system-layer.yaml"),
	}, r.env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(r.python), filepath.Base(caseDir), err, stderr.Bytes())
	}
	var rep report
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("run_case.py output: %v\n%s", err, stdout.Bytes())
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rep.maxRSSKB = ru.Maxrss
	}
	// The .pth line installed the adapter; the class is patched once
	// CowAgent imports it, which the builder entry never does.
	if r.python == h.adapted && (rep.Adapter == nil || rep.Adapter.Patched != (rep.Oracle.Entry == "agent")) {
		t.Fatalf("the adapter is not installed in the venv interpreter (stats %+v)\nstderr: %s", rep.Adapter, stderr.Bytes())
	}
	if r.python == h.python && rep.Adapter != nil {
		t.Fatalf("the plain interpreter has the adapter installed")
	}
	return rep
}

// home returns a fresh home directory whose user layer
// (~/.config/promptc/config.yaml) is layer, or none when layer is "".
func (h *harness) home(t testing.TB, layer string) string {
	t.Helper()
	home := t.TempDir()
	if layer != "" {
		dir := filepath.Join(home, ".config", "promptc")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(layer), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return home
}

// expected is the case's golden prompt for target ("i18n" or "head").
func expected(t testing.TB, caseDir, target string) string {
	t.Helper()
	name := "expected." + target + ".json"
	if target == "head" {
		name = "expected.json"
	}
	var exp struct {
		Prompt string `json:"prompt"`
	}
	if !oracletest.ReadJSON(t, filepath.Join(caseDir, name), &exp) {
		t.Fatalf("%s: no %s", caseDir, name)
	}
	return exp.Prompt
}

// promptcWarnings returns the adapter's own warnings among the oracle's
// WARNING records, and the others.
func promptcWarnings(rep report) (own, others []string) {
	for _, w := range rep.Oracle.Warnings {
		if strings.HasPrefix(w, "WARNING: [promptc]") {
			own = append(own, w)
		} else {
			others = append(others, w)
		}
	}
	return own, others
}
