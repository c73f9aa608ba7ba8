package receipt

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/prov"
)

// files is a Read over an in-memory tree.
func files(m map[string]string) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		s, ok := m[name]
		if !ok {
			return nil, fs.ErrNotExist
		}
		return []byte(s), nil
	}
}

func TestMakeHashesAndOrder(t *testing.T) {
	tree := map[string]string{
		"/w/user.yaml": "sections:\n  sec:\n    template: S\n    locked: true\n",
		"/w/b.md":      "bee\n",
		"/w/a.md":      "ay\n",
		"over.yaml":    "x: 1\n",
	}
	res := &engine.Result{
		Pipeline: "default",
		Text:     "IDAB",
		Layers: []spec.LayerReport{
			{Name: "pipelines/pi@1.6.0.yaml", Role: spec.RoleExtends, Status: spec.StatusApplied},
			{Name: "pipelines/default.yaml", Role: spec.RoleBase, Status: spec.StatusApplied},
			{Name: "/etc/promptc/config.yaml", Role: spec.RoleSystem, Status: spec.StatusAbsent},
			{Name: "/w/user.yaml", Role: spec.RoleUser, Status: spec.StatusApplied},
			{Name: "/w/user.yaml for: pi", Role: spec.RoleUser, Status: spec.StatusApplied},
			{Name: "over.yaml", Role: spec.RoleOverlay, Status: spec.StatusApplied},
			{Name: "--set sections.cwd.disabled", Role: spec.RoleSet, Status: spec.StatusApplied},
		},
		Sections: []engine.Section{
			{ID: "id", Active: true, Text: "I", Origins: []prov.Origin{{Path: "(flag text)", Role: "system prompt"}}},
			{ID: "off", Active: false, Text: "", Origins: []prov.Origin{{Path: "/w/never-read.md"}}},
			{ID: "sec", Active: true, Text: "D", Layer: "/w/user.yaml"},
			{ID: "ctx", Active: true, Text: "AB", Origins: []prov.Origin{{Path: "/w/b.md", Role: "context"}, {Path: "/w/a.md", Role: "context"}}},
		},
		Sources: []engine.SourceReport{{ID: "context", Origins: []prov.Origin{{Path: "/w/a.md", Role: "context"}, {Path: "flag:--x"}}}},
	}
	r, err := Make(Input{PromptcVersion: "1.2.3", Params: map[string]any{"z": 1, "a": []string{"x"}}, Result: res, Prompt: "IDAB", Read: files(tree)})
	if err != nil {
		t.Fatal(err)
	}
	builtin, _ := pipelines.Lookup("default")
	cases := []struct{ what, got, want string }{
		{"version", r.Pipeline.Version, "pi@1.6.0"},
		{"builtin base hash", r.Layers[1].SHA256, Sum(builtin)},
		{"absent layer hash", r.Layers[2].SHA256, ""},
		{"user layer hash", r.Layers[3].SHA256, Sum([]byte(tree["/w/user.yaml"]))},
		{"a for: part hashes its file", r.Layers[4].SHA256, Sum([]byte(tree["/w/user.yaml"]))},
		{"overlay hash", r.Layers[5].SHA256, Sum([]byte(tree["over.yaml"]))},
		{"set has no file", r.Layers[6].SHA256, ""},
		{"files sorted, deduplicated, pseudo paths out", paths(r.Files), "/w/a.md /w/b.md"},
		{"file hash", r.Files[1].SHA256, Sum([]byte("bee\n"))},
		{"active sections in prompt order", ids(r.Sections), "id sec ctx"},
		{"section hash", r.Sections[2].SHA256, Sum([]byte("AB"))},
		{"prompt hash", r.Prompt.SHA256, Sum([]byte("IDAB"))},
		{"policy from the user layer", r.Policy.OnFailure, "block"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.what, c.got, c.want)
		}
	}
	if !r.Sections[1].Locked || r.Sections[0].Locked {
		t.Errorf("locked marks: %+v", r.Sections)
	}
	if !r.Layers[1].Builtin || r.Layers[3].Builtin {
		t.Errorf("builtin marks: %+v", r.Layers)
	}
	a, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(a), "\"params\": {\n    \"a\": [\n      \"x\"\n    ],\n    \"z\": 1\n  }") {
		t.Errorf("params not sorted:\n%s", a)
	}
	r2, err := Make(Input{PromptcVersion: "1.2.3", Params: map[string]any{"a": []string{"x"}, "z": 1}, Result: res, Prompt: "IDAB", Read: files(tree)})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := r2.Encode()
	if string(a) != string(b) {
		t.Errorf("two receipts of one build differ:\n%s\n%s", a, b)
	}
	back, err := Parse("r.json", a)
	if err != nil {
		t.Fatalf("a receipt Make wrote does not parse: %v", err)
	}
	if d := Compare(r, back); !d.Same || len(d.Params)+len(d.Files)+len(d.Sections)+len(d.Layers) != 0 {
		t.Errorf("a receipt and its parse differ: %+v", d)
	}
}

