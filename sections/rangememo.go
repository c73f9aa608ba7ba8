package sections

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"text/template"
	"text/template/parse"
)

// A RangeMemo lets a caller that renders one template again and again (a
// Builder, every turn) reuse what a range body printed for an element it
// printed last time: after one skill of a thousand changed, the skills
// index prints one body, not a thousand. It belongs to one Template (used
// with another it starts empty) and is safe for concurrent use; renders
// through one RangeMemo take turns.
//
// A range is memoized when its text shows its body to be a function of
// the element alone: no variables (not even $), no {{template}}, no
// break or continue, no else branch, and the section functions, which are
// pure. At render time the list must be a slice or array of plain data
// (booleans, numbers, strings, and arrays and structs of them, with no
// methods), so that an equal element prints the same text. Anything else
// renders as Render does. A memoized render that fails renders again
// without the memo, so errors and limits are exactly Render's.
type RangeMemo struct {
	mu    sync.Mutex
	form  *memoForm
	loops []map[any]printed
	// rendered: the first render went the plain way (a template rendered
	// once, as in a new Builder's first build, pays nothing for the memo).
	rendered bool
}

// printed is what a range body printed for one element, and the range
// iterations it counted (its own and its nested loops').
type printed struct {
	text  string
	ticks int
}

// memoFunc is the function a memoized range becomes:
// {{promptc_range_memo LOOP (PIPELINE)}}.
const memoFunc = "promptc_range_memo"

// errNoMemo sends a render back to the plain path.
var errNoMemo = errors.New("range not memoizable here")

// memoForm is a template's text parsed again with every memoizable range
// replaced by a call of memoFunc; bodies are the body templates, by loop.
type memoForm struct {
	tmpl    *template.Template
	bodies  []string
	renders sync.Pool // *boundTemplate clones of tmpl
	// shapes are the bodies' direct shapes (direct.go), nil where a body
	// has none; direct says some body has one. progs caches their
	// programs by loop and element type (a *[]op, nil when the type does
	// not resolve).
	shapes [][]shapeOp
	direct bool
	progs  sync.Map // progKey -> *[]op
}

type progKey struct {
	loop int
	elem reflect.Type
}

// program returns the direct program of loop for elements of type t, or
// nil.
func (f *memoForm) program(loop int, t reflect.Type) []op {
	if f.shapes[loop] == nil {
		return nil
	}
	k := progKey{loop, t}
	if p, ok := f.progs.Load(k); ok {
		return *p.(*[]op)
	}
	prog, ok := program(f.shapes[loop], t)
	if !ok {
		prog = nil
	}
	f.progs.Store(k, &prog)
	return prog
}

