// Package sections renders the sections of a pipeline. A section's
// template is Go text/template text with sprig's hermetic functions (no
// time, randomness or environment) plus a few prompt helpers, executed with
// missingkey=error over the params and source values it names. Rendering is
// byte-for-byte reproducible.
package sections

import (
	"errors"
	"sort"
	"sync"
	"sync/atomic"
	"text/template"
	"text/template/parse"
)

// Template is a parsed section template. It is immutable and safe for
// concurrent use.
type Template struct {
	tmpl   *template.Template
	text   string
	fields []string
	root   []string
	// byName: no template of the set reads dot or $ as a whole (see
	// ByName).
	byName bool
	// renders are bounded clones ready for a render (see bound).
	renders sync.Pool
	// lastLen is the length of the last render's text, the room the next
	// one starts with (a per-turn render prints about the same again).
	lastLen atomic.Int64
	// funcs are the functions the template holds; memo is its memoizing
	// form (rangememo.go), made on the first RenderMemo.
	funcs    template.FuncMap
	memoOnce sync.Once
	memo     *memoForm
	// noDirect: a Render through the memoizing form met a range it could
	// not print directly; Render takes the plain template from then on.
	noDirect atomic.Bool
}

// Parse parses text as the template of section id. The template holds
// only the functions of funcs that text calls, so that making it and
// preparing each render (which copies its functions) cost what the
// template uses, not what sprig offers.
func Parse(id, text string, funcs template.FuncMap) (*Template, error) {
	fm := used(id, text, funcs)
	t, err := template.New(id).Funcs(fm).Option("missingkey=error").Parse(text)
	if err != nil {
		return nil, err
	}
	root := &Template{tmpl: t, text: text, fields: topFields(t), root: rootFields(t), byName: byName(t), funcs: fm}
	for _, tt := range t.Templates() {
		if tt.Tree != nil {
			addTicks(tt.Tree, text)
		}
	}
	return root, nil
}

// builtins are text/template's own functions: the parser knows them.
var builtins = map[string]any{"and": 0, "call": 0, "html": 0, "index": 0, "slice": 0, "js": 0, "len": 0, "not": 0,
	"or": 0, "print": 0, "printf": 0, "println": 0, "urlquery": 0, "eq": 0, "ge": 0, "gt": 0, "le": 0, "lt": 0, "ne": 0}

// used returns the functions of funcs that text calls (all of funcs when
// text does not parse: the real parse then reports the error), always
// with the range tick that bounded renders replace.
func used(id, text string, funcs template.FuncMap) template.FuncMap {
	trees, err := parse.Parse(id, text, "", "", map[string]any(funcs), builtins)
	if err != nil {
		return funcs
	}
	out := template.FuncMap{tickFunc: funcs[tickFunc]}
	for _, tr := range trees {
		collectIdents(tr.Root, func(name string) {
			if f, ok := funcs[name]; ok {
				out[name] = f
			}
		})
	}
	return out
}

// collectIdents calls fn with every function identifier below n.
func collectIdents(n parse.Node, fn func(string)) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			collectIdents(c, fn)
		}
	case *parse.ActionNode:
		collectIdents(n.Pipe, fn)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, c := range n.Cmds {
			collectIdents(c, fn)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			collectIdents(a, fn)
		}
	case *parse.IdentifierNode:
		fn(n.Ident)
	case *parse.IfNode:
		collectBranch(&n.BranchNode, fn)
	case *parse.RangeNode:
		collectBranch(&n.BranchNode, fn)
	case *parse.WithNode:
		collectBranch(&n.BranchNode, fn)
	case *parse.TemplateNode:
		collectIdents(n.Pipe, fn)
	}
}

func collectBranch(b *parse.BranchNode, fn func(string)) {
	collectIdents(b.Pipe, fn)
	collectIdents(b.List, fn)
	collectIdents(b.ElseList, fn)
}

// RootFields returns the names read from the root data: `.name` outside
// range and with blocks (and in their else branches), and `$.name`
// anywhere. Unlike Fields, every one of them must exist in the data.
func (t *Template) RootFields() []string { return t.root }

