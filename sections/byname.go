package sections

import (
	"text/template"
	"text/template/parse"
)

// ByName reports whether the template reads its data only by name: no
// template of its set uses dot or $ as a whole (`{{ . }}`, `{{ range . }}`,
// `{{ template "x" . }}`, `{{ $ }}`, even where dot is a range element),
// so the root data is only ever indexed by field (`.name`, `$.name`).
// Then Render over any map that holds the same values for the names the
// template reads (Fields) prints the same, whatever else the map holds.
func (t *Template) ByName() bool { return t.byName }

func byName(t *template.Template) bool {
	for _, tt := range t.Templates() {
		if tt.Tree != nil && !nameOnly(tt.Tree.Root) {
			return false
		}
	}
	return true
}

// nameOnly reports whether no node under n is dot or a bare $.
func nameOnly(n parse.Node) bool {
	switch n := n.(type) {
	case nil:
		return true
	case *parse.DotNode:
		return false
	case *parse.VariableNode:
		return !(len(n.Ident) == 1 && n.Ident[0] == "$")
	case *parse.ListNode:
		if n == nil {
			return true
		}
		for _, c := range n.Nodes {
			if !nameOnly(c) {
				return false
			}
		}
		return true
	case *parse.ActionNode:
		return nameOnly(n.Pipe)
	case *parse.PipeNode:
		if n == nil {
			return true
		}
		for _, d := range n.Decl {
			if !nameOnly(d) {
				return false
			}
		}
		for _, c := range n.Cmds {
			if !nameOnly(c) {
				return false
			}
		}
		return true
	case *parse.CommandNode:
		for _, a := range n.Args {
			if !nameOnly(a) {
				return false
			}
		}
		return true
	case *parse.ChainNode:
		return nameOnly(n.Node)
	case *parse.IfNode:
		return nameOnly(n.Pipe) && nameOnly(n.List) && nameOnly(n.ElseList)
	case *parse.RangeNode:
		return nameOnly(n.Pipe) && nameOnly(n.List) && nameOnly(n.ElseList)
	case *parse.WithNode:
		return nameOnly(n.Pipe) && nameOnly(n.List) && nameOnly(n.ElseList)
	case *parse.TemplateNode:
		return n.Pipe == nil || nameOnly(n.Pipe)
	case *parse.TextNode, *parse.FieldNode, *parse.IdentifierNode, *parse.StringNode,
		*parse.NumberNode, *parse.BoolNode, *parse.NilNode, *parse.CommentNode,
		*parse.BreakNode, *parse.ContinueNode:
		return true
	}
	return false // a node this walk does not know: assume the worst
}
