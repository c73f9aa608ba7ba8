package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// defaultPiVersion is the pi release recorded in expected.json; the
// recordings of another release V are expected.V.json beside it.
const defaultPiVersion = "0.83.0"

// recording says which recordings of the cases a run turns into scripts:
// pi's version, and the built-in pipeline that reproduces it (pi@VERSION
// unless -pipeline names another).
type recording struct {
	version, pipeline string
}

// file is the name of the recording in a case folder.
func (r recording) file() string {
	if r.version == defaultPiVersion {
		return "expected.json"
	}
	return "expected." + r.version + ".json"
}

// knownFields are the case.json fields the CLI contract maps (conformance
// README, "Mapping from case.json"). Any other field stops the generator,
// so a new oracle feature cannot turn into a script that passes silently.
var knownFields = map[string]bool{
	"description": true, "rules": true, "home": true, "agentDir": true, "cwd": true,
	"trusted": true, "tools": true, "excludeTools": true, "noTools": true,
	"systemPrompt": true, "appendSystemPrompt": true, "noContextFiles": true,
	"noSkills": true, "noPromptTemplates": true, "noExtensions": true, "skills": true,
	"promptTemplates": true, "extensions": true, "input": true, "setup": true,
	"unprivileged": true, "piPackageDir": true, "builtInExtensions": true,
	"debugTouchedPaths": true,
}

// oracleCase is one recorded case: its inputs (case.json), what pi
// produced (rec.file(), e.g. expected.json) and the folder holding tree/.
type oracleCase struct {
	name string
	dir  string
	rec  recording
	tr   *translation // nil without one
	spec caseSpec
	raw  map[string]json.RawMessage // case.json as written, for list-or-string fields
	exp  expected
}

type caseSpec struct {
	Description  string   `json:"description"`
	Rules        []string `json:"rules"`
	Home         *string  `json:"home"`
	AgentDir     *string  `json:"agentDir"`
	Cwd          *string  `json:"cwd"`
	Trusted      any      `json:"trusted"`
	NoTools      *string  `json:"noTools"`
	SystemPrompt *string  `json:"systemPrompt"`
	NoContext    bool     `json:"noContextFiles"`
	NoSkills     bool     `json:"noSkills"`
	NoTemplates  bool     `json:"noPromptTemplates"`
	Setup        []op     `json:"setup"`
	Unprivileged bool     `json:"unprivileged"`
}

// op is one setup operation of case.json.
type op struct {
	Op      string  `json:"op"`
	Path    string  `json:"path"`
	Content *string `json:"content"`
	Target  string  `json:"target"`
	Mode    any     `json:"mode"`
}

type expected struct {
	PiVersion      string                      `json:"piVersion"`
	Root           string                      `json:"root"`
	Cwd            string                      `json:"cwd"`
	Home           string                      `json:"home"`
	AgentDir       string                      `json:"agentDir"`
	ProjectTrusted *bool                       `json:"projectTrusted"`
	PiPaths        struct{ PackageDir string } `json:"piPaths"`
	Prompt         *string                     `json:"prompt"`
	Expanded       json.RawMessage             `json:"expanded"`
	Turns          []turn                      `json:"turns"`
	Extensions     []string                    `json:"extensions"`
	BasePrompt     json.RawMessage             `json:"basePrompt"`
	Stderr         []string                    `json:"stderr"`
	Diagnostics    []json.RawMessage           `json:"diagnostics"`
}

type turn struct {
	Input        *string `json:"input"`
	Expanded     *string `json:"expanded"`
	Sent         *bool   `json:"sent"`
	PromptIsBase *bool   `json:"promptIsBase"`
	Prompt       *string `json:"prompt"`
}

// basePrompt is expected.json's basePrompt, nil when absent (it equals
// prompt).
func (e *expected) basePrompt() *string {
	var s *string
	if len(e.BasePrompt) == 0 || json.Unmarshal(e.BasePrompt, &s) != nil {
		return nil
	}
	return s
}

// loadCases reads every case folder (one holding case.json) under dir,
// sorted by name, with its translation from trDir/<name> when there is
// one.
func loadCases(dir, trDir string, rec recording) ([]*oracleCase, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var cases []*oracleCase
	for _, e := range entries {
		caseDir := filepath.Join(dir, e.Name())
		if _, err := os.Stat(filepath.Join(caseDir, "case.json")); err != nil {
			continue
		}
		c, err := loadCase(caseDir, rec)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		if c.tr, err = loadTranslation(trDir, c.name); err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		cases = append(cases, c)
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].name < cases[j].name })
	return cases, nil
}

