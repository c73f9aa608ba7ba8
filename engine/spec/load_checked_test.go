package spec

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestCheckedLayerSkipsOnlyItsOwnSchemaCheck pins Layer.Checked's
// contract: a checked layer loaded alone is not held to the schema again;
// anything set, layered or extended over it is.
func TestCheckedLayerSkipsOnlyItsOwnSchemaCheck(t *testing.T) {
	// seam takes raw or paragraph only.
	bad := Layer{Name: "p.yaml", Data: []byte("seam: wavy\n"), Checked: true}
	over := Layer{Name: "o.yaml", Data: []byte("params: {}\n")}
	cases := []struct {
		name       string
		set        LoadSettings
		wantSchema bool
	}{
		{"checked alone", LoadSettings{Layers: []Layer{bad}}, false},
		{"unchecked alone", LoadSettings{Layers: []Layer{{Name: bad.Name, Data: bad.Data}}}, true},
		{"checked with a layer over it", LoadSettings{Layers: []Layer{bad, over}}, true},
		{"checked with a set", LoadSettings{Layers: []Layer{bad}, Sets: []Set{{Key: "seam", Value: "wavy"}}}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, ds, err := Load(context.Background(), c.set)
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			got := false
			for _, d := range ds {
				if d.Code == "schema" {
					got = true
				}
			}
			if got != c.wantSchema {
				t.Fatalf("schema diagnostics = %v, want %v: %v (err %v)", got, c.wantSchema, ds, err)
			}
		})
	}
}

// TestCheckedLayerThatExtendsIsChecked: a checked layer that
// extends another is checked, since the merge is not what was vouched for.
func TestCheckedLayerThatExtendsIsChecked(t *testing.T) {
	base := Layer{Name: "p.yaml", Data: []byte("extends: b\nseam: wavy\n"), Checked: true}
	set := LoadSettings{Layers: []Layer{base}, Extends: func(ref, from string) (Layer, error) {
		return Layer{Name: "b.yaml", Data: []byte("params: {}\n"), Role: RoleExtends}, nil
	}}
	_, ds, _ := Load(context.Background(), set)
	for _, d := range ds {
		if d.Code == "schema" {
			return
		}
	}
	t.Fatalf("no schema diagnostic: %v", ds)
}

// TestOneLayerIsItsOwnMerge: a document of one layer is used as parsed,
// without koanf; it must equal what koanf's merge makes of it (the same
// layer with an empty layer over it) for the shipped pipelines.
func TestOneLayerIsItsOwnMerge(t *testing.T) {
	files, err := filepath.Glob("../../pipelines/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no pipelines: %v", err)
	}
	// A built-in pipeline may extend another: resolve it from the same
	// directory, as package pipelines does.
	extends := func(ref, _ string) (Layer, error) {
		data, err := os.ReadFile(filepath.Join("../../pipelines", ref+".yaml"))
		return Layer{Name: "pipelines/" + ref + ".yaml", Data: data, Role: RoleExtends}, err
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		base := Layer{Name: f, Data: data}
		alone, ds, err := Load(context.Background(), LoadSettings{Layers: []Layer{base}, Extends: extends})
		if err != nil || ds.HasErrors() {
			t.Fatalf("%s: %v %v", f, err, ds)
		}
		merged, ds, err := Load(context.Background(), LoadSettings{Layers: []Layer{base, {Name: "empty.yaml", Data: []byte("{}\n")}}, Extends: extends})
		if err != nil || ds.HasErrors() {
			t.Fatalf("%s under an empty layer: %v %v", f, err, ds)
		}
		if !reflect.DeepEqual(alone.raw, merged.raw) {
			t.Errorf("%s: alone and merged documents differ", f)
		}
		if !reflect.DeepEqual(alone.Sections, merged.Sections) || !reflect.DeepEqual(alone.Sources, merged.Sources) || !reflect.DeepEqual(alone.Tools, merged.Tools) {
			t.Errorf("%s: alone and merged specs differ", f)
		}
	}
}
