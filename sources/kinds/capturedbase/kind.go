// Package capturedbase is the captured_base source kind: an agent CLI's
// own base system prompt as `promptc agents capture` recorded it in the
// user's cache, cut into parts along the prompt's own top-level headings
// so that a layer can drop, replace or move a part through the source's
// `with:` options. promptc ships no vendor text: without a capture the
// value is empty and a warning says how to make one.
package capturedbase

import (
	"context"
	"errors"
	"io/fs"
	"path"
	"slices"

	"github.com/promptc/promptc/agentcapture"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "captured_base"

// Diagnostic codes.
const (
	CodeMissing = "captured_base/missing"
	CodeUnknown = "captured_base/unknown-part"
)

// Options selects a capture and says what to do with its parts.
type Options struct {
	// Agent is the CLI's command (claude, codex, gemini, opencode).
	Agent string `koanf:"agent"`
	// Cache is the absolute agents cache dir
	// ($XDG_CACHE_HOME/promptc/agents).
	Cache string `koanf:"cache"`
	// Version picks the capture; "" takes the newest captured version.
	Version string `koanf:"version"`
	// Home and Cwd replace the capture's placeholders for the scratch
	// HOME and working directory it was recorded in.
	Home string `koanf:"home"`
	Cwd  string `koanf:"cwd"`
	// Drop lists part ids to leave out; Replace maps a part id to the text
	// that takes its place; Order lists part ids to put first, in that
	// order (the rest follow in the captured order).
	Drop    []string          `koanf:"drop"`
	Replace map[string]string `koanf:"replace"`
	Order   []string          `koanf:"order"`
}

// Value is the capture, with its parts as the options left them.
type Value struct {
	Agent   string `json:"agent"`
	Version string `json:"version"`
	Model   string `json:"model"`
	// Path is base.md's path; Found reports that a capture was read.
	Path  string `json:"path"`
	Found bool   `json:"found"`
	// Text is the parts' texts joined: the base prompt, as changed.
	Text string `json:"text"`
	// Parts are the parts in output order; ByID every captured part's
	// text (dropped ones too), for a section that moves one elsewhere.
	Parts []agentcapture.Part `json:"parts"`
	ByID  map[string]string   `json:"-"`
	// Versions lists the captured versions, newest first.
	Versions []string `json:"versions"`
}

// New returns the captured_base kind.
func New() sources.Kind {
	return sources.Func[Options, Value]{
		KindName: Name,
		Summary:  "an agent CLI's base system prompt from promptc agents capture's cache, in parts along its headings (drop, replace, order)",
		Run:      load,
	}
}

func load(ctx context.Context, env sources.Env, o *Options) (Value, sources.Output, error) {
	if err := ctx.Err(); err != nil {
		return Value{}, sources.Output{}, err
	}
	if o.Agent == "" || !path.IsAbs(o.Cache) {
		return Value{}, sources.Output{}, errors.New("captured_base: needs an agent and an absolute cache dir")
	}
	v := Value{Agent: o.Agent, Parts: []agentcapture.Part{}, ByID: map[string]string{}, Versions: []string{}}
	var out sources.Output
	dir := path.Join(o.Cache, o.Agent)
	if ents, err := sources.ReadDir(env.FS, dir); err == nil {
		var names []string
		for _, d := range ents {
			if _, err := sources.Lstat(env.FS, path.Join(dir, d.Name(), agentcapture.EntryFile)); err == nil {
				names = append(names, d.Name())
			}
		}
		v.Versions = agentcapture.Versions(names)
	}
	v.Version = o.Version
	if v.Version == "" && len(v.Versions) > 0 {
		v.Version = v.Versions[0]
	}
	missing := func(why string) (Value, sources.Output, error) {
		out.Excluded = append(out.Excluded, prov.Exclusion{Path: path.Join(dir, v.Version, agentcapture.BaseFile), Reason: "missing", Detail: why})
		out.Diags = append(out.Diags, diag.Diagnostic{Severity: diag.Warning, Code: CodeMissing, Path: dir, Message: why + "; run: promptc agents capture " + o.Agent})
		return v, out, nil
	}
	if v.Version == "" {
		return missing("no capture of " + o.Agent)
	}
	edir := path.Join(dir, v.Version)
	ej, err := sources.ReadFile(env.FS, path.Join(edir, agentcapture.EntryFile))
	if errors.Is(err, fs.ErrNotExist) {
		return missing("no capture of " + o.Agent + " " + v.Version)
	}
	if err != nil {
		return Value{}, out, err
	}
	base, err := sources.ReadFile(env.FS, path.Join(edir, agentcapture.BaseFile))
	if errors.Is(err, fs.ErrNotExist) {
		return Value{}, out, &agentcapture.CorruptError{Dir: edir, Why: agentcapture.BaseFile + " is missing"}
	}
	if err != nil {
		return Value{}, out, err
	}
	e, err := agentcapture.Check(edir, ej, base)
	if err != nil {
		return Value{}, out, err
	}
	v.Model, v.Path, v.Found = e.Model, path.Join(edir, agentcapture.BaseFile), true
	out.Origins = append(out.Origins, prov.Origin{Path: v.Path, Role: "captured-base", Bytes: len(base)})
	parts := agentcapture.Split(agentcapture.Expand(string(base), o.Home, o.Cwd))
	for _, p := range parts {
		v.ByID[p.ID] = p.Text
	}
	for _, id := range append(append(append([]string(nil), o.Drop...), o.Order...), keys(o.Replace)...) {
		if _, ok := v.ByID[id]; !ok {
			out.Diags = append(out.Diags, diag.Diagnostic{Severity: diag.Warning, Code: CodeUnknown, Path: v.Path, Message: "no part " + id + " in the captured base (parts: " + partIDs(parts) + ")"})
		}
	}
	for _, id := range o.Drop {
		if _, ok := v.ByID[id]; ok {
			out.Excluded = append(out.Excluded, prov.Exclusion{Path: v.Path + "#" + id, Reason: "dropped", Detail: "the base source's drop option"})
		}
	}
	v.Parts = arrange(parts, *o)
	for _, p := range v.Parts {
		v.Text += p.Text
	}
	return v, out, nil
}

// arrange applies Order, then Drop and Replace.
func arrange(parts []agentcapture.Part, o Options) []agentcapture.Part {
	out := make([]agentcapture.Part, 0, len(parts))
	rank := func(id string) int {
		if i := slices.Index(o.Order, id); i >= 0 {
			return i
		}
		return len(o.Order)
	}
	sorted := slices.Clone(parts)
	slices.SortStableFunc(sorted, func(a, b agentcapture.Part) int { return rank(a.ID) - rank(b.ID) })
	for _, p := range sorted {
		if slices.Contains(o.Drop, p.ID) {
			continue
		}
		if t, ok := o.Replace[p.ID]; ok {
			p.Text = t
		}
		out = append(out, p)
	}
	return out
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func partIDs(parts []agentcapture.Part) string {
	s := ""
	for i, p := range parts {
		if i > 0 {
			s += ", "
		}
		s += p.ID
	}
	return s
}
