package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/promptc/promptc/casetest"
)

// set is the cases of one agent, written to one folder.
type set struct {
	agent, pipeline, cli string
	cases                int // recorded cases
	files                map[string][]byte
	left                 []leftOut
	versionSpecific      []string
}

// leftOut is a recorded case that gave no case file, and why.
type leftOut struct{ name, reason string }

// invocation is how promptc build runs for one case: the pipeline's params
// that stand for the agent's settings, and the working directory.
type invocation struct {
	cwd    string // $WORK-relative or $WORK/…
	params [][2]string
	flags  []string // pipeline flags, as arguments
	env    []casetest.EnvVar
}

// agent says how to run one agent's cases: which pipeline, how the case's
// settings map to params ("" skip reason, or why the case cannot be run),
// and which capture part each case file checks (with the params that
// select it).
type agent struct {
	dir, pipeline string
	invoke        func(c *agentCase, files map[string][]byte) (invocation, string, error)
	parts         []partSel
}

// partSel is one instruction part and the params that make the pipeline
// print it.
type partSel struct {
	name   string
	params [][2]string
}

// agents lists the agents whose pipelines exist, in report order.
var agents = []agent{
	{dir: "codex", pipeline: "codex@0.171.0", invoke: codexInvocation, parts: []partSel{{name: "agents_md"}}},
	{dir: "claude-code", pipeline: "claude-code@2.1.332", invoke: claudeInvocation, parts: []partSel{{name: "claude_md"}}},
	{dir: "gemini-cli", pipeline: "gemini-cli@0.61.0", invoke: geminiInvocation, parts: []partSel{
		{name: "system_memory", params: [][2]string{{"part", "system"}}},
		{name: "session_memory", params: [][2]string{{"part", "session"}}},
	}},
	{dir: "opencode", pipeline: "opencode@1.18.33", invoke: opencodeInvocation, parts: []partSel{{name: "instructions"}}},
	{dir: "copilot", pipeline: "copilot@1.0.102", invoke: copilotInvocation, parts: []partSel{{name: "custom_instructions"}}},
}

// convertAll converts every case of every agent under dir; with captures
// set, each case's expected.json is read from captures/<agent>/<case>/.
func convertAll(dir, captures string) ([]*set, error) {
	var sets []*set
	for _, a := range agents {
		s := &set{agent: a.dir, pipeline: a.pipeline, files: map[string][]byte{}}
		names, err := filepath.Glob(filepath.Join(dir, a.dir, "*", "case.json"))
		if err != nil {
			return nil, err
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("no case in %s", filepath.Join(dir, a.dir))
		}
		sort.Strings(names)
		for _, n := range names {
			c, err := loadCase(filepath.Dir(n), captures)
			if err != nil {
				return nil, err
			}
			s.cases++
			if s.cli == "" {
				s.cli = c.want.CLI.Package + "@" + c.want.CLI.Version
			}
			if c.meta.VersionSpecific != nil {
				s.versionSpecific = append(s.versionSpecific, c.name)
			}
			specs, skip, err := convert(a, c)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.dir, err)
			}
			if skip != "" {
				s.left = append(s.left, leftOut{c.name, skip})
				continue
			}
			for name, data := range specs {
				s.files[name] = data
			}
		}
		sets = append(sets, s)
	}
	return sets, nil
}

// convert makes the case files of c: one per part of a.
func convert(a agent, c *agentCase) (map[string][]byte, string, error) {
	if c.want.Error != "" {
		return nil, "the recording failed: " + c.want.Error, nil
	}
	if c.meta.EnvironmentSpecific != nil {
		return nil, "environment-specific: " + *c.meta.EnvironmentSpecific, nil
	}
	files := map[string][]byte{}
	for k, v := range c.files {
		files[k] = v
	}
	spec := &casetest.Spec{}
	subst := map[string]bool{}
	for _, d := range c.git {
		spec.Dirs = append(spec.Dirs, path.Join("fs", d, ".git"))
	}
	for _, op := range c.meta.Setup {
		p, err := workPath(op.Path)
		if err != nil {
			return nil, "", err
		}
		switch op.Op {
		case "write":
			b, err := op.content()
			if err != nil {
				return nil, "", fmt.Errorf("%s: %v", op.Path, err)
			}
			if op.Expand {
				b = []byte(strings.ReplaceAll(string(b), "<ROOT>", "$WORK"))
				subst[p] = true
			}
			files[p] = b
		case "mkdir":
			spec.Dirs = append(spec.Dirs, p)
		case "symlink":
			spec.Links = append(spec.Links, casetest.SpecLink{Name: p, Target: strings.ReplaceAll(op.Target, "<ROOT>", "$WORK")})
		case "chmod":
			var mode uint32
			if _, err := fmt.Sscanf(op.Mode, "%o", &mode); err != nil {
				return nil, "", fmt.Errorf("%s: mode %q", op.Path, op.Mode)
			}
			spec.Modes = append(spec.Modes, casetest.SpecMode{Path: p, Mode: os.FileMode(mode)})
		case "git":
			if skip := emulateGit(p, op.Args, files, subst); skip != "" {
				return nil, skip, nil
			}
		default:
			return nil, "", fmt.Errorf("unknown setup op %q", op.Op)
		}
	}
	inv, skip, err := a.invoke(c, files)
	if err != nil || skip != "" {
		return nil, skip, err
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		spec.Files = append(spec.Files, casetest.SpecFile{Name: n, Data: files[n], Subst: subst[n]})
	}
	spec.Env = inv.env
	out := map[string][]byte{}
	for _, part := range a.parts {
		text, ok := c.part(part.name)
		if !ok {
			return nil, "", fmt.Errorf("expected.json has no part %q", part.name)
		}
		s := *spec
		s.Doc = doc(c, part.name, len(a.parts) > 1)
		s.Args = []string{"--pipeline", a.pipeline, "--cwd", workArg(inv.cwd)}
		s.Args = append(s.Args, inv.flags...)
		for _, p := range append(append([][2]string(nil), inv.params...), part.params...) {
			s.Args = append(s.Args, "--param", p[0]+"="+p[1])
		}
		s.Prompt = []byte(strings.ReplaceAll(text, "<ROOT>", "$WORK"))
		data, err := s.Format()
		if err != nil {
			return nil, "", err
		}
		name := c.name + ".txtar"
		if len(a.parts) > 1 {
			name = c.name + "." + part.name + ".txtar"
		}
		out[name] = data
	}
	return out, "", nil
}

// part is the recorded text of the named part ("" when absent).
func (c *agentCase) part(name string) (string, bool) {
	for _, p := range c.want.Parts {
		if p.Name == name {
			return p.Text, true
		}
	}
	return "", false
}

// workArg turns a $WORK-relative path into an argument ($WORK/…).
func workArg(p string) string {
	if strings.HasPrefix(p, "$WORK") {
		return p
	}
	return "$WORK/" + path.Clean(p)
}

// doc is the case file's comment: the case, the rules, the capture.
func doc(c *agentCase, part string, multi bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s/%s (%s@%s", c.meta.Agent, c.name, c.want.CLI.Package, c.want.CLI.Version)
	if multi {
		fmt.Fprintf(&b, ", part %s", part)
	}
	fmt.Fprintf(&b, "; rules %s): %s\n", strings.Join(c.meta.Rules, " "), c.meta.Description)
	if c.meta.VersionSpecific != nil {
		fmt.Fprintf(&b, "VERSION-SPECIFIC: %s\n", *c.meta.VersionSpecific)
	}
	b.WriteString("Generated by go run ./tools/agentcases from testdata/agents/cases: do not edit.")
	return b.String()
}