// RenderMemo is Render, reusing through m what memoizable range bodies
// printed for equal elements in earlier renders (m nil: Render).
func (t *Template) RenderMemo(data map[string]any, m *RangeMemo) (string, error) {
	f := t.memoForm()
	if m == nil || f == nil {
		return t.Render(data)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.form != f {
		m.form, m.loops, m.rendered = f, make([]map[any]printed, len(f.bodies)), false
	}
	if !m.rendered {
		m.rendered = true
		return t.Render(data)
	}
	text, err := t.execute(&f.renders, f.tmpl, f, m, data)
	if err != nil {
		return t.renderPlain(data) // Render's text or error, exactly
	}
	return text, nil
}

// memoForm returns t's memoizing form, made on first use; nil when t has
// no memoizable range.
func (t *Template) memoForm() *memoForm {
	t.memoOnce.Do(func() {
		if strings.Contains(t.text, "range") {
			t.memo = newMemoForm(t)
		}
	})
	return t.memo
}

// memoRange prints a memoized range over list for loop: each element's
// remembered text, or its body's rendering, remembered. Any error sends
// the render back to the plain path.
func (b *boundTemplate) memoRange(loop int, list reflect.Value) (string, error) {
	if list.Kind() == reflect.Interface {
		list = list.Elem()
	}
	if k := list.Kind(); k != reflect.Slice && k != reflect.Array || !plain(list.Type().Elem()) {
		return "", errNoMemo
	}
	prog := b.form.program(loop, list.Type().Elem())
	if b.memo == nil {
		// A plain render (Render): the direct program's text, or none.
		if prog == nil {
			return "", errNoMemo
		}
		for i := range list.Len() {
			if err := b.runSafe(prog, list.Index(i)); err != nil {
				return "", err
			}
		}
		return "", nil
	}
	m := b.memo.loops[loop]
	if m == nil {
		m = make(map[any]printed, list.Len())
		b.memo.loops[loop] = m
	}
	for i := range list.Len() {
		ev := list.Index(i)
		elem := ev.Interface()
		p, ok := m[elem]
		if ok {
			if b.ticks += p.ticks; b.ticks > MaxIterations {
				return "", errNoMemo
			}
			if _, err := b.w.WriteString(p.text); err != nil {
				return "", err
			}
			continue
		}
		// Print the body in place and keep a copy of what it printed.
		ticks, start := b.ticks, b.w.b.Len()
		var err error
		if prog != nil {
			err = b.runSafe(prog, ev)
		} else {
			err = b.bodies[loop].Execute(b.w, elem)
		}
		if err != nil {
			return "", err
		}
		m[elem] = printed{text: strings.Clone(b.w.b.String()[start:]), ticks: b.ticks - ticks}
	}
	// Keep what this list printed once others outnumber it.
	if len(m) > 2*list.Len()+64 {
		keep := make(map[any]printed, list.Len())
		for i := range list.Len() {
			elem := list.Index(i).Interface()
			keep[elem] = m[elem]
		}
		b.memo.loops[loop] = keep
	}
	return "", nil
}

// plain reports whether values of t are plain data: equal values print
// equal text through any template (no methods to call, nothing to point
// at), and they can be map keys.
func plain(t reflect.Type) bool {
	if t.NumMethod() > 0 || reflect.PointerTo(t).NumMethod() > 0 {
		return false
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	case reflect.Array:
		return plain(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !plain(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}

// newMemoForm parses t's text again and replaces its memoizable ranges;
// nil when it has none.
func newMemoForm(t *Template) *memoForm {
	funcs := template.FuncMap{memoFunc: func(int, reflect.Value) (string, error) { return "", errNoMemo }}
	for k, v := range t.funcs {
		funcs[k] = v
	}
	mt, err := template.New(t.tmpl.Name()).Funcs(funcs).Option("missingkey=error").Parse(t.text)
	if err != nil {
		return nil
	}
	for _, tt := range mt.Templates() {
		if tt.Tree != nil {
			addTicks(tt.Tree, t.text)
		}
	}
	f := &memoForm{tmpl: mt}
	main := mt.Tree
	var rewrite func(l *parse.ListNode)
	rewrite = func(l *parse.ListNode) {
		if l == nil {
			return
		}
		for i, n := range l.Nodes {
			switch n := n.(type) {
			case *parse.RangeNode:
				if !memoizable(n) {
					rewrite(n.List)
					rewrite(n.ElseList)
					continue
				}
				name := main.Name + "#range" + strconv.Itoa(len(f.bodies))
				if _, err := mt.AddParseTree(name, &parse.Tree{Name: name, ParseName: main.ParseName, Root: n.List}); err != nil {
					continue
				}
				l.Nodes[i] = memoCall(main, n, len(f.bodies))
				f.bodies = append(f.bodies, name)
				shape, ok := directShape(n.List, t.funcs)
				if !ok {
					shape = nil
				} else if shape == nil {
					shape = []shapeOp{} // an empty body prints nothing, directly
				}
				f.shapes = append(f.shapes, shape)
				f.direct = f.direct || shape != nil
			case *parse.IfNode:
				rewrite(n.List)
				rewrite(n.ElseList)
			case *parse.WithNode:
				rewrite(n.List)
				rewrite(n.ElseList)
			}
		}
	}
	rewrite(main.Root)
	if len(f.bodies) == 0 {
		return nil
	}
	return f
}

// memoCall is {{promptc_range_memo LOOP (PIPELINE)}} for range n.
func memoCall(tree *parse.Tree, n *parse.RangeNode, loop int) *parse.ActionNode {
	pos := n.Position()
	id := parse.NewIdentifier(memoFunc).SetTree(tree).SetPos(pos)
	num := &parse.NumberNode{NodeType: parse.NodeNumber, Pos: pos, IsInt: true, Int64: int64(loop), Text: strconv.Itoa(loop)}
	cmd := &parse.CommandNode{NodeType: parse.NodeCommand, Pos: pos, Args: []parse.Node{id, num, n.Pipe}}
	return &parse.ActionNode{NodeType: parse.NodeAction, Pos: pos, Line: n.Line,
		Pipe: &parse.PipeNode{NodeType: parse.NodePipe, Pos: pos, Line: n.Line, Cmds: []*parse.CommandNode{cmd}}}
}

// memoizable reports whether range n's body is a function of the element
// alone (see RangeMemo).
func memoizable(n *parse.RangeNode) bool {
	return len(n.Pipe.Decl) == 0 && n.ElseList == nil && n.List != nil && dotOnly(n.List)
}

// dotOnly reports whether n reads nothing but dot: no variables, no
// {{template}}, no break or continue.
func dotOnly(n parse.Node) bool {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return true
		}
		for _, c := range n.Nodes {
			if !dotOnly(c) {
				return false
			}
		}
		return true
	case *parse.ActionNode:
		return dotOnly(n.Pipe)
	case *parse.PipeNode:
		if n == nil {
			return true
		}
		if len(n.Decl) > 0 {
			return false
		}
		for _, c := range n.Cmds {
			if !dotOnly(c) {
				return false
			}
		}
		return true
	case *parse.CommandNode:
		for _, a := range n.Args {
			if !dotOnly(a) {
				return false
			}
		}
		return true
	case *parse.IfNode:
		return dotOnly(n.Pipe) && dotOnly(n.List) && dotOnly(n.ElseList)
	case *parse.WithNode:
		return dotOnly(n.Pipe) && dotOnly(n.List) && dotOnly(n.ElseList)
	case *parse.RangeNode:
		return dotOnly(n.Pipe) && dotOnly(n.List) && dotOnly(n.ElseList)
	case *parse.ChainNode:
		return dotOnly(n.Node)
	case *parse.TextNode, *parse.FieldNode, *parse.DotNode, *parse.IdentifierNode, *parse.NilNode,
		*parse.BoolNode, *parse.NumberNode, *parse.StringNode, *parse.CommentNode:
		return true
	}
	return false // variables, {{template}}, break, continue, anything new
}
