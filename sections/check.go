package sections

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"text/template/parse"
)

// FieldError is a field chain a template reads that its data cannot have,
// found before the template ever runs.
type FieldError struct {
	// Line and Column (1-based, in bytes) locate the chain in the template
	// text.
	Line, Column int
	// Chain is the field chain as written (".tools.Listd"), Field the
	// part that does not exist and Type the type that lacks it.
	Chain, Field, Type string
	// Suggestion is the closest field or method of Type, if any.
	Suggestion string
}

func (e FieldError) Error() string {
	return fmt.Sprintf("the template reads %s, but %s has no field or method %s", e.Chain, e.Type, e.Field)
}

// CheckFields type-checks the field chains of the template against the
// types of its data (root maps each top-level name to its value's type):
// `.tools.Listed` must be a field or method of the tools value, and inside
// `range` and `with` blocks the chains are checked against the element or
// value type. Chains through functions, interfaces or map values of type
// any are not checked: their types are known only at run time. Root names
// are checked by the caller (RootFields).
func (t *Template) CheckFields(root map[string]reflect.Type, suggest func(string, []string) string) []FieldError {
	c := &checker{root: root, text: t.text, suggest: suggest}
	main := t.tmpl.Lookup(t.tmpl.Name())
	if main != nil && main.Tree != nil {
		c.list(main.Tree.Root, rootDot, map[string]reflect.Type{"$": rootDot})
	}
	sort.SliceStable(c.errs, func(i, j int) bool { return c.errs[i].Line < c.errs[j].Line })
	return c.errs
}

// rootDot stands for the root data, a map of known names.
var rootDot = reflect.TypeFor[rootData]()

type rootData struct{}

type checker struct {
	root    map[string]reflect.Type
	text    string
	suggest func(string, []string) string
	errs    []FieldError
}

// pos locates the part at byte skip of chain, the text of node n (whose
// Position is somewhere inside it), as a line and column of the template.
func (c *checker) pos(n parse.Node, chain string, skip int) (line, col int) {
	off := min(int(n.Position()), len(c.text))
	if i := strings.LastIndex(c.text[:min(off+len(chain), len(c.text))], chain); i >= 0 {
		off = i + skip
	}
	return 1 + strings.Count(c.text[:off], "\n"), off - strings.LastIndexByte(c.text[:off], '\n')
}

// list checks a list of nodes with dot of type dot (nil: unknown).
func (c *checker) list(l *parse.ListNode, dot reflect.Type, vars map[string]reflect.Type) {
	if l == nil {
		return
	}
	for _, n := range l.Nodes {
		c.node(n, dot, vars)
	}
}

func (c *checker) node(n parse.Node, dot reflect.Type, vars map[string]reflect.Type) {
	switch n := n.(type) {
	case *parse.ActionNode:
		c.pipe(n.Pipe, dot, vars, false)
	case *parse.IfNode:
		c.pipe(n.Pipe, dot, vars, false)
		c.list(n.List, dot, copyVars(vars))
		c.list(n.ElseList, dot, copyVars(vars))
	case *parse.WithNode:
		inner := copyVars(vars)
		t := c.pipe(n.Pipe, dot, inner, false)
		c.list(n.List, t, inner)
		c.list(n.ElseList, dot, copyVars(vars))
	case *parse.RangeNode:
		inner := copyVars(vars)
		t := c.pipe(n.Pipe, dot, inner, true)
		c.list(n.List, elemOf(t), inner)
		c.list(n.ElseList, dot, copyVars(vars))
	case *parse.TemplateNode:
		c.pipe(n.Pipe, dot, vars, false)
	}
}

func copyVars(v map[string]reflect.Type) map[string]reflect.Type {
	out := make(map[string]reflect.Type, len(v))
	for k, t := range v {
		out[k] = t
	}
	return out
}

// pipe checks a pipeline and returns its type (nil: unknown); its
// variable declarations are added to vars (for range: index and element).
func (c *checker) pipe(p *parse.PipeNode, dot reflect.Type, vars map[string]reflect.Type, isRange bool) reflect.Type {
	if p == nil {
		return nil
	}
	var t reflect.Type
	for _, cmd := range p.Cmds {
		t = c.command(cmd, dot, vars)
	}
	if len(p.Cmds) > 1 {
		t = nil // the value went through a function
	}
	switch {
	case isRange && len(p.Decl) == 2:
		vars[p.Decl[0].Ident[0]] = keyOf(t)
		vars[p.Decl[1].Ident[0]] = elemOf(t)
	case isRange && len(p.Decl) == 1:
		vars[p.Decl[0].Ident[0]] = elemOf(t)
	default:
		for _, d := range p.Decl {
			vars[d.Ident[0]] = t
		}
	}
	return t
}