func TestMakeSkipsDirectories(t *testing.T) {
	res := &engine.Result{Sections: []engine.Section{{ID: "s", Active: true, Origins: []prov.Origin{{Path: "/skills"}, {Path: "/skills/a/SKILL.md"}}}}}
	read := func(name string) ([]byte, error) {
		if name == "/skills" {
			return nil, &fs.PathError{Op: "read", Path: name, Err: syscall.EISDIR}
		}
		return []byte("skill"), nil
	}
	r, err := Make(Input{Result: res, Read: read})
	if err != nil {
		t.Fatal(err)
	}
	if got := paths(r.Files); got != "/skills/a/SKILL.md" {
		t.Errorf("files %q, want the skill file alone", got)
	}
}

func TestMakeRefusesUnreadableFile(t *testing.T) {
	res := &engine.Result{Sections: []engine.Section{{ID: "c", Active: true, Origins: []prov.Origin{{Path: "/gone.md"}}}}}
	_, err := Make(Input{Result: res, Read: files(nil)})
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "/gone.md") {
		t.Fatalf("got %v, want an error naming /gone.md", err)
	}
}

func paths(fs []File) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Path)
	}
	return strings.Join(out, " ")
}

func ids(ss []Section) string {
	var out []string
	for _, s := range ss {
		out = append(out, s.ID)
	}
	return strings.Join(out, " ")
}

func TestCompare(t *testing.T) {
	base := func() *Receipt {
		return &Receipt{
			Prompt:   Prompt{SHA256: "p1"},
			Sections: []Section{{ID: "a", SHA256: "a1"}, {ID: "b", SHA256: "b1"}},
			Files:    []File{{Path: "/x", SHA256: "x1"}},
			Layers:   []Layer{{Path: "u.yaml", Role: "user", Status: "applied", SHA256: "u1"}, {Path: "p.yaml", Role: "project", Status: "absent"}},
			Params:   map[string]any{"cwd": "/w"},
		}
	}
	cases := []struct {
		name string
		edit func(r *Receipt)
		same bool
		want string // the changes, as "kind name change" joined by ", "
	}{
		{"same", func(*Receipt) {}, true, ""},
		{"a file and its section", func(r *Receipt) {
			r.Prompt.SHA256, r.Sections[1].SHA256, r.Files[0].SHA256 = "p2", "b2", "x2"
		}, false, "section b changed, file /x changed"},
		{"a file read only now", func(r *Receipt) {
			r.Prompt.SHA256 = "p2"
			r.Files = append(r.Files, File{Path: "/new", SHA256: "n"})
			r.Sections = r.Sections[:1]
		}, false, "section b removed, file /new added"},
		{"a project layer applied now", func(r *Receipt) {
			r.Prompt.SHA256 = "p2"
			r.Layers[1].Status, r.Layers[1].SHA256 = "applied", "q"
		}, false, "layer project p.yaml added"},
		{"an absent layer looked for elsewhere", func(r *Receipt) { r.Layers[1].Path = "q/p.yaml" }, true, ""},
		{"moved", func(r *Receipt) {
			r.Prompt.SHA256 = "p2"
			r.Sections[0], r.Sections[1] = r.Sections[1], r.Sections[0]
		}, false, "moved"},
		{"a param, the prompt the same", func(r *Receipt) { r.Params["cwd"] = "/v" }, true, "param cwd changed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			now := base()
			c.edit(now)
			d := Compare(base(), now)
			var got []string
			for _, x := range d.Sections {
				got = append(got, "section "+x.Name+" "+x.Change)
			}
			for _, x := range d.Files {
				got = append(got, "file "+x.Name+" "+x.Change)
			}
			for _, x := range d.Layers {
				got = append(got, "layer "+x.Name+" "+x.Change)
			}
			for _, x := range d.Params {
				got = append(got, "param "+x.Name+" "+x.Change)
			}
			if d.Moved {
				got = append(got, "moved")
			}
			if d.Same != c.same || strings.Join(got, ", ") != c.want {
				t.Errorf("same %v, changes %q; want %v, %q", d.Same, strings.Join(got, ", "), c.same, c.want)
			}
		})
	}
}

func TestParseProblems(t *testing.T) {
	cases := []struct{ name, data, want string }{
		{"empty", "", "r.json:1:1: empty: a receipt is a JSON object"},
		{"not closed", "{\n  \"receipt\": 1,\n", "r.json:3:1: unexpected end of the file: the JSON object is not closed"},
		{"bad token", "{\n  \"receipt\": x}", "r.json:2:14: not valid JSON: invalid character 'x' looking for beginning of value"},
		{"not an object", "[1]", "r.json:1:1: expected object, got array"},
		{"a character column", "{\"é\": \"ü\", \"receipt\": 1,}", "r.json:1:25: not valid JSON: invalid character '}' looking for beginning of object key string"},
		{"not UTF-8", "{\"a\": \"\xff\"}", "r.json:1:8: not UTF-8 text"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("r.json", []byte(c.data))
			var bad *BadError
			if !errors.As(err, &bad) {
				t.Fatalf("got %v, want a *BadError", err)
			}
			if got := bad.Problems[0].String(); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}
