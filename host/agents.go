package host

import (
	"context"
	"path"
	"slices"
	"strings"

	"github.com/promptc/promptc/bind"
	"github.com/promptc/promptc/explain"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/sources"
)

// agentSpec is one agent of the view: its product name, its built-in
// pipeline (the unversioned name, which follows the newest verified
// version), where its instruction part goes in the real request, and
// which sections make the part (nil: the whole output).
type agentSpec struct {
	product, pipeline, where string
	part                     []string
	// optional agents are shown only when they load a file.
	optional bool
}

// agents lists the agents in the order the view shows them.
var agents = []agentSpec{
	{product: "pi", pipeline: "default", where: "system prompt: the <project_context> block", part: []string{"project_context"}},
	{product: "CowAgent", pipeline: "cowagent", where: "system prompt: the workspace files section", part: []string{"context_files"}, optional: true},
	{product: "Codex CLI", pipeline: "codex", where: "input[2] (user), first part: # AGENTS.md instructions"},
	{product: "Claude Code", pipeline: "claude-code", where: "messages[0] (user), first part: <system-reminder>"},
	{product: "Gemini CLI", pipeline: "gemini-cli", where: "end of systemInstruction (global files); contents[0] <session_context> (project files)", part: []string{"system_memory", "session_memory"}},
	{product: "opencode", pipeline: "opencode", where: "the system message, after </env>"},
}

// name is the agent and the version its pipeline reproduces ("pi 1.6.0",
// "CowAgent head"), read from the built-in pipeline's version chain.
func (a agentSpec) name() string {
	if _, v := pipelines.SplitVersion(pipelines.Versioned(a.pipeline)); v != "" {
		return a.product + " " + v
	}
	return a.product
}

// Reasons the view adds for a file another agent loads.
const (
	ReasonWrongName = "wrong name"
	ReasonOutside   = "outside the walk"
)

// AgentsView is what promptc agents prints: for one directory, the
// instruction files each agent's built-in pipeline loads, with its
// defaults and no configuration layer.
type AgentsView struct {
	Cwd       string      `json:"cwd"`
	Tokenizer string      `json:"tokenizer"`
	Agents    []AgentView `json:"agents"`
}

// AgentView is one agent's column.
type AgentView struct {
	Agent    string      `json:"agent"`
	Pipeline string      `json:"pipeline"`
	Where    string      `json:"where"`
	Bytes    int         `json:"bytes"`
	Tokens   int         `json:"tokens"`
	Files    []AgentFile `json:"files"`
	Skipped  []AgentSkip `json:"skipped"`
	walk     *sources.Walk
}

// AgentFile is a loaded file: its size on disk and the tokens of the
// text that went in.
type AgentFile struct {
	Path      string `json:"path"`
	Bytes     int    `json:"bytes"`
	Tokens    int    `json:"tokens"`
	Truncated bool   `json:"truncated,omitempty"`
}

// AgentSkip is a file that was looked at, or that another agent loads,
// and that this agent leaves out.
type AgentSkip struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
}

// Agents runs every agent's pipeline for cwd (absolute) and compares
// them: the files each loads, the files each skips and why (a file
// another agent loads included), and the tokens of its instruction part.
func (h *Host) Agents(ctx context.Context, cwd string, tok explain.Tokenizer) (*AgentsView, error) {
	e := h.Env
	v := &AgentsView{Cwd: cwd, Tokenizer: tok.Name(), Agents: []AgentView{}}
	for _, a := range agents {
		av, err := h.runAgent(ctx, a, cwd, tok)
		if err != nil {
			return nil, err
		}
		if a.optional && len(av.Files) == 0 {
			continue
		}
		v.Agents = append(v.Agents, av)
	}
	if real, err := sources.Realpath(FS(e), cwd); err == nil {
		v.Cwd = real // what every pipeline's physical --cwd resolved to
	}
	v.crossSkips()
	return v, nil
}

// runAgent builds one agent's pipeline with its defaults and explains it.
func (h *Host) runAgent(ctx context.Context, a agentSpec, cwd string, tok explain.Tokenizer) (AgentView, error) {
	av := AgentView{Agent: a.name(), Pipeline: a.pipeline, Where: a.where, Files: []AgentFile{}, Skipped: []AgentSkip{}}
	quiet := &Host{Env: h.Env}
	s, err := quiet.Open(ctx, Request{Pipeline: a.pipeline, NoConfig: true, Flags: []bind.Occurrence{{Name: "cwd", Value: cwd}}})
	if err != nil {
		return av, err
	}
	res, err := s.Build(ctx)
	if err != nil {
		return av, err
	}
	rep, err := explain.New(s.Plan, res, explain.Options{Tokenizer: tok})
	if err != nil {
		return av, err
	}
	var part strings.Builder
	for _, sec := range res.Sections {
		if sec.Active && (a.part == nil || slices.Contains(a.part, sec.ID)) {
			part.WriteString(sec.Text)
		}
	}
	av.Bytes, av.Tokens = part.Len(), tok.Count(part.String())
	for _, f := range rep.ContextFiles {
		av.Files = append(av.Files, AgentFile{Path: f.Path, Bytes: f.Bytes, Tokens: f.Tokens, Truncated: f.Truncated})
	}
	ctxID := s.Plan.Spec().Explain.Context
	fsys := FS(h.Env)
	for _, w := range rep.WhyNot {
		// Only what exists: a candidate name that is not there is no
		// skipped file (URLs, not paths, stay).
		if path.IsAbs(w.Path) && !sources.Exists(fsys, w.Path) {
			if _, err := sources.Lstat(fsys, w.Path); err != nil {
				continue
			}
		}
		if w.Path != "" && w.Source == ctxID {
			av.Skipped = append(av.Skipped, AgentSkip{Path: w.Path, Reason: w.Reason, Detail: w.Detail})
		}
	}
	for _, src := range res.Sources {
		if src.ID != ctxID {
			continue
		}
		if wr, ok := src.Value.(sources.WalkReporter); ok {
			w := wr.Walk()
			av.walk = &w
		}
	}
	return av, nil
}

// crossSkips adds, to each agent, the files other agents load that it
// neither loads nor reports: a wrong name when its walk went through the
// file's directory, else outside the walk.
func (v *AgentsView) crossSkips() {
	var all []string
	for _, a := range v.Agents {
		for _, f := range a.Files {
			if !slices.Contains(all, f.Path) {
				all = append(all, f.Path)
			}
		}
	}
	for i := range v.Agents {
		a := &v.Agents[i]
		known := map[string]bool{}
		for _, f := range a.Files {
			known[f.Path] = true
		}
		for _, s := range a.Skipped {
			known[s.Path] = true
		}
		for _, p := range all {
			if known[p] {
				continue
			}
			switch {
			case a.walk == nil:
				a.Skipped = append(a.Skipped, AgentSkip{Path: p, Reason: "not loaded"})
			case slices.Contains(a.walk.Dirs, path.Dir(p)):
				a.Skipped = append(a.Skipped, AgentSkip{Path: p, Reason: ReasonWrongName, Detail: "reads " + strings.Join(a.walk.Names, ", ")})
			default:
				a.Skipped = append(a.Skipped, AgentSkip{Path: p, Reason: ReasonOutside})
			}
		}
	}
}