// command checks a command's arguments and returns the command's type
// when it is a plain field chain, nil otherwise.
func (c *checker) command(cmd *parse.CommandNode, dot reflect.Type, vars map[string]reflect.Type) reflect.Type {
	var t reflect.Type
	for i, a := range cmd.Args {
		at := c.arg(a, dot, vars)
		if i == 0 && len(cmd.Args) == 1 {
			t = at
		}
	}
	return t
}

func (c *checker) arg(a parse.Node, dot reflect.Type, vars map[string]reflect.Type) reflect.Type {
	switch a := a.(type) {
	case *parse.DotNode:
		return dot
	case *parse.FieldNode:
		return c.chain(a, ".", dot, a.Ident)
	case *parse.VariableNode:
		t, ok := vars[a.Ident[0]]
		if !ok {
			return nil
		}
		return c.chain(a, a.Ident[0]+".", t, a.Ident[1:])
	case *parse.ChainNode:
		var base reflect.Type
		if p, ok := a.Node.(*parse.PipeNode); ok {
			base = c.pipe(p, dot, copyVars(vars), false)
		}
		return c.chain(a, "(...).", base, a.Field)
	case *parse.PipeNode:
		c.pipe(a, dot, copyVars(vars), false)
	}
	return nil
}

// chain resolves the field names idents on t, reporting the first that
// does not exist; written is the chain's prefix as the template spells it.
func (c *checker) chain(n parse.Node, prefix string, t reflect.Type, idents []string) reflect.Type {
	for i, name := range idents {
		if t == nil {
			return nil
		}
		next, known := c.field(t, name)
		if !known {
			return nil
		}
		if next == nil {
			if t == rootDot {
				return nil // an unknown root name; RootFields reports it
			}
			chain := prefix + strings.Join(idents[:i+1], ".")
			line, col := c.pos(n, prefix+strings.Join(idents, "."), len(chain)-len(name))
			e := FieldError{Line: line, Column: col, Chain: chain, Field: name, Type: typeName(t)}
			if c.suggest != nil {
				e.Suggestion = c.suggest(name, memberNames(t))
			}
			c.errs = append(c.errs, e)
			return nil
		}
		t = next
	}
	return t
}

// field returns the type of t.name; known is false when t's members are
// known only at run time (interfaces, maps).
func (c *checker) field(t reflect.Type, name string) (next reflect.Type, known bool) {
	if t == rootDot {
		return c.root[name], true
	}
	if m, ok := t.MethodByName(name); ok {
		return resultOf(m.Type), true
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
		if m, ok := t.MethodByName(name); ok {
			return resultOf(m.Type), true
		}
	}
	if m, ok := reflect.PointerTo(t).MethodByName(name); ok {
		return resultOf(m.Type), true
	}
	switch t.Kind() {
	case reflect.Struct:
		f, ok := t.FieldByName(name)
		if !ok || !f.IsExported() {
			return nil, true
		}
		return f.Type, true
	case reflect.Map:
		return orUnknown(t.Elem()), false
	case reflect.Interface:
		return nil, false
	}
	return nil, true // a string, number, bool or list has no fields
}

func resultOf(ft reflect.Type) reflect.Type {
	if ft.NumOut() == 0 {
		return nil
	}
	return orUnknown(ft.Out(0))
}

func orUnknown(t reflect.Type) reflect.Type {
	if t == nil || t.Kind() == reflect.Interface {
		return nil
	}
	return t
}

func elemOf(t reflect.Type) reflect.Type {
	if t == nil {
		return nil
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Chan:
		return orUnknown(t.Elem())
	case reflect.Int:
		return t
	}
	return nil
}

func keyOf(t reflect.Type) reflect.Type {
	if t != nil && t.Kind() == reflect.Map {
		return orUnknown(t.Key())
	}
	if t != nil {
		return reflect.TypeFor[int]()
	}
	return nil
}

// memberNames lists the exported fields and methods of t.
func memberNames(t reflect.Type) []string {
	var out []string
	for _, tt := range []reflect.Type{t, reflect.PointerTo(t)} {
		for i := 0; i < tt.NumMethod(); i++ {
			out = append(out, tt.Method(i).Name)
		}
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() == reflect.Struct {
		for i := 0; i < t.NumField(); i++ {
			if f := t.Field(i); f.IsExported() {
				out = append(out, f.Name)
			}
		}
	}
	return out
}

func typeName(t reflect.Type) string {
	return strings.ReplaceAll(t.String(), "interface {}", "any")
}
