package sections

import (
	"fmt"
	"reflect"
	"text/template"
	"text/template/parse"
)

// A direct body prints a memoized range's body (rangememo.go) for one
// element without text/template: text/template calls every function
// through reflect and prints every value through fmt, which costs a few
// microseconds per skill of a skills index; a direct body costs a
// fraction of that. Bodies take the direct way when they are made of:
//   - text and comments;
//   - {{.F.G}} and {{.}}, printed;
//   - {{f ARG}} with f a section function of type func(any) string or
//     func(string) string and ARG a field, dot or a string constant the
//     parameter accepts;
//   - {{if .F}} ... {{else}} ... {{end}} of those, the condition a field
//     or dot;
//   - the range tick (limits.go).
//
// A shape is such a body with its fields still names; a program is a
// shape resolved against one element type (a struct's exported fields,
// by index), made when a render meets that type. The element type is
// plain data (no methods), so the field lookups, truth tests and printing
// below are text/template's own for it. Anything else prints through
// text/template: the body template in a memoized render, the plain
// template in Render.

// shapeOp is one step of a shape.
type shapeOp struct {
	kind  opKind
	text  string   // opText: the text; opCall with a constant argument: the argument
	field []string // opPrint, opCall, opIf: the field chain read (empty: dot)
	fn    any      // opCall: the function
	konst bool     // opCall: the argument is the constant text
	then  []shapeOp
	els   []shapeOp
}

type opKind uint8

const (
	opText opKind = iota
	opTick
	opPrint
	opCall
	opIf
)

// directShape returns the shape of a range body, or ok false when it
// holds anything else than the direct way takes.
func directShape(l *parse.ListNode, funcs template.FuncMap) (shape []shapeOp, ok bool) {
	if l == nil {
		return nil, true
	}
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			shape = append(shape, shapeOp{kind: opText, text: string(n.Text)})
		case *parse.CommentNode:
		case *parse.ActionNode:
			op, ok := actionShape(n.Pipe, funcs)
			if !ok {
				return nil, false
			}
			shape = append(shape, op)
		case *parse.IfNode:
			args, ok := command(n.Pipe)
			if !ok || len(args) != 1 {
				return nil, false
			}
			field, ok := fieldOf(args[0])
			if !ok {
				return nil, false
			}
			then, ok := directShape(n.List, funcs)
			if !ok {
				return nil, false
			}
			els, ok := directShape(n.ElseList, funcs)
			if !ok {
				return nil, false
			}
			shape = append(shape, shapeOp{kind: opIf, field: field, then: then, els: els})
		default:
			return nil, false
		}
	}
	return shape, true
}

// actionShape is the shape of an action's pipeline: a value printed, a
// function called on one argument, or the range tick.
func actionShape(p *parse.PipeNode, funcs template.FuncMap) (shapeOp, bool) {
	args, ok := command(p)
	if !ok {
		return shapeOp{}, false
	}
	if id, ok := args[0].(*parse.IdentifierNode); ok {
		if id.Ident == tickFunc && len(args) == 2 {
			return shapeOp{kind: opTick}, true
		}
		fn := funcs[id.Ident]
		switch fn.(type) {
		case func(any) string, func(string) string:
		default:
			return shapeOp{}, false
		}
		if len(args) != 2 {
			return shapeOp{}, false
		}
		if s, ok := args[1].(*parse.StringNode); ok {
			return shapeOp{kind: opCall, fn: fn, konst: true, text: s.Text}, true
		}
		field, ok := fieldOf(args[1])
		return shapeOp{kind: opCall, fn: fn, field: field}, ok
	}
	if len(args) != 1 {
		return shapeOp{}, false
	}
	field, ok := fieldOf(args[0])
	return shapeOp{kind: opPrint, field: field}, ok
}

// command returns the arguments of a pipeline of one command without
// declarations.
func command(p *parse.PipeNode) ([]parse.Node, bool) {
	if p == nil || len(p.Decl) > 0 || p.IsAssign || len(p.Cmds) != 1 {
		return nil, false
	}
	return p.Cmds[0].Args, true
}