func loadCase(dir string, rec recording) (*oracleCase, error) {
	c := &oracleCase{name: filepath.Base(dir), dir: dir, rec: rec}
	data, err := os.ReadFile(filepath.Join(dir, "case.json"))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &c.raw); err != nil {
		return nil, fmt.Errorf("case.json: %w", err)
	}
	var unknown []string
	for k := range c.raw {
		if !knownFields[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, fmt.Errorf("case.json fields the CLI contract cannot map: %s", strings.Join(unknown, ", "))
	}
	if err := json.Unmarshal(data, &c.spec); err != nil {
		return nil, fmt.Errorf("case.json: %w", err)
	}
	data, err = os.ReadFile(filepath.Join(dir, rec.file()))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &c.exp); err != nil {
		return nil, fmt.Errorf("%s: %w", rec.file(), err)
	}
	return c, c.check()
}

// check applies the conformance harness's consistency checks: the pi
// version, an absolute root, home/agentDir as case.json gives them, a
// prompt, and turns that match the inputs.
func (c *oracleCase) check() error {
	e := &c.exp
	file := c.rec.file()
	if e.PiVersion != c.rec.version {
		return fmt.Errorf("%s comes from pi %q, not %s", file, e.PiVersion, c.rec.version)
	}
	if !path.IsAbs(e.Root) || path.Clean(e.Root) != e.Root || e.Root == "/" {
		return fmt.Errorf("%s root %q is not a clean absolute path", file, e.Root)
	}
	home, err := c.rel(c.home())
	if err != nil {
		return err
	}
	if e.Home != c.abs(home) {
		return fmt.Errorf("%s home %q does not match case.json (%q); stale %[1]s?", file, e.Home, c.abs(home))
	}
	agentDir := path.Join(e.Home, ".pi", "agent")
	if c.spec.AgentDir != nil && *c.spec.AgentDir != "" {
		rel, err := c.rel(*c.spec.AgentDir)
		if err != nil {
			return err
		}
		agentDir = c.abs(rel)
	}
	if e.AgentDir != agentDir {
		return fmt.Errorf("%s agentDir %q does not match case.json (%q); stale %[1]s?", file, e.AgentDir, agentDir)
	}
	if e.Prompt == nil || e.PiPaths.PackageDir == "" {
		return fmt.Errorf("%s has no prompt or no piPaths.packageDir", file)
	}
	inputs, err := c.list("input")
	if err != nil {
		return err
	}
	if len(inputs) != len(e.Turns) {
		return fmt.Errorf("%d inputs but %d turns in %s", len(inputs), len(e.Turns), file)
	}
	for i, t := range e.Turns {
		if t.Input == nil || *t.Input != inputs[i] {
			return fmt.Errorf("turn %d input differs from case.json input", i+1)
		}
	}
	if len(e.Turns) > 0 {
		var first *string
		if err := json.Unmarshal(e.Expanded, &first); err != nil || !equalPtr(first, e.Turns[0].Expanded) {
			return fmt.Errorf("%s expanded differs from turns[0].expanded", file)
		}
	}
	return nil
}

func equalPtr(a, b *string) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

// home is case.json home, "home" by default.
func (c *oracleCase) home() string {
	if c.spec.Home != nil {
		return *c.spec.Home
	}
	return "home"
}

// cwd is case.json cwd, home by default.
func (c *oracleCase) cwd() string {
	if c.spec.Cwd != nil {
		return *c.spec.Cwd
	}
	return c.home()
}

// rel resolves p against the sandbox root (path.resolve semantics) and
// returns it relative to the root; "" is the root itself. Paths that leave
// the root are errors.
func (c *oracleCase) rel(p string) (string, error) {
	abs := p
	if !path.IsAbs(p) {
		abs = path.Join(c.exp.Root, p)
	}
	abs = path.Clean(abs)
	if abs == c.exp.Root {
		return "", nil
	}
	if !strings.HasPrefix(abs, c.exp.Root+"/") {
		return "", fmt.Errorf("path %q leaves the sandbox root", p)
	}
	return strings.TrimPrefix(abs, c.exp.Root+"/"), nil
}

// abs is the oracle's absolute path for a root-relative path.
func (c *oracleCase) abs(rel string) string {
	if rel == "" {
		return c.exp.Root
	}
	return c.exp.Root + "/" + rel
}

// list reads a case.json field that JS treats with [].concat(value): a
// string or a list of strings. A missing or null field is nil.
func (c *oracleCase) list(key string) ([]string, error) {
	raw, ok := c.raw[key]
	if !ok || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, nil
	}
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		return []string{one}, nil
	}
	var many []string
	if err := json.Unmarshal(raw, &many); err != nil {
		return nil, fmt.Errorf("not expressible in the CLI contract: %s is not a string or a list of strings", key)
	}
	return many, nil
}

