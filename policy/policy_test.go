package policy

import (
	"reflect"
	"testing"
)

// TestScan: locked, required and final sections (top level and for: parts),
// on_failure's precedence (block wins from any layer), and a layer that
// does not parse (block when it mentions policy keys).
func TestScan(t *testing.T) {
	for _, tc := range []struct {
		name     string
		layers   []Layer
		want     string // OnFailure
		sections []Section
		bad      int // unreadable layers
	}{
		{name: "none", want: Fallback, sections: []Section{}},
		{name: "plain section", layers: []Layer{{"u.yaml", []byte("sections:\n  a: {template: x}\n")}}, want: Fallback, sections: []Section{}},
		{name: "locked", layers: []Layer{{"u.yaml", []byte("sections:\n  sec:\n    template: x\n    locked: true\n")}}, want: Block,
			sections: []Section{{ID: "sec", Locked: true, At: "u.yaml:4:13"}}},
		{name: "required in a for part", layers: []Layer{{"s.yaml", []byte("for:\n  pi:\n    sections:\n      r: {template: x, required: true}\n")}}, want: Block,
			sections: []Section{{ID: "r", Required: true, At: "s.yaml:4:34"}}},
		{name: "final alone, and final with required", layers: []Layer{{"u.yaml", []byte("sections:\n  f: {template: x, final: true}\n  r: {template: y, required: true, final: true}\n")}}, want: Block,
			sections: []Section{{ID: "f", Final: true, At: "u.yaml:2:27"}, {ID: "r", Required: true, Final: true, At: "u.yaml:3:30"}}},
		{name: "broken layer naming final", layers: []Layer{{"u.yaml", []byte("sections:\n  sec:\n    final: true\n    template: [\n")}}, want: Block, sections: []Section{}, bad: 1},
		{name: "locked but fallback chosen", layers: []Layer{{"s.yaml", []byte("on_failure: fallback\nsections:\n  sec: {template: x, locked: true}\n")}}, want: Fallback,
			sections: []Section{{ID: "sec", Locked: true, At: "s.yaml:3:30"}}},
		{name: "block in the system layer is not relaxed by the user's fallback", layers: []Layer{
			{"s.yaml", []byte("on_failure: block\n")}, {"u.yaml", []byte("on_failure: fallback\n")}}, want: Block, sections: []Section{}},
		{name: "broken layer naming a lock", layers: []Layer{{"u.yaml", []byte("sections:\n  sec:\n    locked: true\n    template: [\n")}}, want: Block, sections: []Section{}, bad: 1},
		{name: "broken layer without policy keys", layers: []Layer{{"u.yaml", []byte("sections:\n  team: [\n")}}, want: Fallback, sections: []Section{}, bad: 1},
		{name: "bad on_failure value", layers: []Layer{{"u.yaml", []byte("on_failure: sometimes\n")}}, want: Block, sections: []Section{}, bad: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Scan(tc.layers)
			if r.OnFailure != tc.want {
				t.Errorf("on_failure %q, want %q", r.OnFailure, tc.want)
			}
			if !reflect.DeepEqual(r.Sections, tc.sections) {
				t.Errorf("sections %+v, want %+v", r.Sections, tc.sections)
			}
			if len(r.Unreadable) != tc.bad {
				t.Errorf("unreadable %+v, want %d", r.Unreadable, tc.bad)
			}
		})
	}
}
