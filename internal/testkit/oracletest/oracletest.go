// Package oracletest is test support for checking promptc's sources against
// the recorded pi oracle cases in the shared folder (../shared/oracle/pi/cases
// next to the module root). It materializes a case's tree/ and setup ops
// exactly as oracle.mjs does, but under a test's own temporary root, and maps
// the oracle's absolute sandbox paths in expected.json onto that root.
//
// Only tests import this package. When the shared folder is absent
// (SharedDir reports false) tests are expected to skip.
package oracletest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/suite"
)

// SharedDir returns the shared folder that sits beside the module root (the
// directory holding go.mod, found by walking up from the test's working
// directory), and whether it exists.
func SharedDir() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			shared := filepath.Join(dir, "..", "shared")
			fi, err := os.Stat(shared)
			return filepath.Clean(shared), err == nil && fi.IsDir()
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// piCases is the suite of the tests that read the recorded pi oracle
// cases.
var piCases = &suite.Suite{Name: suite.SharedPiCases}

// CasesDir returns the pi oracle cases folder, skipping t when the shared
// folder is not there (the suite shared/pi-cases: announced, and a failure
// where CI requires it).
func CasesDir(t testing.TB) string {
	t.Helper()
	shared, ok := SharedDir()
	if !ok {
		piCases.Skip(t, "shared folder with the pi oracle cases not found")
	}
	dir := filepath.Join(shared, "oracle", "pi", "cases")
	if _, err := os.Stat(dir); err != nil {
		piCases.Skip(t, fmt.Sprintf("no oracle cases: %v", err))
	}
	return dir
}

// Case is one oracle case: its inputs (case.json) and pi's recorded result
// (expected.json).
type Case struct {
	Name     string
	Dir      string
	Spec     Spec
	Expected Expected
}

// Spec holds the case.json fields the source tests use.
type Spec struct {
	Home     string `json:"home"`
	AgentDir string `json:"agentDir"`
	Cwd      string `json:"cwd"`
	// Trusted is true, false, "auto" or absent (nil).
	Trusted            any             `json:"trusted"`
	SystemPrompt       *string         `json:"systemPrompt"`
	AppendSystemPrompt json.RawMessage `json:"appendSystemPrompt"`
	NoContextFiles     bool            `json:"noContextFiles"`
	Unprivileged       bool            `json:"unprivileged"`
	Setup              []Op            `json:"setup"`
}

// Op is one setup operation of case.json.
type Op struct {
	Op      string `json:"op"`
	Path    string `json:"path"`
	Content string `json:"content"`
	Target  string `json:"target"`
	Mode    string `json:"mode"`
}

// Expected holds the expected.json fields the source tests use.
type Expected struct {
	Root                      string   `json:"root"`
	Prompt                    string   `json:"prompt"`
	Cwd                       string   `json:"cwd"`
	Home                      string   `json:"home"`
	AgentDir                  string   `json:"agentDir"`
	ContextFiles              []string `json:"contextFiles"`
	SystemPromptSource        *string  `json:"systemPromptSource"`
	CustomPromptUsed          bool     `json:"customPromptUsed"`
	AppendSystemPromptSources []string `json:"appendSystemPromptSources"`
	ProjectTrusted            bool     `json:"projectTrusted"`
	Stderr                    []string `json:"stderr"`
}

// Cases loads every case whose name starts with one of prefixes (all cases
// when none is given), sorted by name. It skips t when the cases are absent.
func Cases(t testing.TB, prefixes ...string) []Case {
	t.Helper()
	dir := CasesDir(t)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []Case
	for _, e := range entries {
		if !e.IsDir() || !hasAnyPrefix(e.Name(), prefixes) {
			continue
		}
		out = append(out, LoadCase(t, filepath.Join(dir, e.Name())))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func hasAnyPrefix(s string, prefixes []string) bool {
	if len(prefixes) == 0 {
		return true
	}
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// LoadCase reads case.json and expected.json of the case folder dir.
func LoadCase(t testing.TB, dir string) Case {
	t.Helper()
	c := Case{Name: filepath.Base(dir), Dir: dir}
	MustReadJSON(t, filepath.Join(dir, "case.json"), &c.Spec)
	MustReadJSON(t, filepath.Join(dir, "expected.json"), &c.Expected)
	return c
}

// MustReadJSON decodes the JSON file into v, failing t when the file
// cannot be read or is not valid JSON (ReadJSON allows a missing file).
func MustReadJSON(t testing.TB, file string, v any) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

// NeedsUnprivileged reports whether the case's expectations rely on files
// made unreadable with chmod, which a root process can still read.
func (c Case) NeedsUnprivileged() bool {
	if c.Spec.Unprivileged {
		return true
	}
	for _, op := range c.Spec.Setup {
		if op.Op == "chmod" && parseOctal(op.Mode)&0o444 != 0o444 {
			return true
		}
	}
	return false
}

// AppendValues returns the case's --append-system-prompt values (a string
// or a list in case.json) and whether the flag was given.
func (c Case) AppendValues(t testing.TB) ([]string, bool) {
	t.Helper()
	raw := c.Spec.AppendSystemPrompt
	if len(raw) == 0 || string(raw) == "null" {
		return nil, false
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err == nil {
		return list, true
	}
	var one string
	if err := json.Unmarshal(raw, &one); err != nil {
		t.Fatalf("%s: appendSystemPrompt: %v", c.Name, err)
	}
	return []string{one}, true
}

// Sandbox is a case materialized under a test's temporary root.
type Sandbox struct {
	// Root is the physical sandbox root that replaces Expected.Root.
	Root string
	// Cwd is the physical launch directory (the case cwd with symlinks
	// resolved, as process.cwd() reports it), or the plain joined path
	// when it does not exist.
	Cwd      string
	Home     string
	AgentDir string
	from     string
}

// Setup materializes c under a new temporary directory and returns the
// resulting paths.
func (c Case) Setup(t testing.TB) Sandbox {
	t.Helper()
	root := filepath.Join(TempRoot(t), c.Name)
	Materialize(t, c.Dir, root)
	sb := Sandbox{Root: root, from: c.Expected.Root}
	home := c.Spec.Home
	if home == "" {
		home = "home"
	}
	sb.Home = filepath.Join(root, home)
	if c.Spec.AgentDir != "" {
		sb.AgentDir = filepath.Join(root, c.Spec.AgentDir)
	} else {
		sb.AgentDir = filepath.Join(sb.Home, ".pi", "agent")
	}
	cwd := c.Spec.Cwd
	if cwd == "" {
		cwd = home
	}
	sb.Cwd = filepath.Join(root, cwd)
	if real, err := filepath.EvalSymlinks(sb.Cwd); err == nil {
		sb.Cwd = real
	}
	return sb
}

// Map rewrites an oracle path (under Expected.Root) to the sandbox.
func (s Sandbox) Map(p string) string {
	if s.from != "" && (p == s.from || strings.HasPrefix(p, s.from+"/")) {
		return s.Root + p[len(s.from):]
	}
	return p
}

// MapAll rewrites every oracle path in ps. The result is never nil, so
// that it compares with reflect.DeepEqual against a non-nil empty slice.
func (s Sandbox) MapAll(ps []string) []string {
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		out = append(out, s.Map(p))
	}
	return out
}

// MapText replaces every occurrence of the oracle root in s (warnings name
// paths in the middle of a line).
func (s Sandbox) MapText(text string) string {
	if s.from == "" {
		return text
	}
	return strings.ReplaceAll(text, s.from, s.Root)
}