// fieldOf returns the field chain n reads from dot: a FieldNode's
// names, or none for dot itself.
func fieldOf(n parse.Node) ([]string, bool) {
	switch n := n.(type) {
	case *parse.DotNode:
		return []string{}, true
	case *parse.FieldNode:
		return n.Ident, true
	}
	return nil, false
}

// op is a shape op resolved against an element type.
type op struct {
	kind  opKind
	text  string
	index [][]int // the field chain's indexes (FieldByIndex), one per name
	any   func(any) string
	str   func(string) string
	konst bool
	then  []op
	els   []op
}

// program resolves shape against element type t: nil when a field does
// not exist, is not exported, or does not fit a function's parameter (a
// render through the body template then reports what it reports).
func program(shape []shapeOp, t reflect.Type) ([]op, bool) {
	out := make([]op, 0, len(shape))
	for _, s := range shape {
		o := op{kind: s.kind, text: s.text, konst: s.konst}
		ft := t
		for _, name := range s.field {
			if ft.Kind() != reflect.Struct {
				return nil, false
			}
			f, ok := ft.FieldByName(name)
			if !ok || !f.IsExported() {
				return nil, false
			}
			o.index, ft = append(o.index, f.Index), f.Type
		}
		switch fn := s.fn.(type) {
		case func(any) string:
			o.any = fn
		case func(string) string:
			if !s.konst && ft != reflect.TypeFor[string]() {
				return nil, false // text/template: "wrong type for value"
			}
			o.str = fn
		}
		var ok bool
		if o.then, ok = program(s.then, t); !ok {
			return nil, false
		}
		if o.els, ok = program(s.els, t); !ok {
			return nil, false
		}
		out = append(out, o)
	}
	return out, true
}

// run prints elem through prog into b's writer; an error (a limit) sends
// the render back to the plain path.
func (b *boundTemplate) run(prog []op, elem reflect.Value) error {
	for i := range prog {
		o := &prog[i]
		switch o.kind {
		case opText:
			if _, err := b.w.WriteString(o.text); err != nil {
				return err
			}
		case opTick:
			if b.ticks++; b.ticks > MaxIterations {
				return errNoMemo
			}
		case opPrint:
			v := o.value(elem)
			var err error
			if v.Kind() == reflect.String {
				_, err = b.w.WriteString(v.String())
			} else {
				_, err = fmt.Fprint(b.w, v.Interface())
			}
			if err != nil {
				return err
			}
		case opCall:
			var s string
			switch {
			case o.konst && o.any != nil:
				s = o.any(o.text)
			case o.konst:
				s = o.str(o.text)
			case o.any != nil:
				s = o.any(o.value(elem).Interface())
			default:
				s = o.str(o.value(elem).String())
			}
			if _, err := b.w.WriteString(s); err != nil {
				return err
			}
		case opIf:
			truth, ok := isTrue(o.value(elem))
			if !ok {
				return errNoMemo
			}
			branch := o.els
			if truth {
				branch = o.then
			}
			if err := b.run(branch, elem); err != nil {
				return err
			}
		}
	}
	return nil
}

// value reads o's field chain from elem.
func (o *op) value(elem reflect.Value) reflect.Value {
	for _, ix := range o.index {
		elem = elem.FieldByIndex(ix)
	}
	return elem
}

// isTrue is template.IsTrue, without boxing a bool.
func isTrue(v reflect.Value) (truth, ok bool) {
	if v.Kind() == reflect.Bool {
		return v.Bool(), true
	}
	return template.IsTrue(v.Interface())
}

// runSafe is run, a panic in a section function sending the render back
// to the plain path (which reports it as text/template does).
func (b *boundTemplate) runSafe(prog []op, elem reflect.Value) (err error) {
	defer func() {
		if recover() != nil {
			err = errNoMemo
		}
	}()
	return b.run(prog, elem)
}
