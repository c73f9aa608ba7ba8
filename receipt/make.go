package receipt

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"syscall"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/explain"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/policy"
)

// Input is what [Make] records: a finished build and how it was asked for.
type Input struct {
	PromptcVersion string
	Request        Request
	Agent          *Agent
	// Params are the session's params (host.Session.Input.Params).
	Params map[string]any
	Result *engine.Result
	// Prompt is the text the build printed: Result.Text, or its one
	// run's prompt.
	Prompt string
	// Read reads a file by the name the build gave it (host.ReadFile in
	// the build's environment: relative names from its directory).
	Read func(name string) ([]byte, error)
}

// Make records in's build. Every layer file and every file a source read
// is read again (in.Read) and hashed; a file that cannot be read is an
// error (a receipt names no file it could not hash).
func Make(in Input) (*Receipt, error) {
	res := in.Result
	r := &Receipt{
		Receipt:        Format,
		PromptcVersion: in.PromptcVersion,
		Pipeline:       Pipeline{Name: res.Pipeline},
		Request:        in.Request,
		Agent:          in.Agent,
		Params:         map[string]any{},
		Layers:         []Layer{},
		Files:          []File{},
		Sections:       []Section{},
	}
	if len(in.Params) > 0 {
		p, err := plainJSON(in.Params)
		if err != nil {
			return nil, fmt.Errorf("receipt: params: %w", err)
		}
		r.Params = p
	}
	var policyLayers []policy.Layer
	for _, l := range res.Layers {
		rl := Layer{Path: l.Name, Role: l.Role, Status: l.Status}
		if l.Status == spec.StatusApplied && l.Role != spec.RoleSet {
			data, builtin, err := layerBytes(l.Name, in.Read)
			if err != nil {
				return nil, fmt.Errorf("receipt: layer %s: %w", l.Name, err)
			}
			rl.SHA256, rl.Builtin = Sum(data), builtin
			if (l.Role == spec.RoleSystem || l.Role == spec.RoleUser) && !strings.Contains(l.Name, partSep) {
				policyLayers = append(policyLayers, policy.Layer{Path: l.Name, Data: data})
			}
		}
		r.Layers = append(r.Layers, rl)
	}
	r.Pipeline.Version = versionOf(r.Layers)
	r.Policy = policy.Scan(policyLayers)
	files, err := readFiles(res, in.Read)
	if err != nil {
		return nil, err
	}
	r.Files = files
	marks := map[string]policy.Section{}
	for _, s := range r.Policy.Sections {
		m := marks[s.ID]
		m.Locked, m.Required, m.Final = m.Locked || s.Locked, m.Required || s.Required, m.Final || s.Final
		marks[s.ID] = m
	}
	for _, s := range res.Sections {
		if !s.Active {
			continue
		}
		m := marks[s.ID]
		r.Sections = append(r.Sections, Section{ID: s.ID, Bytes: len(s.Text), SHA256: Sum([]byte(s.Text)), Layer: s.Layer, Locked: m.Locked, Required: m.Required, Final: m.Final})
	}
	r.Prompt = digest(in.Prompt, res.Budget)
	return r, nil
}

// partSep is how a layer report names one part of a layer's for: map
// ("user.yaml for: pi"): the file is the name before it.
const partSep = " for: "

// Sum is the lowercase hex SHA-256 of data.
func Sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// layerBytes reads a layer: a built-in pipeline's embedded bytes
// (host's rule: "pipelines/NAME.yaml" that is built in), else the file.
func layerBytes(name string, read func(string) ([]byte, error)) (data []byte, builtin bool, err error) {
	name, _, _ = strings.Cut(name, partSep)
	if ref, ok := strings.CutPrefix(name, "pipelines/"); ok {
		if b, ok := pipelines.Lookup(strings.TrimSuffix(ref, ".yaml")); ok {
			return b, true, nil
		}
	}
	data, err = read(name)
	return data, false, err
}

// versionOf is the versioned built-in pipeline the run stands for: the
// built-in base's (pipelines.Versioned), else the last versioned built-in
// pipeline the base extends; "" for none.
func versionOf(layers []Layer) string {
	last := ""
	for _, l := range layers {
		if !l.Builtin {
			continue
		}
		name := strings.TrimSuffix(strings.TrimPrefix(l.Path, "pipelines/"), ".yaml")
		if l.Role == spec.RoleBase {
			if v := pipelines.Versioned(name); v != "" {
				return v
			}
		}
		if strings.Contains(name, "@") {
			last = name
		}
	}
	return last
}

// readFiles hashes every file behind the active sections and the
// resolved sources (their origins), once each, sorted by path. Origins
// that are not files ("(flag text)", "flag:...") and directories (a
// skills folder) are left out.
func readFiles(res *engine.Result, read func(string) ([]byte, error)) ([]File, error) {
	seen := map[string]bool{}
	var out []File
	visit := func(p, role string) error {
		if seen[p] || !path.IsAbs(p) {
			return nil
		}
		seen[p] = true
		data, err := read(p)
		if errors.Is(err, syscall.EISDIR) {
			return nil // a directory a source listed: its files that were read are origins of their own
		}
		if err != nil {
			return fmt.Errorf("receipt: %s: %w", p, err)
		}
		out = append(out, File{Path: p, Role: role, Bytes: len(data), SHA256: Sum(data)})
		return nil
	}
	for _, s := range res.Sections {
		if !s.Active {
			continue
		}
		for _, o := range s.Origins {
			if err := visit(o.Path, o.Role); err != nil {
				return nil, err
			}
		}
	}
	for _, s := range res.Sources {
		for _, o := range s.Origins {
			if err := visit(o.Path, o.Role); err != nil {
				return nil, err
			}
		}
	}
	slices.SortFunc(out, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	if out == nil {
		out = []File{}
	}
	return out, nil
}

// digest measures the prompt the way explain's header does: bytes,
// tokens in the budget's tokenizer (else explain's default) and pi's
// chars/4 estimate.
func digest(prompt string, b *engine.BudgetReport) Prompt {
	name := explain.DefaultTokenizer
	if b != nil && b.Tokenizer != "" {
		name = b.Tokenizer
	}
	tok, err := explain.NewTokenizer(name)
	if err != nil {
		tok, _ = explain.NewTokenizer(explain.DefaultTokenizer)
	}
	return Prompt{SHA256: Sum([]byte(prompt)), Bytes: len(prompt), Tokens: tok.Count(prompt), Tokenizer: tok.Name(), Estimate: explain.Estimate(prompt)}
}

// plainJSON is v as [Parse] decodes it (maps, []any, json.Number,
// string, bool), so that a receipt made and a receipt read hold equal
// params.
func plainJSON(v map[string]any) (map[string]any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		return nil, err
	}
	return out, nil
}

// Values turns a receipt's params (JSON numbers kept as json.Number) into
// the values a host.Request takes: integers as int64, other numbers as
// float64, maps and lists converted throughout. params is not changed.
func Values(params map[string]any) map[string]any {
	out := make(map[string]any, len(params))
	for k, v := range params {
		out[k] = value(v)
	}
	return out
}

func value(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String()
	case map[string]any:
		return Values(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = value(e)
		}
		return out
	}
	return v
}
