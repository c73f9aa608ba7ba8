package sections

import (
	"errors"
	"fmt"
	"strings"
	"text/template"
	"text/template/parse"
)

// Limits of one render. Section templates may come from any layer, so
// nothing in one may loop, allocate or print without bound; a render that
// would fails with a *LimitError instead, which the engine positions at the
// section.
const (
	// MaxIterations is how many times the range loops of one render may
	// run in all (and how long a list until, untilStep and seq may build).
	MaxIterations = 1_000_000
	// MaxRenderBytes is the most one render may print, and the largest
	// string repeat, indent, replace and friends may build: eleven times
	// the 5.8 MB prompt of 10,000 skills, and more than any model's
	// context window holds.
	MaxRenderBytes = 64 << 20
)

// LimitError reports a render that went past a limit.
type LimitError struct {
	// What is "range", "output" or a function's name.
	What string
	// Line is the template line of the range loop (0 when unknown).
	Line int
	Msg  string
}

func (e *LimitError) Error() string { return e.Msg }

func countLimit(fn string, n int) error {
	if n > MaxIterations {
		return &LimitError{What: fn, Msg: fmt.Sprintf("%s would make %d items, more than the %d a template may", fn, n, MaxIterations)}
	}
	return nil
}

func sizeLimit(fn string, n int64) error {
	if n > MaxRenderBytes {
		return &LimitError{What: fn, Msg: fmt.Sprintf("%s would make %d bytes, more than the %d a template may", fn, n, MaxRenderBytes)}
	}
	return nil
}

// tickFunc is the function Parse calls at the start of every range body;
// each render binds it to its own iteration counter.
const tickFunc = "promptc_range_tick"

// addTicks makes every range body of tree start with {{promptc_range_tick
// LINE}}, LINE being the range's template line, so that a render can
// count iterations whatever the loop ranges over (a number, a list, a
// map).
func addTicks(tree *parse.Tree, text string) {
	var walk func(n parse.Node)
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			if n == nil {
				return
			}
			for _, c := range n.Nodes {
				walk(c)
			}
		case *parse.IfNode:
			walk(n.List)
			walk(n.ElseList)
		case *parse.WithNode:
			walk(n.List)
			walk(n.ElseList)
		case *parse.RangeNode:
			walk(n.List)
			walk(n.ElseList)
			if n.List == nil {
				return
			}
			line := 1 + strings.Count(text[:min(int(n.Position()), len(text))], "\n")
			id := parse.NewIdentifier(tickFunc).SetTree(tree).SetPos(n.Position())
			arg := &parse.NumberNode{NodeType: parse.NodeNumber, Pos: n.Position(), IsInt: true, Int64: int64(line), Text: fmt.Sprint(line)}
			cmd := &parse.CommandNode{NodeType: parse.NodeCommand, Pos: n.Position(), Args: []parse.Node{id, arg}}
			act := &parse.ActionNode{NodeType: parse.NodeAction, Pos: n.Position(), Line: line, Pipe: &parse.PipeNode{NodeType: parse.NodePipe, Pos: n.Position(), Line: line, Cmds: []*parse.CommandNode{cmd}}}
			n.List.Nodes = append([]parse.Node{act}, n.List.Nodes...)
		}
	}
	walk(tree.Root)
}

// limitedWriter fails once more than MaxRenderBytes were written.
type limitedWriter struct {
	b strings.Builder
}

func (w *limitedWriter) Write(p []byte) (int, error) {
	if err := w.room(len(p)); err != nil {
		return 0, err
	}
	return w.b.Write(p)
}

func (w *limitedWriter) WriteString(s string) (int, error) {
	if err := w.room(len(s)); err != nil {
		return 0, err
	}
	return w.b.WriteString(s)
}

// room makes room for n more bytes, or fails past MaxRenderBytes. The
// buffer doubles (strings.Builder.Grow): left to append, a large buffer
// grows by a quarter at a time and a text allocates five times its size
// on the way (a 6 MB skills index, 30 MB of fresh memory).
func (w *limitedWriter) room(n int) error {
	if w.b.Len()+n > MaxRenderBytes {
		return errOutputLimit()
	}
	if w.b.Cap()-w.b.Len() < n {
		w.b.Grow(n)
	}
	return nil
}

func errOutputLimit() error {
	return &LimitError{What: "output", Msg: fmt.Sprintf("the section's text is longer than %d bytes, the most a template may print", MaxRenderBytes)}
}

// bound returns a copy of tmpl whose tick counts this render's
// iterations.
func bound(tmpl *template.Template) (*boundTemplate, error) {
	t, err := tmpl.Clone()
	if err != nil {
		return nil, err
	}
	b := &boundTemplate{tmpl: t}
	t.Funcs(template.FuncMap{tickFunc: func(line int) (string, error) {
		b.ticks++
		if b.ticks > MaxIterations {
			return "", &LimitError{What: "range", Line: line, Msg: fmt.Sprintf("range loops ran more than %d times (the range on template line %d was running)", MaxIterations, line)}
		}
		return "", nil
	}, memoFunc: b.memoRange})
	return b, nil
}

// boundTemplate is a clone of a template whose range tick counts into
// ticks; one render at a time uses it (Render resets ticks and keeps it
// in a pool for the next). w is a render's writer. When tmpl is a
// memoizing form (rangememo.go), form is that form and bodies its range
// bodies, and memo is the RangeMemo of a memoized render (nil in Render).
type boundTemplate struct {
	tmpl   *template.Template
	ticks  int
	memo   *RangeMemo
	w      *limitedWriter
	form   *memoForm
	bodies []*template.Template
}

// AsLimit returns the *LimitError a render failed with, if any.
func AsLimit(err error) (*LimitError, bool) {
	var le *LimitError
	ok := errors.As(err, &le)
	return le, ok
}
