package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine/spec"
)

// CodeNoEffect is the warning for an override that changes nothing.
const CodeNoEffect = "override/no-effect"

// overrideRoles are the roles of layers that override the pipeline: a
// setting they win for is a user's request, and one that changes nothing
// is worth a warning. The base pipeline and its extends chain are the
// pipeline itself.
var overrideRoles = []string{spec.RoleSystem, spec.RoleUser, spec.RoleProject, spec.RoleOverlay, spec.RoleSet}

// renderFields are the section fields whose only effect is on the text
// or place of the section in the output: none of them does anything for
// a disabled section. (locked, required and labels act on layers and
// hosts, doc on reports: they are never "no effect".)
var renderFields = []string{"template", "when", "order", "after", "before", "seam", "volatile", "priority", "budget", "trust"}

// overrideEffects returns a warning (CodeNoEffect) for each section
// setting an override layer (system, user, project, overlay, --set) won
// that has no effect on the output, naming what overruled it. Only what is
// exact and cheap is checked:
//   - any rendering field of a disabled section (the section renders
//     nothing), unless the same layer disabled it;
//   - a section's order: the sections are placed again with the order
//     the layers below gave (0 when none did), and when the placement is
//     the same, the order had no effect; the warning names the section's
//     after:/before: constraints and those of others that point at it.
//
// The placement is compared with the plan's own, so the check is exact;
// it costs one topological sort per order an override layer set.
func (p *Plan) overrideEffects() diag.List {
	c := &effects{spec: p.spec, plan: p}
	c.check()
	return c.diags
}

// effects holds one overrideEffects call.
type effects struct {
	spec  *spec.Spec
	plan  *Plan
	diags diag.List
}

func (c *effects) check() {
	raw, _ := c.spec.Raw()["sections"].(map[string]any)
	for _, id := range sortedKeys(c.spec.Sections) {
		ss := c.spec.Sections[id]
		fields, _ := raw[id].(map[string]any)
		for _, f := range renderFields {
			if _, set := fields[f]; !set {
				continue
			}
			ptr := "/sections/" + id + "/" + f
			at := c.spec.Pos(ptr)
			if !c.byOverride(at) {
				continue
			}
			key := "sections." + id + "." + f
			switch {
			case ss.Disabled:
				dis := c.spec.Pos("/sections/" + id + "/disabled")
				if dis.File == at.File {
					continue // one layer that disables a section and sets it: deliberate
				}
				c.noEffect(at, key, fields[f], fmt.Sprintf("section %s is disabled by %s", id, dis))
			case f == "order":
				if why := c.orderOverruled(id, ss.Order); why != "" {
					c.noEffect(at, key, fields[f], why)
				}
			}
		}
	}
}

// byOverride reports whether the setting at was written by an override
// layer.
func (c *effects) byOverride(at diag.Pos) bool {
	if at.File == "" {
		return false
	}
	for _, l := range c.spec.Layers {
		if l.Name == at.File || strings.HasPrefix(l.Name, at.File+" for: ") {
			return slices.Contains(overrideRoles, l.Role)
		}
	}
	return false
}

// noEffect adds the warning.
func (c *effects) noEffect(at diag.Pos, key string, v any, why string) {
	what := fmt.Sprintf("%s: %v", key, v)
	if strings.HasPrefix(at.File, "--set ") {
		// The flag is its own position: "--set KEY=VALUE has no effect".
		what, at = fmt.Sprintf("--set %s=%v", key, v), diag.Pos{}
	}
	c.diags = append(c.diags, diag.Diagnostic{Severity: diag.Warning, Code: CodeNoEffect, Pos: at,
		Message: fmt.Sprintf("%s has no effect: %s", what, why)})
}

// orderOverruled returns why section id's order has no effect ("" when it
// has one): the placement with the order the layers below it gave is the
// same.
func (c *effects) orderOverruled(id string, order int) string {
	before := 0
	for _, o := range c.spec.Overrides {
		if o.Key == "sections."+id+".order" && len(o.Overridden) > 0 {
			before, _ = asInt(o.Overridden[len(o.Overridden)-1].Value)
		}
	}
	if before == order && order != 0 {
		return fmt.Sprintf("%s already has order %d below this layer", id, order)
	}
	placed := c.placement(map[string]int{id: before})
	if placed == nil || !slices.Equal(placed, c.planOrder()) {
		return ""
	}
	var by []string
	ss := c.spec.Sections[id]
	if len(ss.After) > 0 {
		by = append(by, fmt.Sprintf("after: [%s] (%s)", strings.Join(ss.After, ", "), c.spec.Pos("/sections/"+id+"/after")))
	}
	if len(ss.Before) > 0 {
		by = append(by, fmt.Sprintf("before: [%s] (%s)", strings.Join(ss.Before, ", "), c.spec.Pos("/sections/"+id+"/before")))
	}
	for _, other := range sortedKeys(c.spec.Sections) {
		os := c.spec.Sections[other]
		if slices.Contains(os.Before, id) {
			by = append(by, fmt.Sprintf("%s's before: [%s] (%s)", other, strings.Join(os.Before, ", "), c.spec.Pos("/sections/"+other+"/before")))
		}
		if slices.Contains(os.After, id) {
			by = append(by, fmt.Sprintf("%s's after: [%s] (%s)", other, strings.Join(os.After, ", "), c.spec.Pos("/sections/"+other+"/after")))
		}
	}
	if len(by) == 0 {
		return fmt.Sprintf("%s is placed the same with order %d (order only ranks sections that are free at the same time)", id, before)
	}
	return fmt.Sprintf("%s is placed by %s", id, strings.Join(by, ", "))
}

// asInt reads a layer's integer value.
func asInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case float64:
		return int(n), n == float64(int(n))
	}
	return 0, false
}

// planOrder is the compiled section order.
func (c *effects) planOrder() []string {
	out := make([]string, len(c.plan.sections))
	for i, s := range c.plan.sections {
		out[i] = s.id
	}
	return out
}

// placement orders the sections as compileSections does, with the orders
// in with replacing theirs; nil on a cycle or an unknown reference.
func (c *effects) placement(with map[string]int) []string {
	var nodes []node
	edges := map[string][]string{}
	for _, id := range sortedKeys(c.spec.Sections) {
		ss := c.spec.Sections[id]
		order := ss.Order
		if o, ok := with[id]; ok {
			order = o
		}
		nodes = append(nodes, node{id: id, order: order})
		for _, a := range ss.After {
			if _, ok := c.spec.Sections[a]; !ok {
				return nil
			}
			edges[a] = append(edges[a], id)
		}
		for _, b := range ss.Before {
			if _, ok := c.spec.Sections[b]; !ok {
				return nil
			}
			edges[id] = append(edges[id], b)
		}
	}
	sorted, cycle := topoSort(nodes, edges)
	if cycle != nil {
		return nil
	}
	return sorted
}
