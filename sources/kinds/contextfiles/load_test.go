package contextfiles_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources/kinds/contextfiles"
)

// loadCase is one table entry. Paths in want* use "${ROOT}" for the temp
// root; cwd and global are relative to it.
type loadCase struct {
	name     string
	tree     map[string]string
	cwd      string
	global   string // "" = no global dir
	stop     contextfiles.StopRule
	cands    []string
	noWT     bool     // WorktreeRule off
	byDir    bool     // WorktreeByDir
	bom      bool     // StripBOM
	deny     []string // relative paths whose read fails with EACCES
	want     []string // "path" or "path=content"
	warnings []string
	excluded []prov.Exclusion
}

func runLoad(t *testing.T, tc loadCase) {
	t.Helper()
	root := oracletest.TempRoot(t)
	oracletest.WriteTree(t, root, tc.tree)
	abs := func(s string) string { return strings.ReplaceAll(s, "${ROOT}", root) }
	opts := contextfiles.Options{Cwd: root + "/" + tc.cwd, Stop: tc.stop, Candidates: tc.cands, WorktreeRule: !tc.noWT, WorktreeByDir: tc.byDir, StripBOM: tc.bom}
	if tc.cwd == "" {
		opts.Cwd = root
	}
	if tc.global != "" {
		opts.GlobalDir = root + "/" + tc.global
	}
	fsys := oracletest.DenyFS{FS: oracletest.DirFS()}
	for _, d := range tc.deny {
		fsys.Deny = append(fsys.Deny, root+"/"+d)
	}
	res, err := contextfiles.Load(context.Background(), fsys, opts)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, f := range res.Files {
		got = append(got, strings.TrimPrefix(f.Path, root+"/")+"="+f.Content)
	}
	want := []string{}
	for _, w := range tc.want {
		if !strings.Contains(w, "=") {
			w += "=" + tc.tree[w]
		}
		want = append(want, w)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("files:\n got %q\nwant %q", got, want)
	}
	warnings := []string{}
	for _, d := range res.Diags {
		warnings = append(warnings, d.Message)
		if d.Code != contextfiles.CodeUnreadable {
			t.Errorf("diagnostic code %q", d.Code)
		}
	}
	wantWarnings := []string{}
	for _, w := range tc.warnings {
		wantWarnings = append(wantWarnings, abs(w))
	}
	if !reflect.DeepEqual(warnings, wantWarnings) {
		t.Errorf("warnings:\n got %q\nwant %q", warnings, wantWarnings)
	}
	wantExcl := []prov.Exclusion{}
	for _, e := range tc.excluded {
		wantExcl = append(wantExcl, prov.Exclusion{Path: abs(e.Path), Reason: e.Reason, Detail: abs(e.Detail)})
	}
	if gotExcl := append([]prov.Exclusion{}, res.Excluded...); !reflect.DeepEqual(gotExcl, wantExcl) {
		t.Errorf("excluded:\n got %+v\nwant %+v", gotExcl, wantExcl)
	}
	if len(res.Origins) != len(res.Files) {
		t.Fatalf("%d origins for %d files", len(res.Origins), len(res.Files))
	}
	for i, o := range res.Origins {
		if o.Path != res.Files[i].Path || o.Role != "context" {
			t.Errorf("origin %d = %+v", i, o)
		}
	}
}

