package args_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/promptc/promptc/bind"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/host/args"
)

func TestParse(t *testing.T) {
	defs := []args.Def{
		{Name: "tools", Short: "t", Kind: args.String, Bound: true},
		{Name: "skill", Kind: args.List, Bound: true},
		{Name: "approve", Short: "a", Kind: args.Bool, Bound: true},
	}
	for _, tc := range []struct {
		name    string
		argv    []string
		lenient bool
		occs    []args.Occurrence
		rest    []string
		err     string
	}{
		{"long, short and =", []string{"--tools", "read", "-t=bash", "-a", "--skill", "a", "-skill", "b"}, false,
			[]args.Occurrence{{"tools", "read"}, {"tools", "bash"}, {"approve", ""}, {"skill", "a"}, {"skill", "b"}}, nil, ""},
		{"a value may start with a dash", []string{"--tools", "-x"}, false, []args.Occurrence{{"tools", "-x"}}, nil, ""},
		{"-- ends the flags", []string{"-a", "--", "--tools", "x"}, false, []args.Occurrence{{"approve", ""}}, []string{"--tools", "x"}, ""},
		{"a short alias needs one dash", []string{"--t", "read"}, false, nil, nil, "unknown flag --t"},
		{"unknown, strictly", []string{"--nope"}, false, nil, nil, "unknown flag --nope"},
		{"unknown, leniently: its value skipped", []string{"--nope", "v", "-a", "pos"}, true, []args.Occurrence{{"approve", ""}}, []string{"pos"}, ""},
		{"a bool flag takes no value", []string{"--approve=yes"}, false, nil, nil, "flag --approve takes no value"},
		{"a missing value", []string{"--tools"}, false, nil, nil, "flag --tools needs a value"},
	} {
		p, err := args.Parse(tc.argv, defs, tc.lenient)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
			}
			if _, usage := err.(host.UsageError); err != nil && !usage {
				t.Errorf("%s: %T is not a host.UsageError", tc.name, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !reflect.DeepEqual(p.Occs, tc.occs) || !reflect.DeepEqual(p.Args, tc.rest) {
			t.Errorf("%s: occurrences %v, args %v; want %v, %v", tc.name, p.Occs, p.Args, tc.occs, tc.rest)
		}
	}
}

// TestRead: a command line becomes a request: the common flags fill its
// fields over the base request's, the pipeline's own flags (known only
// once it is compiled) become bound-flag occurrences, and a flag the
// selected pipeline does not bind is a usage error.
func TestRead(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for _, f := range []string{"a.yaml", "b.yaml"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("sections: {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := &host.Host{Env: host.Static{Dir: dir, Vars: map[string]string{}}}
	base := host.Request{Pipeline: "pi@0.83.0", Overlays: []string{"a.yaml"}, Params: map[string]any{"x": 1}}
	r, err := args.Read(ctx, h, base, []string{"--overlay", "b.yaml", "--set", "sections.cwd.order=5", "-t", "read", "--no-config", "--param", "p=1"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := host.Request{Pipeline: "pi@0.83.0", Overlays: []string{"a.yaml", "b.yaml"}, Sets: []string{"sections.cwd.order=5"}, NoConfig: true,
		Params: map[string]any{"x": 1}, ParamValues: []string{"p=1"}, Flags: []bind.Occurrence{{Name: "tools", Value: "read"}}}
	if got := r.Request; !reflect.DeepEqual(got, want) {
		t.Errorf("request\n%+v\nwant\n%+v", got, want)
	}
	// guarded binds --approve; codex does not.
	if _, err := args.Read(ctx, h, host.Request{}, []string{"--pipeline", "guarded", "--approve"}, nil); err != nil {
		t.Errorf("guarded --approve: %v", err)
	}
	if _, err := args.Read(ctx, h, host.Request{}, []string{"--pipeline", "codex", "--approve"}, nil); err == nil || err.Error() != "unknown flag --approve" {
		t.Errorf("codex --approve: %v, want unknown flag --approve", err)
	}
}