// skipReasons lists why the case depends on pi running JavaScript
// extensions, which promptc never does. It is the conformance harness's
// check minus the tree inspection: pi records in expected.json every
// extension it loaded, so a tree that holds a loadable extension always
// shows up in "extensions" as well.
func (c *oracleCase) skipReasons() ([]string, error) {
	var reasons []string
	cli, err := c.list("extensions")
	if err != nil {
		return nil, err
	}
	if len(cli) > 0 {
		reasons = append(reasons, fmt.Sprintf("-e %s (CLI extension or package source; promptc has no -e)", strings.Join(cli, " ")))
	}
	if len(c.exp.Extensions) > 0 {
		var rels []string
		for _, p := range c.exp.Extensions {
			rels = append(rels, strings.TrimPrefix(p, c.exp.Root+"/"))
		}
		reasons = append(reasons, "pi loaded "+strings.Join(rels, ", "))
	}
	if len(c.exp.BasePrompt) > 0 && string(c.exp.BasePrompt) != "null" {
		reasons = append(reasons, "an extension changed the first input's prompt (basePrompt)")
	}
	var consumed, changed []string
	for i, t := range c.exp.Turns {
		switch {
		case t.Sent != nil && !*t.Sent:
			consumed = append(consumed, fmt.Sprint(i+1))
		case t.PromptIsBase != nil && !*t.PromptIsBase:
			changed = append(changed, fmt.Sprint(i+1))
		}
	}
	if len(consumed) > 0 {
		reasons = append(reasons, "input "+strings.Join(consumed, ",")+" consumed by an extension command")
	}
	if len(changed) > 0 {
		reasons = append(reasons, "input "+strings.Join(changed, ",")+": before_agent_start changed the prompt")
	}
	return reasons, nil
}

// flags maps case.json to promptc's command-line flags, as the conformance
// harness does. Values are raw strings in which "${ROOT}" still stands for
// the sandbox root.
func (c *oracleCase) flags() ([]string, error) {
	var flags []string
	switch t := c.spec.Trusted; t {
	case true:
		flags = append(flags, "--approve")
	case false:
		flags = append(flags, "--no-approve")
	case nil, "auto":
	default:
		return nil, fmt.Errorf("not expressible in the CLI contract: trusted %v", t)
	}
	for _, f := range []struct{ key, flag string }{{"tools", "--tools"}, {"excludeTools", "--exclude-tools"}} {
		if _, ok := c.raw[f.key]; !ok {
			continue
		}
		names, err := c.list(f.key)
		if err != nil {
			return nil, err
		}
		if names == nil {
			continue
		}
		for _, n := range names {
			if strings.Contains(n, ",") || strings.TrimSpace(n) != n {
				return nil, fmt.Errorf("not expressible in the CLI contract: %s entry %q", f.key, n)
			}
		}
		flags = append(flags, f.flag, strings.Join(names, ","))
	}
	if nt := c.spec.NoTools; nt != nil {
		switch *nt {
		case "all":
			flags = append(flags, "--no-tools")
		case "builtin":
			flags = append(flags, "--no-builtin-tools")
		default:
			return nil, fmt.Errorf("not expressible in the CLI contract: noTools %q", *nt)
		}
	}
	if c.spec.SystemPrompt != nil {
		flags = append(flags, "--system-prompt", *c.spec.SystemPrompt)
	}
	appends, err := c.list("appendSystemPrompt")
	if err != nil {
		return nil, err
	}
	for _, v := range appends {
		flags = append(flags, "--append-system-prompt", v)
	}
	for _, b := range []struct {
		on   bool
		flag string
	}{{c.spec.NoContext, "--no-context-files"}, {c.spec.NoSkills, "--no-skills"}, {c.spec.NoTemplates, "--no-prompt-templates"}} {
		if b.on {
			flags = append(flags, b.flag)
		}
	}
	for _, f := range []struct{ key, flag string }{{"skills", "--skill"}, {"promptTemplates", "--prompt-template"}} {
		vals, err := c.list(f.key)
		if err != nil {
			return nil, err
		}
		for _, v := range vals {
			flags = append(flags, f.flag, v)
		}
	}
	return flags, nil
}

// quiet reports whether pi printed nothing on stderr and reported no
// diagnostic, so that promptc is expected to stay silent too.
func (c *oracleCase) quiet() bool {
	return len(c.exp.Stderr) == 0 && len(c.exp.Diagnostics) == 0
}