func TestLoadCandidates(t *testing.T) {
	for _, tc := range []loadCase{
		{
			name: "CTX-2 first candidate wins, others shadowed",
			tree: map[string]string{"p/AGENTS.MD": "A", "p/CLAUDE.md": "C", "p/CLAUDE.MD": "D"},
			cwd:  "p",
			want: []string{"p/AGENTS.MD"},
			excluded: []prov.Exclusion{
				{Path: "${ROOT}/p/CLAUDE.md", Reason: contextfiles.ReasonShadowed, Detail: "${ROOT}/p/AGENTS.MD"},
				{Path: "${ROOT}/p/CLAUDE.MD", Reason: contextfiles.ReasonShadowed, Detail: "${ROOT}/p/AGENTS.MD"},
			},
		},
		{
			name: "CTX-5 other spellings are never looked for",
			tree: map[string]string{"p/agents.md": "a", "p/Claude.md": "c"},
			cwd:  "p",
		},
		{
			name:     "CTX-2 a directory with a candidate name is skipped",
			tree:     map[string]string{"p/AGENTS.md/": "", "p/CLAUDE.md": "C"},
			cwd:      "p",
			want:     []string{"p/CLAUDE.md"},
			excluded: []prov.Exclusion{{Path: "${ROOT}/p/AGENTS.md", Reason: contextfiles.ReasonNotFile, Detail: "directory"}},
		},
		{
			name:     "CTX-2 a broken symlink is skipped",
			tree:     map[string]string{"p/AGENTS.md": "-> nowhere.md", "p/CLAUDE.MD": "C"},
			cwd:      "p",
			want:     []string{"p/CLAUDE.MD"},
			excluded: []prov.Exclusion{{Path: "${ROOT}/p/AGENTS.md", Reason: contextfiles.ReasonNotFile, Detail: "broken symbolic link"}},
		},
		{
			name: "CTX-2 a symlinked file keeps the link path",
			tree: map[string]string{"p/AGENTS.md": "-> ../shared/t.md", "shared/t.md": "target"},
			cwd:  "p",
			want: []string{"p/AGENTS.md=target"},
		},
		{
			name: "CTX-10 CTX-11 empty file kept, BOM and CRLF verbatim",
			tree: map[string]string{"p/AGENTS.md": "", "p/q/AGENTS.md": "\ufeffx\r\ny\r\n\r\n"},
			cwd:  "p/q",
			want: []string{"p/AGENTS.md", "p/q/AGENTS.md"},
		},
		{
			name: "X-15 invalid UTF-8 is WHATWG-decoded",
			tree: map[string]string{"p/AGENTS.md": "a\xf0\x9f\x98b\xed\xa0\x80c"},
			cwd:  "p",
			want: []string{"p/AGENTS.md=a\ufffdb\ufffd\ufffd\ufffdc"},
		},
		{
			name:     "CTX-9 unreadable file warns and falls through to the next candidate",
			tree:     map[string]string{"p/AGENTS.md": "A", "p/CLAUDE.md": "C"},
			cwd:      "p",
			deny:     []string{"p/AGENTS.md"},
			want:     []string{"p/CLAUDE.md"},
			warnings: []string{"Warning: Could not read ${ROOT}/p/AGENTS.md: Error: EACCES: permission denied, open '${ROOT}/p/AGENTS.md'"},
			excluded: []prov.Exclusion{{Path: "${ROOT}/p/AGENTS.md", Reason: contextfiles.ReasonUnreadable, Detail: "Error: EACCES: permission denied, open '${ROOT}/p/AGENTS.md'"}},
		},
		{
			name:  "custom candidates",
			tree:  map[string]string{"p/AGENTS.md": "A", "p/GEMINI.md": "G"},
			cwd:   "p",
			cands: []string{"GEMINI.md"},
			want:  []string{"p/GEMINI.md"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { runLoad(t, tc) })
	}
}

func TestLoadWalk(t *testing.T) {
	for _, tc := range []loadCase{
		{
			name:   "CTX-1 CTX-3 CTX-4 global first, then outermost ancestor down to cwd",
			tree:   map[string]string{"AGENTS.md": "r", "agent/AGENTS.md": "g", "w/CLAUDE.md": "w", "w/m/p/AGENTS.md": "p", "w/m/p/src/": ""},
			cwd:    "w/m/p/src",
			global: "agent",
			want:   []string{"agent/AGENTS.md", "AGENTS.md", "w/CLAUDE.md", "w/m/p/AGENTS.md"},
		},
		{
			name:     "CTX-7 cwd inside the global dir: loaded once, in the global slot",
			tree:     map[string]string{"h/AGENTS.md": "h", "h/agent/AGENTS.md": "g", "h/agent/ws/AGENTS.md": "ws"},
			cwd:      "h/agent/ws",
			global:   "h/agent",
			want:     []string{"h/agent/AGENTS.md", "h/AGENTS.md", "h/agent/ws/AGENTS.md"},
			excluded: []prov.Exclusion{{Path: "${ROOT}/h/agent/AGENTS.md", Reason: contextfiles.ReasonDuplicate, Detail: "already loaded from the global directory ${ROOT}/h/agent"}},
		},
		{
			name:   "CTX-8 dedupe is by path string, not realpath",
			tree:   map[string]string{"h/p/AGENTS.md": "x", "link": "-> h/p"},
			cwd:    "h/p",
			global: "link",
			want:   []string{"link/AGENTS.md=x", "h/p/AGENTS.md=x"},
		},
		{
			name:   "global dir without a file",
			tree:   map[string]string{"agent/": "", "p/AGENTS.md": "p"},
			cwd:    "p",
			global: "agent",
			want:   []string{"p/AGENTS.md"},
		},
		{
			name: "stop cwd",
			tree: map[string]string{"AGENTS.md": "r", "p/AGENTS.md": "p"},
			cwd:  "p",
			stop: contextfiles.StopCwd,
			want: []string{"p/AGENTS.md"},
		},
		{
			name: "stop git_root with a .git directory",
			tree: map[string]string{"AGENTS.md": "r", "repo/.git/HEAD": "ref", "repo/AGENTS.md": "g", "repo/a/AGENTS.md": "a"},
			cwd:  "repo/a",
			stop: contextfiles.StopGitRoot,
			want: []string{"repo/AGENTS.md", "repo/a/AGENTS.md"},
		},
		{
			name: "stop git_root with a .git file",
			tree: map[string]string{"AGENTS.md": "r", "repo/.git": "gitdir: x", "repo/AGENTS.md": "g"},
			cwd:  "repo",
			stop: contextfiles.StopGitRoot,
			want: []string{"repo/AGENTS.md"},
		},
		{
			name: "stop git_root without a git root walks to /",
			tree: map[string]string{"AGENTS.md": "r", "p/AGENTS.md": "p"},
			cwd:  "p",
			stop: contextfiles.StopGitRoot,
			want: []string{"AGENTS.md", "p/AGENTS.md"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { runLoad(t, tc) })
	}
}

func TestLoadErrors(t *testing.T) {
	fsys := oracletest.DirFS()
	for _, tc := range []struct {
		name string
		opts contextfiles.Options
		want string
	}{
		{"relative cwd", contextfiles.Options{Cwd: "x"}, `contextfiles: cwd "x" is not an absolute path`},
		{"unknown stop", contextfiles.Options{Cwd: "/", Stop: "home"}, `contextfiles: unknown stop rule "home" (valid: root, git_root, cwd)`},
		{"relative global", contextfiles.Options{Cwd: "/", GlobalDir: "a"}, `contextfiles: global dir "a" is not an absolute path`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := contextfiles.Load(context.Background(), fsys, tc.opts)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("err = %v, want %s", err, tc.want)
			}
		})
	}
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := contextfiles.Load(ctx, fsys, contextfiles.Defaults("/tmp", "")); err != context.Canceled {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestDefaults(t *testing.T) {
	got := contextfiles.Defaults("/w", "/a")
	want := contextfiles.Options{Cwd: "/w", GlobalDir: "/a", Candidates: []string{"AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"}, Stop: "root", WorktreeRule: true}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v", got)
	}
}
