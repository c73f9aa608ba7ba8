package projecttrust_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources/kinds/projecttrust"
)

// decideCase runs pi's options with home at ${ROOT}/home, agentDir at
// ${ROOT}/home/.pi/agent and cwd at ${ROOT}/<cwd>; "${ROOT}" in file
// contents and the reason is the temporary root.
type decideCase struct {
	name      string
	tree      map[string]string
	cwd       string
	decision  projecttrust.Decision
	deny      []string // relative paths whose read fails with EACCES
	trusted   bool
	reason    string   // with ${ROOT}
	requiring []string // relative to the root
}

func runDecide(t *testing.T, tc decideCase) {
	t.Helper()
	root := oracletest.TempRoot(t)
	tree := map[string]string{}
	for k, v := range tc.tree {
		tree[k] = strings.ReplaceAll(v, "${ROOT}", root)
	}
	oracletest.WriteTree(t, root, tree)
	fsys := oracletest.DenyFS{FS: oracletest.DirFS()}
	for _, d := range tc.deny {
		fsys.Deny = append(fsys.Deny, root+"/"+d)
	}
	opts := projecttrust.Defaults(root+"/"+tc.cwd, root+"/home", root+"/home/.pi/agent", tc.decision)
	res, err := projecttrust.Decide(context.Background(), fsys, opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.ReplaceAll(tc.reason, "${ROOT}", root); res.Trusted != tc.trusted || res.Reason != want {
		t.Errorf("got %v %q, want %v %q", res.Trusted, res.Reason, tc.trusted, want)
	}
	got := []string{}
	for _, p := range res.Requiring {
		got = append(got, strings.TrimPrefix(p, root+"/"))
	}
	if want := append([]string{}, tc.requiring...); !reflect.DeepEqual(got, want) {
		t.Errorf("requiring:\n got %q\nwant %q", got, want)
	}
}

func TestMarkers(t *testing.T) {
	for _, tc := range []decideCase{
		{name: "TRUST-3 nothing to trust", tree: map[string]string{"p/.pi/notes.txt": "", "p/AGENTS.md": ""}, cwd: "p", trusted: true, reason: projecttrust.ReasonNoResources},
		{
			name: "TRUST-4 every project marker, files and directories alike",
			tree: map[string]string{
				"p/.pi/settings.json": "{}", "p/.pi/extensions/": "", "p/.pi/skills": "", "p/.pi/prompts/": "",
				"p/.pi/themes/": "", "p/.pi/SYSTEM.md/": "", "p/.pi/APPEND_SYSTEM.md": "",
			},
			cwd: "p", reason: projecttrust.ReasonUndecided,
			requiring: []string{"p/.pi/settings.json", "p/.pi/extensions", "p/.pi/skills", "p/.pi/prompts", "p/.pi/themes", "p/.pi/SYSTEM.md", "p/.pi/APPEND_SYSTEM.md"},
		},
		{
			name: "TRUST-4 a symlink counts by its target; a broken one does not",
			tree: map[string]string{"p/.pi/skills": "-> ../../shared", "shared/": "", "p/.pi/prompts": "-> nowhere"},
			cwd:  "p", reason: projecttrust.ReasonUndecided, requiring: []string{"p/.pi/skills"},
		},
		{
			name: "TRUST-4 markers are only looked for in cwd/.pi, not in ancestors' .pi",
			tree: map[string]string{"w/.pi/SYSTEM.md": "", "w/p/": ""},
			cwd:  "w/p", trusted: true, reason: projecttrust.ReasonNoResources,
		},
		{
			name: "TRUST-4 .agents/skills in any ancestor, past a git root",
			tree: map[string]string{".agents/skills/": "", "w/.git/HEAD": "", "w/p/.agents/skills/": ""},
			cwd:  "w/p", reason: projecttrust.ReasonUndecided, requiring: []string{"w/p/.agents/skills", ".agents/skills"},
		},
		{
			name: "TRUST-4 the home directory's .agents/skills does not count",
			tree: map[string]string{"home/.agents/skills/": "", "home/p/": ""},
			cwd:  "home/p", trusted: true, reason: projecttrust.ReasonNoResources,
		},
		{
			name: "TRUST-3 --approve wins over everything",
			tree: map[string]string{"p/.pi/SYSTEM.md": "", "home/.pi/agent/trust.json": "not json"},
			cwd:  "p", decision: projecttrust.Approve, trusted: true, reason: projecttrust.ReasonApprove, requiring: []string{"p/.pi/SYSTEM.md"},
		},
		{
			name: "TRUST-3 --no-approve wins over everything",
			tree: map[string]string{"p/.pi/SYSTEM.md": "", "home/.pi/agent/settings.json": `{"defaultProjectTrust":"always"}`},
			cwd:  "p", decision: projecttrust.Deny, reason: projecttrust.ReasonDeny, requiring: []string{"p/.pi/SYSTEM.md"},
		},
		{
			name: "X-14 an invalid store is not read when nothing needs trust",
			tree: map[string]string{"p/": "", "home/.pi/agent/trust.json": "{"},
			cwd:  "p", trusted: true, reason: projecttrust.ReasonNoResources,
		},
	} {
		t.Run(tc.name, func(t *testing.T) { runDecide(t, tc) })
	}
}

func TestStoreAndSettings(t *testing.T) {
	const store, settings = "home/.pi/agent/trust.json", "home/.pi/agent/settings.json"
	need := func(extra map[string]string) map[string]string {
		m := map[string]string{"w/p/.pi/SYSTEM.md": ""}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	req := []string{"w/p/.pi/SYSTEM.md"}
	for _, tc := range []decideCase{
		{
			name: "TRUST-5 a parent entry decides",
			tree: need(map[string]string{store: `{"${ROOT}/w": true}`}),
			cwd:  "w/p", trusted: true, reason: "trust.json: ${ROOT}/w = true", requiring: req,
		},
		{
			name: "TRUST-5 the nearest true/false wins; null is passed over",
			tree: need(map[string]string{store: `{"${ROOT}/w/p": null, "${ROOT}/w": false, "${ROOT}": true}`}),
			cwd:  "w/p", reason: "trust.json: ${ROOT}/w = false", requiring: req,
		},
		{
			name: "TRUST-5 lookup starts at realpath(cwd)",
			tree: need(map[string]string{store: `{"${ROOT}/w/p": true}`, "link": "-> w/p"}),
			cwd:  "link", trusted: true, reason: "trust.json: ${ROOT}/w/p = true", requiring: []string{"link/.pi/SYSTEM.md"},
		},
		{
			name: "TRUST-5 non-boolean values and non-object stores decide nothing",
			tree: need(map[string]string{store: `{"${ROOT}/w/p": "yes", "${ROOT}/w": 1}`}),
			cwd:  "w/p", reason: projecttrust.ReasonUndecided, requiring: req,
		},
		{
			name: "TRUST-5 a JSON array store has no entries",
			tree: need(map[string]string{store: `["${ROOT}/w/p"]`}),
			cwd:  "w/p", reason: projecttrust.ReasonUndecided, requiring: req,
		},
		{
			name: "TRUST-6 defaultProjectTrust always",
			tree: need(map[string]string{settings: `{"defaultProjectTrust": "always"}`}),
			cwd:  "w/p", trusted: true, reason: "defaultProjectTrust: always", requiring: req,
		},
		{
			name: "TRUST-6 defaultProjectTrust never",
			tree: need(map[string]string{settings: `{"defaultProjectTrust": "never"}`}),
			cwd:  "w/p", reason: "defaultProjectTrust: never", requiring: req,
		},
		{
			name: "TRUST-6 anything else asks, and nobody answers",
			tree: need(map[string]string{settings: `{"defaultProjectTrust": "ask"}`}),
			cwd:  "w/p", reason: projecttrust.ReasonUndecided, requiring: req,
		},
		{
			name: "TRUST-3 the store is asked before the default",
			tree: need(map[string]string{store: `{"${ROOT}/w/p": false}`, settings: `{"defaultProjectTrust": "always"}`}),
			cwd:  "w/p", reason: "trust.json: ${ROOT}/w/p = false", requiring: req,
		},
		{
			name: "TRUST-6 only the global settings count",
			tree: need(map[string]string{"w/p/.pi/settings.json": `{"defaultProjectTrust": "always"}`}),
			cwd:  "w/p", reason: projecttrust.ReasonUndecided, requiring: []string{"w/p/.pi/settings.json", "w/p/.pi/SYSTEM.md"},
		},
		{
			name: "X-16 an unreadable settings file is {}",
			tree: need(map[string]string{settings: `{"defaultProjectTrust": "always"}`}),
			deny: []string{settings},
			cwd:  "w/p", reason: projecttrust.ReasonUndecided, requiring: req,
		},
	} {
		t.Run(tc.name, func(t *testing.T) { runDecide(t, tc) })
	}
	for _, bad := range []string{`"always"`, `null`, `[]`, `{"defaultProjectTrust": "always"`, `42`} {
		t.Run("X-16 settings "+bad+" is {}", func(t *testing.T) {
			runDecide(t, decideCase{tree: need(map[string]string{settings: bad}), cwd: "w/p", reason: projecttrust.ReasonUndecided, requiring: req})
		})
	}
}

func TestStoreErrors(t *testing.T) {
	for _, tc := range []struct {
		name    string
		content string
		deny    bool
		detail  string // with ${STORE}
	}{
		{"X-14 broken JSON", `{"a": tru}`, false, `Unexpected token '}', "{"a": tru}" is not valid JSON`},
		{"X-14 empty file", "", false, "Unexpected end of JSON input"},
		{"X-14 unreadable", "{}", true, "EACCES: permission denied, open '${STORE}'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := oracletest.TempRoot(t)
			oracletest.WriteTree(t, root, map[string]string{"p/.pi/skills/": "", "home/.pi/agent/trust.json": tc.content})
			storePath := root + "/home/.pi/agent/trust.json"
			fsys := oracletest.DenyFS{FS: oracletest.DirFS()}
			if tc.deny {
				fsys.Deny = []string{storePath}
			}
			_, err := projecttrust.Decide(context.Background(), fsys, projecttrust.Defaults(root+"/p", root+"/home", root+"/home/.pi/agent", ""))
			want := "Failed to read trust store " + storePath + ": " + strings.ReplaceAll(tc.detail, "${STORE}", storePath)
			if err == nil || err.Error() != want {
				t.Fatalf("err = %v\nwant %s", err, want)
			}
			var se *projecttrust.StoreError
			if !errors.As(err, &se) || se.Path != storePath {
				t.Fatalf("not a *StoreError for the store: %#v", err)
			}
		})
	}
}

func TestOrigins(t *testing.T) {
	root := oracletest.TempRoot(t)
	oracletest.WriteTree(t, root, map[string]string{
		"p/.pi/skills/":                "",
		"home/.pi/agent/trust.json":    "{}",
		"home/.pi/agent/settings.json": `{"defaultProjectTrust":"always"}`,
	})
	res, err := projecttrust.Decide(context.Background(), oracletest.DirFS(), projecttrust.Defaults(root+"/p", root+"/home", root+"/home/.pi/agent", projecttrust.Auto))
	if err != nil {
		t.Fatal(err)
	}
	want := []prov.Origin{
		{Path: root + "/p/.pi/skills", Role: "trust-marker"},
		{Path: root + "/home/.pi/agent/trust.json", Role: "trust-store", Bytes: 2},
		{Path: root + "/home/.pi/agent/settings.json", Role: "settings", Bytes: 32},
	}
	if !reflect.DeepEqual(res.Origins, want) || !res.Trusted {
		t.Fatalf("got %v %+v", res.Trusted, res.Origins)
	}
}

func TestDecideErrors(t *testing.T) {
	fsys := oracletest.DirFS()
	for _, tc := range []struct {
		name string
		opts projecttrust.Options
		want string
	}{
		{"relative cwd", projecttrust.Options{Cwd: "p"}, `trust: cwd "p" is not an absolute path`},
		{"unknown decision", projecttrust.Options{Cwd: "/", Decision: "yes"}, `trust: unknown decision "yes" (valid: auto, approve, deny)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := projecttrust.Decide(context.Background(), fsys, tc.opts)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("err = %v, want %s", err, tc.want)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := projecttrust.Decide(ctx, fsys, projecttrust.Options{Cwd: "/tmp", AncestorMarkers: []string{".agents/skills"}}); err != context.Canceled {
		t.Fatalf("cancelled: err = %v", err)
	}
}

func TestExcludedWhenUntrusted(t *testing.T) {
	root := oracletest.TempRoot(t)
	oracletest.WriteTree(t, root, map[string]string{"p/.pi/skills/": "", "p/.pi/SYSTEM.md": "x"})
	for _, tc := range []struct {
		decision projecttrust.Decision
		want     []prov.Exclusion
	}{
		{projecttrust.Approve, nil},
		{projecttrust.Auto, []prov.Exclusion{
			{Path: root + "/p/.pi/skills", Reason: projecttrust.ReasonUntrusted, Detail: projecttrust.ReasonUndecided},
			{Path: root + "/p/.pi/SYSTEM.md", Reason: projecttrust.ReasonUntrusted, Detail: projecttrust.ReasonUndecided},
		}},
	} {
		res, err := projecttrust.Decide(context.Background(), oracletest.DirFS(), projecttrust.Defaults(root+"/p", root+"/home", root+"/home/.pi/agent", tc.decision))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(res.Excluded, tc.want) {
			t.Errorf("%s: excluded\n got %+v\nwant %+v", tc.decision, res.Excluded, tc.want)
		}
	}
}
