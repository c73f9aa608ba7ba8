package engine

import (
	"reflect"
	"slices"
	"strings"
	"text/template"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/internal/budget"
	"github.com/promptc/promptc/sources"
)

// budgetPlan is the compiled budget: the meter every cap and the limit
// count with, and the note templates.
type budgetPlan struct {
	limit          int
	meter          budget.Meter
	note, dropNote *template.Template
}

// framePlan is the compiled frame.
type framePlan struct {
	open  *template.Template
	close string
}

// capPlan is a compiled CapSpec.
type capPlan struct {
	max      int
	strategy string
	items    string // sections only: the source whose list shrinks
}

var typeOfItemList = reflect.TypeFor[sources.ItemList]()

// compileBudget checks the budget, frame, caps, trust and imports of the
// pipeline, its sources and its sections. It runs after compileSections
// (a section's items source must be one it reads) and compileRoots.
func (c *compiler) compileBudget() {
	ps := c.spec
	needMeter := ps.Budget != nil
	for _, id := range sortedKeys(c.plan.sources) {
		sp, ss := c.plan.sources[id], ps.Sources[id]
		ptr := "/sources/" + id
		lists := sp.kind.ValueType().Implements(typeOfItemList)
		need := func(what, key string) {
			if !lists {
				c.diags.Errorf(ps.Pos(ptr+"/"+key), "budget", "source %s (kind %s) has no items to %s: its value is not a list of texts", id, ss.Kind, what)
			}
		}
		if ss.Budget != nil {
			need("cap", "budget")
			sp.cap = c.capOf(ptr+"/budget", ss.Budget, false)
			needMeter = true
		}
		if ss.Trust == spec.TrustUntrusted {
			need("frame", "trust")
			sp.untrusted = true
		}
		if ss.Imports {
			need("expand @imports in", "imports")
			if ps.Roots == nil {
				c.diags.Errorf(ps.Pos(ptr+"/imports"), "imports", "source %s expands @imports, but the pipeline declares no roots to confine them to", id)
			}
			sp.imports = true
		}
		sp.rank = ss.Rank
	}
	for _, sec := range c.plan.sections {
		ss := ps.Sections[sec.id]
		ptr := "/sections/" + sec.id
		sec.priority, sec.locked = ss.Priority, ss.Locked || ss.Required
		sec.untrusted = ss.Trust == spec.TrustUntrusted
		if ss.Budget != nil {
			needMeter = true
			sec.cap = c.capOf(ptr+"/budget", ss.Budget, true)
			if it := ss.Budget.Items; it != "" {
				src, ok := c.plan.sources[it]
				switch {
				case !ok || !slices.Contains(sec.uses, it):
					c.diags.Errorf(ps.Pos(ptr+"/budget/items"), "budget", "section %s does not read a source %q", sec.id, it)
				case !src.kind.ValueType().Implements(typeOfItemList):
					c.diags.Errorf(ps.Pos(ptr+"/budget/items"), "budget", "source %s (kind %s) has no items to shrink", it, ps.Sources[it].Kind)
				}
			} else if ss.Budget.Strategy == budget.DropItems {
				c.diags = append(c.diags, diagAt(ps.Pos(ptr+"/budget/strategy"), "budget",
					"strategy drop_items needs items: the source whose list it drops from", "add items: SOURCE"))
			}
		}
	}
	if ps.Frame != nil {
		c.compileFrame()
	} else {
		for _, id := range sortedKeys(ps.Sources) {
			if ps.Sources[id].Trust == spec.TrustUntrusted {
				c.diags = append(c.diags, diagAt(ps.Pos("/sources/"+id+"/trust"), "frame", "source "+id+" is untrusted, but the pipeline declares no frame", "add frame: {open: ..., close: ...}"))
			}
		}
		for _, id := range sortedKeys(ps.Sections) {
			if ps.Sections[id].Trust == spec.TrustUntrusted {
				c.diags = append(c.diags, diagAt(ps.Pos("/sections/"+id+"/trust"), "frame", "section "+id+" is untrusted, but the pipeline declares no frame", "add frame: {open: ..., close: ...}"))
			}
		}
	}
	if needMeter {
		c.compileBudgetBlock()
	}
}

func (c *compiler) capOf(ptr string, cs *spec.CapSpec, section bool) *capPlan {
	cp := &capPlan{max: cs.Max, strategy: cs.Strategy, items: cs.Items}
	if cp.strategy == "" {
		cp.strategy = budget.KeepHead
	}
	if !section && cs.Items != "" {
		c.diags.Errorf(c.spec.Pos(ptr+"/items"), "budget", "items: is for sections; a source cap cuts each of its items")
	}
	return cp
}

func (c *compiler) compileBudgetBlock() {
	b := c.spec.Budget
	if b == nil {
		b = &spec.BudgetSpec{}
	}
	bp := &budgetPlan{limit: b.Limit}
	m, err := budget.NewMeter(b.Unit, b.Tokenizer)
	if err != nil {
		c.diags.Errorf(c.spec.Pos("/budget"), "budget", "%v", err)
		return
	}
	bp.meter = m
	if b.Unit == budget.UnitBytes && b.Tokenizer != "" {
		c.diags.Errorf(c.spec.Pos("/budget/tokenizer"), "budget", "a bytes budget counts no tokens: drop tokenizer")
	}
	bp.note = c.noteTemplate("/budget/note", b.Note, DefaultNote)
	bp.dropNote = c.noteTemplate("/budget/drop_note", b.DropNote, DefaultDropNote)
	c.plan.budget = bp
}

func (c *compiler) noteTemplate(ptr, src, def string) *template.Template {
	if src == "" {
		src = def
	}
	t, err := template.New("note").Option("missingkey=error").Parse(src)
	if err == nil {
		err = t.Execute(discard{}, NoteData{})
	}
	if err != nil {
		c.diags.Errorf(c.spec.Pos(ptr), "budget", "%s", templateErr(err))
		return nil
	}
	return t
}

func (c *compiler) compileFrame() {
	f := c.spec.Frame
	if err := budget.CheckClose(f.Close); err != nil {
		c.diags.Errorf(c.spec.Pos("/frame/close"), "frame", "%v", err)
		return
	}
	if strings.Contains(strings.ToLower(f.Open), strings.ToLower(f.Close)) {
		c.diags.Errorf(c.spec.Pos("/frame/open"), "frame", "the opening template contains the closing delimiter %q", f.Close)
		return
	}
	t, err := template.New("frame").Option("missingkey=error").Parse(f.Open)
	if err == nil {
		err = t.Execute(discard{}, frameData{})
	}
	if err != nil {
		c.diags.Errorf(c.spec.Pos("/frame/open"), "frame", "%s", templateErr(err))
		return
	}
	c.plan.frame = &framePlan{open: t, close: f.Close}
}

// frameData is what the frame's opening template reads.
type frameData struct {
	// Label is the file's path or the section's id, made inert
	// (sections.Inert) and neutralized.
	Label string
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func diagAt(pos diag.Pos, code, msg, hint string) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Error, Code: code, Pos: pos, Message: msg, Hint: hint}
}
