package bind

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
)

const bindPipeline = `
promptc: 1
name: bindings
params:
  cwd:
    type: string
    bind: [{flag: cwd, path: physical}, {host: wd}]
  cwd_arg:
    type: string
    bind: [{flag: cwd}, {host: wd}]
  tools:
    type: list
    nullable: true
    bind: [{flag: tools, short: t, split: ","}]
  paths:
    type: list
    bind: [{flag: path, repeat: append}]
  mode:
    type: string
    default: auto
    bind: [{flag: yes, value: approve}, {flag: no, value: deny}]
  dir:
    type: string
    bind: [{flag: dir, path: resolve}, {env: DIR, path: resolve}, {value: "~/.app", path: resolve}]
  count:
    type: int
    bind: [{flag: count}, {env: COUNT}]
  quiet:
    type: bool
    default: true
    bind: [{flag: verbose, value: false}]
  today:
    type: string
    bind: [{host: today}]
  note:
    type: string
    bind: [{flag: note, text_or_file: true, relative_to: cwd}]
sections:
  s:
    template: x
`

func compile(t *testing.T) *engine.Plan {
	t.Helper()
	ps, ds, err := spec.Load(context.Background(), spec.LoadSettings{Layers: []spec.Layer{{Name: "p.yaml", Data: []byte(bindPipeline)}}})
	if err != nil || ds.HasErrors() {
		t.Fatalf("load: %v %v", err, ds)
	}
	reg, _ := engine.NewRegistry()
	plan, ds := engine.Compile(ps, reg)
	if ds.HasErrors() {
		t.Fatalf("compile: %v", ds)
	}
	return plan
}

func TestParams(t *testing.T) {
	plan := compile(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(root+"/real", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", root+"/link"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(root+"/real/note.md", []byte("from a file"), 0o644); err != nil {
		t.Fatal(err)
	}
	host := func(env map[string]string) Host {
		return Host{Getenv: func(k string) string { return env[k] }, Wd: root, Home: "/home/u", Today: "2026-12-01", FS: os.DirFS("/")}
	}
	base := map[string]any{"cwd": root, "cwd_arg": root, "today": "2026-12-01", "dir": "/home/u/.app"}
	with := func(kv ...any) map[string]any {
		m := map[string]any{}
		for k, v := range base {
			m[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	occ := func(pairs ...string) []Occurrence {
		var out []Occurrence
		for i := 0; i < len(pairs); i += 2 {
			out = append(out, Occurrence{Name: pairs[i], Value: pairs[i+1]})
		}
		return out
	}
	tests := []struct {
		name     string
		occs     []Occurrence
		env      map[string]string
		explicit map[string]any
		want     map[string]any
	}{
		{"host facts and constants only", nil, nil, nil, with()},
		{"--cwd: physical and as typed", occ("cwd", "link"), nil, nil, with("cwd", root+"/real", "cwd_arg", "link")},
		{"--cwd that does not exist stays absolute", occ("cwd", "nope"), nil, nil, with("cwd", root+"/nope", "cwd_arg", "nope")},
		{"split, trimmed, empty items dropped", occ("tools", " read, ,bash "), nil, nil, with("tools", []string{"read", "bash"})},
		{"an empty list is not no list", occ("tools", ""), nil, nil, with("tools", []string{})},
		{"the last occurrence wins", occ("tools", "a", "tools", "b"), nil, nil, with("tools", []string{"b"})},
		{"repeat: append", occ("path", "x", "path", "y"), nil, nil, with("paths", []string{"x", "y"})},
		{"value flags, last wins", occ("yes", "", "no", ""), nil, nil, with("mode", "deny")},
		{"value flag sets false", occ("verbose", ""), nil, nil, with("quiet", false)},
		{"env over constant, ~ expanded", nil, map[string]string{"DIR": "~/d"}, nil, with("dir", "/home/u/d")},
		{"flag over env, relative to wd", occ("dir", "rel"), map[string]string{"DIR": "/env"}, nil, with("dir", root+"/rel")},
		{"int from flag, env ignored", occ("count", "3"), map[string]string{"COUNT": "9"}, nil, with("count", 3)},
		{"int from env", nil, map[string]string{"COUNT": "9"}, nil, with("count", 9)},
		{"explicit wins over every binding", occ("tools", "a"), nil, map[string]any{"tools": []any{"z"}, "mode": "x"}, with("tools", []any{"z"}, "mode", "x")},
		{"text_or_file reads a file relative to the cwd param", occ("cwd", "link", "note", "note.md"), nil, nil, with("cwd", root+"/real", "cwd_arg", "link", "note", "from a file")},
		{"text_or_file keeps text that names no file", occ("note", "just text"), nil, nil, with("note", "just text")},
		{"text_or_file: a directory is text", occ("note", "real"), nil, nil, with("note", "real")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Params(plan, tc.occs, tc.explicit, host(tc.env))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

func TestParamsErrors(t *testing.T) {
	plan := compile(t)
	h := Host{Getenv: func(k string) string { return map[string]string{"COUNT": "many"}[k] }, Wd: "/"}
	for _, tc := range []struct {
		occs []Occurrence
		want string
	}{
		{[]Occurrence{{"count", "x"}}, `--count: want an integer, got "x"`},
		{nil, `$COUNT: want an integer, got "many"`},
	} {
		_, err := Params(plan, tc.occs, nil, h)
		if err == nil || err.Error() != tc.want {
			t.Errorf("err = %v, want %s", err, tc.want)
		}
	}
}

func TestFlags(t *testing.T) {
	var got []string
	for _, f := range Flags(compile(t)) {
		got = append(got, f.Name+"/"+f.Short+"/"+map[bool]string{true: "arg", false: "noarg"}[f.Arg]+"/"+map[bool]string{true: "repeat", false: "once"}[f.Repeat]+"/"+strings.Join(f.Params, ","))
	}
	want := []string{
		"count//arg/once/count", "cwd//arg/once/cwd,cwd_arg", "dir//arg/once/dir", "no//noarg/once/mode",
		"note//arg/once/note", "path//arg/repeat/paths", "tools/t/arg/once/tools", "verbose//noarg/once/quiet", "yes//noarg/once/mode",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Flags:\n got %q\nwant %q", got, want)
	}
}
