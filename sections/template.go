// Package sections renders the sections of a pipeline. A section's
// template is Go text/template text with sprig's hermetic functions (no
// time, randomness or environment) plus a few prompt helpers, executed with
// missingkey=error over the params and source values it names. Rendering is
// byte-for-byte reproducible.
package sections

import (
	"sort"
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
}

// Parse parses text as the template of section id.
func Parse(id, text string, funcs template.FuncMap) (*Template, error) {
	t, err := template.New(id).Funcs(funcs).Option("missingkey=error").Parse(text)
	if err != nil {
		return nil, err
	}
	root := &Template{tmpl: t, text: text, fields: topFields(t), root: rootFields(t)}
	for _, tt := range t.Templates() {
		if tt.Tree != nil {
			addTicks(tt.Tree, text)
		}
	}
	return root, nil
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
func (t *Template) Render(data map[string]any) (string, error) {
	tmpl, err := bound(t.tmpl)
	if err != nil {
		return "", err
	}
	var w limitedWriter
	if err := tmpl.Execute(&w, data); err != nil {
		return "", err
	}
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