func rootFields(t *template.Template) []string {
	seen := map[string]bool{}
	main := t.Lookup(t.Name())
	if main != nil && main.Tree != nil {
		walkRoot(main.Tree.Root, true, seen)
	}
	out := make([]string, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// walkRoot records fields read from the root data; atRoot says whether
// dot is still the root data at n.
func walkRoot(n parse.Node, atRoot bool, seen map[string]bool) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			walkRoot(c, atRoot, seen)
		}
	case *parse.ActionNode:
		walkRoot(n.Pipe, atRoot, seen)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, c := range n.Cmds {
			walkRoot(c, atRoot, seen)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			walkRoot(a, atRoot, seen)
		}
	case *parse.FieldNode:
		if atRoot {
			seen[n.Ident[0]] = true
		}
	case *parse.VariableNode:
		if len(n.Ident) > 1 && n.Ident[0] == "$" {
			seen[n.Ident[1]] = true
		}
	case *parse.ChainNode:
		walkRoot(n.Node, atRoot, seen)
	case *parse.IfNode:
		walkRoot(n.Pipe, atRoot, seen)
		walkRoot(n.List, atRoot, seen)
		walkRoot(n.ElseList, atRoot, seen)
	case *parse.RangeNode:
		walkRoot(n.Pipe, atRoot, seen)
		walkRoot(n.List, false, seen)
		walkRoot(n.ElseList, atRoot, seen)
	case *parse.WithNode:
		walkRoot(n.Pipe, atRoot, seen)
		walkRoot(n.List, false, seen)
		walkRoot(n.ElseList, atRoot, seen)
	case *parse.TemplateNode:
		walkRoot(n.Pipe, atRoot, seen)
	}
}

// Fields returns the top-level names the template reads (".tools.Listed"
// reads "tools"), sorted. Names inside range/with blocks are included too;
// callers filter them against the names that exist.
func (t *Template) Fields() []string { return t.fields }

// Render executes the template over data, within the limits of one
// render (a *LimitError past them; see MaxIterations, MaxRenderBytes).
//
// Where the memoizing form (rangememo.go) prints a range directly
// (direct.go), Render takes it, and the plain template once it cannot:
// the text or error is the plain template's either way.
func (t *Template) Render(data map[string]any) (string, error) {
	if f := t.memoForm(); f != nil && f.direct && !t.noDirect.Load() {
		text, err := t.execute(&f.renders, f.tmpl, f, nil, data)
		if err == nil {
			return text, nil
		}
		if errors.Is(err, errNoMemo) {
			t.noDirect.Store(true) // a list it could not print: plain from now on
		}
	}
	return t.renderPlain(data)
}

// renderPlain renders data through the plain template alone.
func (t *Template) renderPlain(data map[string]any) (string, error) {
	return t.execute(&t.renders, t.tmpl, nil, nil, data)
}

// execute renders data through a bound clone of tmpl kept in pool (made
// when the pool has none), form being the memoizing form tmpl is (nil for
// the plain template) and memo the RangeMemo of a memoized render.
func (t *Template) execute(pool *sync.Pool, tmpl *template.Template, form *memoForm, memo *RangeMemo, data map[string]any) (string, error) {
	r, _ := pool.Get().(*boundTemplate)
	if r == nil {
		var err error
		if r, err = bound(tmpl); err != nil {
			return "", err
		}
		r.form = form
		if form != nil {
			for _, name := range form.bodies {
				r.bodies = append(r.bodies, r.tmpl.Lookup(name))
			}
		}
	}
	var w limitedWriter
	w.b.Grow(int(min(t.lastLen.Load(), MaxRenderBytes)))
	r.ticks, r.memo, r.w = 0, memo, &w
	err := r.tmpl.Execute(&w, data)
	r.memo, r.w = nil, nil
	pool.Put(r)
	if err != nil {
		return "", err
	}
	t.lastLen.Store(int64(w.b.Len()))
	return w.b.String(), nil
}

func topFields(t *template.Template) []string {
	seen := map[string]bool{}
	for _, tt := range t.Templates() {
		if tt.Tree != nil {
			walk(tt.Tree.Root, seen)
		}
	}
	out := make([]string, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

func walk(n parse.Node, seen map[string]bool) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			walk(c, seen)
		}
	case *parse.ActionNode:
		walk(n.Pipe, seen)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, c := range n.Cmds {
			walk(c, seen)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			walk(a, seen)
		}
	case *parse.FieldNode:
		seen[n.Ident[0]] = true
	case *parse.VariableNode:
		if len(n.Ident) > 1 && n.Ident[0] == "$" {
			seen[n.Ident[1]] = true
		}
	case *parse.ChainNode:
		walk(n.Node, seen)
	case *parse.IfNode:
		walkBranch(&n.BranchNode, seen)
	case *parse.RangeNode:
		walkBranch(&n.BranchNode, seen)
	case *parse.WithNode:
		walkBranch(&n.BranchNode, seen)
	case *parse.TemplateNode:
		walk(n.Pipe, seen)
	}
}

func walkBranch(b *parse.BranchNode, seen map[string]bool) {
	walk(b.Pipe, seen)
	walk(b.List, seen)
	walk(b.ElseList, seen)
}
