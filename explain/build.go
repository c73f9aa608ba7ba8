package explain

import (
	"math"
	"slices"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/prov"
)

// Options configures New.
type Options struct {
	// Tokenizer counts tokens; nil means the DefaultTokenizer encoding.
	Tokenizer Tokenizer
}

// New builds the report of res, which plan.Run returned. It reads no file
// and evaluates nothing: everything comes from what the run recorded in res
// and from the plan.
func New(plan *engine.Plan, res *engine.Result, opts Options) (*Report, error) {
	tok := opts.Tokenizer
	if tok == nil {
		var err error
		if tok, err = NewTokenizer(DefaultTokenizer); err != nil {
			return nil, err
		}
	}
	ps := plan.Spec()
	b := &builder{
		res: res, tok: tok, roles: ps.Explain, graph: plan.Graph(),
		rep: &Report{
			Format: Format, Pipeline: res.Pipeline, Description: ps.Description,
			Tokenizer: tok.Name(), Join: ps.Join,
			Catalogs: []Catalog{}, ContextFiles: []File{}, WhyNot: []WhyNot{}, Warnings: []Warning{},
			Diagnostics: nonNil(res.Diagnostics), Layers: nonNil(res.Layers), Overrides: nonNil(res.Overrides),
			Locks: locksOf(ps),
		},
	}
	b.sections()
	b.falseSections()
	b.roleValues()
	b.catalogs()
	b.exclusions()
	b.cuts()
	b.untrusted()
	b.ranks()
	b.cache()
	b.drift()
	b.runs()
	return b.rep, nil
}

// builder holds the state of one New call.
type builder struct {
	res   *engine.Result
	tok   Tokenizer
	roles spec.ExplainSpec
	graph engine.Graph
	rep   *Report
	// extra holds why-not entries found by the roles, by source id.
	extra map[string][]WhyNot
}

func (b *builder) sections() {
	text := b.res.Text
	t := &b.rep.Totals
	t.Bytes, t.Chars, t.Tokens, t.Estimate = len(text), jsstr.Len(text), b.tok.Count(text), Estimate(text)
	t.Sections = len(b.res.Sections)
	for i, s := range b.res.Sections {
		sec := Section{
			Index: i + 1, ID: s.ID, Doc: s.Doc, When: s.When, Active: s.Active, Volatile: s.Volatile,
			Start: s.Start, Bytes: s.Bytes, Uses: nonNil(s.Uses), Files: nonNil(s.Origins), Text: s.Text,
			Disabled: s.Disabled, DisabledBy: s.DisabledBy, Layer: s.Layer, Untrusted: s.Untrusted,
		}
		if s.Active {
			t.Active++
			sec.Tokens, sec.Estimate = b.tok.Count(s.Text), Estimate(s.Text)
			if len(text) > 0 {
				sec.Share = math.Round(float64(s.Bytes)/float64(len(text))*10000) / 10000
			}
		}
		b.rep.Sections = append(b.rep.Sections, sec)
	}
	if b.rep.Sections == nil {
		b.rep.Sections = []Section{}
	}
}

// falseSections adds a why-not entry for each section whose condition was
// false, with the conjuncts the run found false.
func (b *builder) falseSections() {
	for i := range b.rep.Sections {
		sec := &b.rep.Sections[i]
		if sec.Disabled {
			b.rep.WhyNot = append(b.rep.WhyNot, WhyNot{Kind: KindDisabled, Section: sec.ID, Reason: "disabled", Detail: "by " + sec.DisabledBy})
			continue
		}
		if sec.Active || sec.When == "" {
			continue
		}
		terms := b.res.Sections[i].FalseTerms
		sec.FalseTerms = terms
		b.rep.WhyNot = append(b.rep.WhyNot, WhyNot{
			Kind: KindSection, Section: sec.ID, Reason: "condition is false", When: sec.When, FalseTerms: terms,
		})
	}
}

// exclusions adds every resolved source's exclusions, in resolution
// order, dropping an exclusion another source already reported with the
// same path and reason (trust and skills both see an untrusted .pi/skills).
// The entries the roles found (hidden skills, truncated files, ...) follow
// their source's.
func (b *builder) exclusions() {
	seen := map[prov.Exclusion]bool{}
	for _, s := range b.res.Sources {
		for _, e := range s.Excluded {
			key := prov.Exclusion{Path: e.Path, Reason: e.Reason}
			if seen[key] {
				continue
			}
			seen[key] = true
			b.rep.WhyNot = append(b.rep.WhyNot, WhyNot{Kind: KindCandidate, Source: s.ID, Path: e.Path, Reason: e.Reason, Detail: e.Detail})
		}
		b.rep.WhyNot = append(b.rep.WhyNot, b.extra[s.ID]...)
	}
}

// after queues a why-not entry that a role found, to follow the
// exclusions of source id.
func (b *builder) after(id string, w WhyNot) {
	if b.extra == nil {
		b.extra = map[string][]WhyNot{}
	}
	b.extra[id] = append(b.extra[id], w)
}

// source returns the resolved source id, if any.
func (b *builder) source(id string) (engine.SourceReport, bool) {
	if id == "" {
		return engine.SourceReport{}, false
	}
	return b.res.Source(id)
}

// activeUsing lists the active sections that read name, in output order;
// with template set, only those whose template reads it.
func (b *builder) activeUsing(name string, template bool) []string {
	out := []string{}
	for i, gs := range b.graph.Sections {
		if i >= len(b.res.Sections) || !b.res.Sections[i].Active {
			continue
		}
		uses := gs.Uses
		if template {
			uses = gs.TemplateUses
		}
		if slices.Contains(uses, name) {
			out = append(out, gs.ID)
		}
	}
	return out
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
