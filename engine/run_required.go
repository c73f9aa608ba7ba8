package engine

import (
	"fmt"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine/spec"
)

// PolicyError is a run refused because the prompt it would send lacks a
// locked, required or final section's text, or because a transform from
// a layer above a final section wrote after it. No prompt goes with it:
// a policy section never silently goes missing. Hosts give it an exit
// status of its own (promptc: 6).
type PolicyError struct {
	diag.Diagnostic
}

func (e *PolicyError) Error() string { return e.Diagnostic.String() }

// policyGuard holds, for one run, the rendered text of every active
// marked section (one entry per section, its first mark) and of every
// final one (one entry per final mark), as the build left them.
type policyGuard struct {
	plan    *Plan
	present []markedText
	finals  []markedText
}

type markedText struct {
	lock spec.SectionLock
	text string
}

// guardPolicy checks the built (or fallen back) Result against the
// marks in force and keeps the texts every transform of the run is held
// to. Without marks it does nothing. A section whose own condition is
// false (or whose text is empty) is not checked: it is absent by its
// author's choice. A fallback Result carries no section: with marks in
// force it is refused, since its text replaced the policy's.
func (r *run) guardPolicy(res *Result) error {
	locks := r.plan.spec.SectionLocks()
	if len(locks) == 0 {
		return nil
	}
	if res.Fallback {
		l := locks[0]
		cause := ""
		for _, d := range res.Diagnostics {
			if d.Code == "run/fallback" {
				cause = ": " + strings.TrimPrefix(d.Message, "the build failed; using the pipeline's fallback text: ")
			}
		}
		return &PolicyError{diag.Diagnostic{Severity: diag.Error, Code: "policy/fallback", Pos: r.plan.spec.KeyPos("/fallback"),
			Message: fmt.Sprintf("the build failed and the pipeline's fallback text would replace the prompt without %s section %q (%s in %s); the run is refused%s", l.Kind, l.Section, l.Kind, l.At, cause)}}
	}
	g := &policyGuard{plan: r.plan}
	seen := map[string]bool{}
	for _, l := range locks {
		text := ""
		for i := range res.Sections {
			if s := &res.Sections[i]; s.ID == l.Section && s.Active {
				text = s.Text
			}
		}
		if text == "" {
			continue
		}
		if l.Kind == spec.KindFinal {
			g.finals = append(g.finals, markedText{l, text})
		}
		if !seen[l.Section] {
			seen[l.Section] = true
			g.present = append(g.present, markedText{l, text})
		}
	}
	for _, m := range g.present {
		if !strings.Contains(res.Text, m.text) {
			return &PolicyError{diag.Diagnostic{Severity: diag.Error, Code: "policy/missing", Pos: r.plan.spec.KeyPos("/sections/" + m.lock.Section),
				Message: fmt.Sprintf("%s section %q (%s in %s) is not in the prompt; the build is refused", m.lock.Kind, m.lock.Section, m.lock.Kind, m.lock.At)}}
		}
	}
	r.policy = g
	return nil
}

// keeps checks the prompt a transform made (after) from the one it was
// given (before): every marked section's text is still in it, and a
// transform from a layer above a final section left what followed the
// final section's text the prompt's end. Nil-safe: no guard, no check.
func (g *policyGuard) keeps(tp *transformPlan, before, after string) error {
	if g == nil {
		return nil
	}
	who := fmt.Sprintf("transform %s (%s)", tp.id, layerWords(tp.by))
	for _, m := range g.present {
		if !strings.Contains(after, m.text) {
			return &PolicyError{diag.Diagnostic{Severity: diag.Error, Code: "policy/removed", Pos: g.plan.spec.Pos(tp.ptr),
				Message: fmt.Sprintf("%s removed %s section %q (%s in %s) from the run's prompt; the run is refused", who, m.lock.Kind, m.lock.Section, m.lock.Kind, m.lock.At)}}
		}
	}
	rank := g.plan.spec.LayerRank(tp.by.Layer)
	for _, m := range g.finals {
		if rank <= g.plan.spec.LayerRank(m.lock.Layer) {
			continue
		}
		i := strings.LastIndex(before, m.text)
		if i < 0 || strings.HasSuffix(after, before[i:]) {
			continue
		}
		return &PolicyError{diag.Diagnostic{Severity: diag.Error, Code: "policy/final", Pos: g.plan.spec.Pos(tp.ptr),
			Message: fmt.Sprintf("%s wrote text after final section %q (final in %s); the run is refused", who, m.lock.Section, m.lock.At)}}
	}
	return nil
}

// layerWords names the layer that registered a transform for a message:
// "project layer", or "the base pipeline" for the pipeline's own.
func layerWords(by spec.RegisteredBy) string {
	switch by.Role {
	case "", spec.RoleBase, spec.RoleExtends:
		return "the base pipeline"
	}
	return by.Role + " layer"
}
