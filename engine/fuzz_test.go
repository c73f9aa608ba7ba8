package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoad feeds arbitrary pipeline files through load, schema validation
// and compilation: every input must give a plan or diagnostics, never a
// panic, and a plan whose every diagnostic is positioned in the file.
func FuzzLoad(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("..", "pipelines", "default.yaml")); err == nil {
		f.Add(data)
	}
	for _, s := range []string{
		"",
		"promptc: 1\nname: x\nsections:\n  a: {template: hi}\n",
		"promptc: 1\nname: x\nsections:\n  a: {template: '{{ .x }}', when: 'x'}\n",
		"promptc: 1\nname: x\nparams: {p: {type: list, nullable: true}}\nsections:\n  a: {template: '{{ .p }}', when: p == nil, after: [a]}\n",
		"[1, 2",
		"promptc: 1\nname: x\nsources: {s: {kind: echo, args: {text: '1 +'}}}\nsections: {a: {template: x}}\n",
		"&a [*a]",
		"promptc: !!binary aGk=\n",
	} {
		f.Add([]byte(s))
	}
	calls := map[string]int{}
	reg, err := NewRegistry(newEchoKind(calls))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		spec, ds, err := Load(context.Background(), LoadSettings{Layers: []Layer{{Name: "f.yaml", Data: data}}})
		if err != nil {
			t.Fatalf("internal error: %v", err)
		}
		if ds.HasErrors() {
			for _, d := range ds {
				if d.Pos.File != "f.yaml" {
					t.Fatalf("diagnostic without file: %v", d)
				}
			}
			return
		}
		plan, cds := Compile(spec, reg)
		if cds.HasErrors() != (plan == nil) {
			t.Fatalf("plan %v with diagnostics %v", plan != nil, cds)
		}
	})
}
