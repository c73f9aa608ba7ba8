package workspacefiles

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// tree writes files (relative path -> content; a trailing "/" makes a
// directory) under a fresh physical temp dir and returns it.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(root, name)
		if name[len(name)-1] == '/' {
			err = os.MkdirAll(p, 0o755)
		} else if err = os.MkdirAll(filepath.Dir(p), 0o755); err == nil {
			err = os.WriteFile(p, []byte(content), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// cowFiles is CowAgent's candidate list (the cowagent pipeline declares
// the same in YAML).
func cowFiles() []FileSpec {
	ph := &Placeholder{MaxLines: 3, CommentPrefix: "#", Markers: cowMarkers}
	return []FileSpec{
		{Name: "AGENT.md", Placeholder: ph},
		{Name: "USER.md", Placeholder: ph},
		{Name: "RULE.md", Placeholder: ph},
		{Name: "MEMORY.md", Placeholder: ph, Truncate: &Truncate{MaxLines: 200, MaxBytes: 25000, OverBytes: DropAll,
			Notice: "...(older entries truncated, use `memory_search` or `memory_get` for full content)\n\n"}},
		{Name: "BOOTSTRAP.md", Placeholder: ph, SkipIfModified: []string{"AGENT.md", "USER.md"}},
	}
}

type loaded struct{ Name, Content string }

func TestLoad(t *testing.T) {
	const agentTpl = "# AGENT.md\n\n- a\n- b\n- c\n- d"
	tests := []struct {
		name     string
		files    map[string]string
		dir      string // "" = root; a relative value resolves against root
		pristine map[string]string
		want     []loaded
		excluded map[string]string // name -> reason
		warnings []string
	}{
		{
			name: "fixed order, strip, placeholder, empty",
			files: map[string]string{
				"BOOTSTRAP.md": "boot", "MEMORY.md": "\n \n", "RULE.md": "# RULE\n## only headings\n",
				"USER.md": "# U\n- *(可选)*\n", "AGENT.md": "\n\n  soul \n\n", "agent.md": "other", "NOTES.md": "x",
			},
			pristine: map[string]string{"AGENT.md": sha("soul"), "USER.md": sha("# U\n- *(可选)*")},
			want:     []loaded{{"AGENT.md", "soul"}, {"RULE.md", "# RULE\n## only headings"}, {"BOOTSTRAP.md", "boot"}},
			excluded: map[string]string{"USER.md": ReasonPlaceholder, "MEMORY.md": ReasonEmpty},
		},
		{
			name:     "missing files are excluded",
			files:    map[string]string{"USER.md": "me"},
			want:     []loaded{{"USER.md", "me"}},
			excluded: map[string]string{"AGENT.md": ReasonMissing, "RULE.md": ReasonMissing, "MEMORY.md": ReasonMissing, "BOOTSTRAP.md": ReasonMissing},
		},
		{
			name:  "invalid UTF-8 and directories warn and are skipped",
			files: map[string]string{"RULE.md": "# RULE.md\n\n- \xff\xfe invalid\n", "AGENT.md/": "", "MEMORY.md": "\r\n- one\r\n- two\r\r"},
			want:  []loaded{{"MEMORY.md", "- one\n- two"}},
			warnings: []string{
				"[Workspace] Failed to load AGENT.md: [Errno 21] Is a directory: 'WS/AGENT.md'",
				"[Workspace] Failed to load RULE.md: 'utf-8' codec can't decode byte 0xff in position 13: invalid start byte",
			},
		},
		{
			name:     "pristine watched files keep BOOTSTRAP.md",
			files:    map[string]string{"AGENT.md": "\n" + agentTpl + "\n\n", "BOOTSTRAP.md": "hello"},
			pristine: map[string]string{"AGENT.md": sha(agentTpl), "USER.md": sha("unused")},
			want:     []loaded{{"AGENT.md", agentTpl}, {"BOOTSTRAP.md", "hello"}},
		},
		{
			name:     "one modified watched file skips BOOTSTRAP.md",
			files:    map[string]string{"AGENT.md": agentTpl, "USER.md": "filled", "BOOTSTRAP.md": "hello"},
			pristine: map[string]string{"AGENT.md": sha(agentTpl), "USER.md": sha("template")},
			want:     []loaded{{"AGENT.md", agentTpl}, {"USER.md", "filled"}},
			excluded: map[string]string{"BOOTSTRAP.md": ReasonModified},
		},
		{
			name:     "unreadable watched files never count as modified (R-X-1)",
			files:    map[string]string{"AGENT.md": "bad \xff", "USER.md/": "", "BOOTSTRAP.md": "hello"},
			pristine: map[string]string{},
			want:     []loaded{{"BOOTSTRAP.md", "hello"}},
			warnings: []string{
				"[Workspace] Failed to load AGENT.md: 'utf-8' codec can't decode byte 0xff in position 4: invalid start byte",
				"[Workspace] Failed to load USER.md: [Errno 21] Is a directory: 'WS/USER.md'",
			},
		},
		{
			name:     "a watched file without a pristine hash counts as modified",
			files:    map[string]string{"USER.md": "x", "BOOTSTRAP.md": "hello"},
			want:     []loaded{{"USER.md", "x"}},
			excluded: map[string]string{"BOOTSTRAP.md": ReasonModified},
		},
		{
			name:  "relative dir with a trailing slash",
			files: map[string]string{"sub/AGENT.md": "a"},
			dir:   "sub/",
			want:  []loaded{{"AGENT.md", "a"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := tree(t, tt.files)
			dir := root
			if tt.dir != "" {
				dir = tt.dir
			}
			res, err := Load(context.Background(), os.DirFS("/").(sources.FS), Options{
				Dir: dir, Base: root, Files: cowFiles(), Pristine: tt.pristine, WarnPrefix: "[Workspace] ",
			})
			if err != nil {
				t.Fatal(err)
			}
			var got []loaded
			for _, f := range res.Files {
				got = append(got, loaded{f.Name, f.Content})
				if f.Path != filepath.Join(root, tt.dir, f.Name) {
					t.Errorf("path of %s = %s", f.Name, f.Path)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("files:\n got %q\nwant %q", got, tt.want)
			}
			for _, e := range res.Excluded {
				name := filepath.Base(e.Path)
				if want, ok := tt.excluded[name]; ok && e.Reason != want {
					t.Errorf("%s excluded for %q, want %q", name, e.Reason, want)
				}
			}
			for name, reason := range tt.excluded {
				if !hasExclusion(res.Excluded, filepath.Join(root, name), reason) {
					t.Errorf("no exclusion %s: %s in %v", name, reason, res.Excluded)
				}
			}
			var warnings []string
			for _, d := range res.Diags {
				warnings = append(warnings, d.Message)
			}
			var want []string
			for _, w := range tt.warnings {
				want = append(want, replaceWS(w, dir))
			}
			if !reflect.DeepEqual(warnings, want) {
				t.Errorf("warnings:\n got %q\nwant %q", warnings, want)
			}
			if len(res.Origins) != len(res.Files) || len(res.Names) != len(res.Files) {
				t.Errorf("%d origins, %d names for %d files", len(res.Origins), len(res.Names), len(res.Files))
			}
		})
	}
}

func replaceWS(s, dir string) string {
	out := ""
	for i := 0; i < len(s); i++ {
		if i+2 <= len(s) && s[i:i+2] == "WS" {
			out += dir
			i++
			continue
		}
		out += s[i : i+1]
	}
	return out
}

func hasExclusion(ex []prov.Exclusion, path, reason string) bool {
	for _, e := range ex {
		if e.Path == path && e.Reason == reason {
			return true
		}
	}
	return false
}

func TestLoadKeepEmptySilentAndConsulted(t *testing.T) {
	root := tree(t, map[string]string{"knowledge/index.md": " \r\n ", "ws/": ""})
	fsys := os.DirFS("/").(sources.FS)
	// No workspace dir: names resolve against the base, like
	// os.path.join("", "knowledge", "index.md") in the process cwd.
	spec := []FileSpec{{Name: "knowledge/index.md", KeepEmpty: true, Silent: true, Role: "knowledge"}}
	res, err := Load(context.Background(), fsys, Options{Base: root, Files: spec})
	if err != nil {
		t.Fatal(err)
	}
	want := []File{{Name: "knowledge/index.md", Path: root + "/knowledge/index.md", Content: ""}}
	if !reflect.DeepEqual(res.Files, want) {
		t.Errorf("files = %+v", res.Files)
	}
	if res.Origins[0] != (prov.Origin{Path: root + "/knowledge/index.md", Role: "knowledge", Bytes: 4}) {
		t.Errorf("origin = %+v", res.Origins[0])
	}
	// A directory in its place: silently excluded.
	root2 := tree(t, map[string]string{"ws/knowledge/index.md/": ""})
	res, err = Load(context.Background(), fsys, Options{Dir: root2 + "/ws", Files: spec})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 0 || len(res.Diags) != 0 || len(res.Excluded) != 1 || res.Excluded[0].Reason != ReasonUnreadable {
		t.Errorf("directory index: %+v", res)
	}
	// Consulted lists watched and missing paths once each.
	res, err = Load(context.Background(), fsys, Options{Dir: root + "/ws", Files: cowFiles()})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range res.Consulted {
		names = append(names, filepath.Base(p))
	}
	if !reflect.DeepEqual(names, []string{"AGENT.md", "USER.md", "RULE.md", "MEMORY.md", "BOOTSTRAP.md"}) {
		t.Errorf("consulted = %q", names)
	}
}

func TestLoadErrors(t *testing.T) {
	fsys := os.DirFS("/").(sources.FS)
	tests := []struct {
		opts Options
		want string
	}{
		{Options{Dir: "rel", Base: "also-rel"}, `workspace: base "also-rel" is not an absolute path (needed for dir "rel")`},
		{Options{Dir: "/ws", Files: []FileSpec{{}}}, "workspace: files[0] has no name"},
		{Options{Dir: "/ws", Files: []FileSpec{{Name: "M", Truncate: &Truncate{OverBytes: "x"}}}},
			`workspace: files[0] (M): over_bytes "x" is not "drop_oldest" or "drop_all"`},
	}
	for _, tt := range tests {
		if _, err := Load(context.Background(), fsys, tt.opts); err == nil || err.Error() != tt.want {
			t.Errorf("Load(%+v) error = %v, want %s", tt.opts, err, tt.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Load(ctx, fsys, Options{Dir: "/", Files: cowFiles()}); err != context.Canceled {
		t.Errorf("cancelled: %v", err)
	}
}
