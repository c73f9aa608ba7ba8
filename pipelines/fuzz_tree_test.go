//go:build unix

package pipelines_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// treeNames are the paths a fuzzed tree is made of: what the default and
// cowagent pipelines look at, in the project, its repository, the home
// and the agent dir.
var treeNames = []string{
	"p/AGENTS.md", "p/CLAUDE.md", "AGENTS.md", "p/.git/HEAD", "p/.git/commondir", ".git/HEAD", "p/.git",
	"h/.pi/agent/AGENTS.md", "h/.pi/agent/SYSTEM.md", "h/.pi/agent/APPEND_SYSTEM.md", "h/.pi/agent/settings.json",
	"h/.pi/agent/trust.json", "h/.pi/agent/skills/s/SKILL.md", "h/.pi/agent/skills/.gitignore", "h/.pi/agent/skills/x.md",
	"h/.pi/agent/skills/s/l", "h/.pi/agent/prompts/t.md", "p/.pi/SYSTEM.md", "p/.pi/skills/k/SKILL.md", "p/.agents/skills/a/SKILL.md",
	"p/AGENT.md", "p/MEMORY.md", "p/USER.md", "p/knowledge/index.md", "p/skills/c/SKILL.md", "p/skills/c/l", "p/skills_config.json",
}

// treeContents are file contents a fuzzed tree uses besides its own bytes.
var treeContents = []string{
	"", "rules\n", "---\nname: s\ndescription: d\n---\nbody\n", "ref: x\n", "gitdir: ../x\n", `{"skills": ["/dev", "../../skills-x"]}`,
	`{"p": true}`, `{"a":1e400}`, "*\n!s\n", "\ufeff---\n", "---\nname: [\n---\n",
}

// linkTargets are what a fuzzed symbolic link points at.
var linkTargets = []string{".", "..", "/dev/zero", "/dev/null", "/dev/stdin", "../..", "AGENTS.md", "nope", "/etc/hostname"}

// buildTree materializes a tree from data, three bytes an entry: a path, a
// kind (file, directory, link, named pipe, unreadable file) and a content
// or link target.
func buildTree(t *testing.T, root string, data []byte) {
	for i := 0; i+2 < len(data) && i < 3*40; i += 3 {
		p := filepath.Join(root, treeNames[int(data[i])%len(treeNames)])
		_ = os.MkdirAll(filepath.Dir(p), 0o755)
		// A path made earlier as a pipe or link is replaced, so that writing
		// never blocks on a pipe or follows a link out of the tree.
		if fi, err := os.Lstat(p); err == nil && !fi.IsDir() {
			_ = os.Remove(p)
		}
		switch data[i+1] % 6 {
		case 0, 1:
			content := treeContents[int(data[i+2])%len(treeContents)]
			if data[i+1]%6 == 1 {
				content = string(data[i:min(len(data), i+1+int(data[i+2])%64)])
			}
			writeFile(p, content, 0o644)
		case 2:
			_ = os.MkdirAll(p, 0o755)
		case 3:
			_ = os.Symlink(linkTargets[int(data[i+2])%len(linkTargets)], p)
		case 4:
			_ = syscall.Mkfifo(p, 0o644)
		case 5:
			writeFile(p, "secret", 0o000)
		}
	}
}

// writeFile writes content to a new file at p; it never blocks: a named
// pipe that is still there (through a directory link) fails to open.
func writeFile(p, content string, perm os.FileMode) {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|syscall.O_NONBLOCK, perm)
	if err != nil {
		return
	}
	_, _ = f.WriteString(content)
	_ = f.Close()
}

// FuzzBuildTrees builds the default and cowagent pipelines over random
// trees holding named pipes, links to devices and cycles, unreadable and
// odd files: every build must end, quickly, without a panic, and the same
// tree must give the same result twice.
func FuzzBuildTrees(f *testing.F) {
	f.Add([]byte{0, 0, 1, 4, 4, 0, 25, 3, 0})
	f.Add([]byte{1, 4, 0, 12, 3, 0, 15, 3, 2, 10, 0, 5})
	f.Add([]byte{4, 4, 0, 3, 0, 3, 8, 3, 2, 11, 4, 0, 20, 4, 0, 26, 3, 0})
	ctx := context.Background()
	plans := map[string]*engine.Plan{}
	for _, name := range []string{"default", "cowagent"} {
		plan, ds, err := pipelines.Compile(ctx, name, nil, nil)
		if err != nil || ds.HasErrors() {
			f.Fatal(err, ds)
		}
		plans[name] = plan
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := filepath.EvalSymlinks(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		buildTree(t, root, data)
		params := map[string]map[string]any{
			"default": {"cwd": root + "/p", "home": root + "/h", "agent_dir": root + "/h/.pi/agent", "trust_mode": []string{"auto", "approve", "deny"}[len(data)%3]},
			"cowagent": {"cwd": root + "/p", "cwd_arg": root + "/p", "today": "2026-01-15", "tools": []string{"read", "memory_search"},
				"memory_manager": true, "skills": map[string]any{"builtin_dir": root + "/h/.pi/agent/skills"}},
		}
		for name, plan := range plans {
			run := func() (string, error) {
				ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
				defer cancel()
				start := time.Now()
				res, err := plan.Run(ctx, engine.Input{FS: osfs.Root(), Params: params[name]})
				if d := time.Since(start); d > 15*time.Second {
					t.Fatalf("%s: build took %v", name, d)
				}
				if err != nil {
					return "error: " + err.Error(), err
				}
				return res.Text, nil
			}
			first, _ := run()
			second, _ := run()
			if first != second {
				t.Fatalf("%s: two builds of the same tree differ", name)
			}
		}
	})
}

// TestSkillsFromProcSelf: a settings entry naming /proc/self (whose root
// link leads to the whole file system) ends in seconds with a warning.
func TestSkillsFromProcSelf(t *testing.T) {
	if _, err := os.Stat("/proc/self/root"); err != nil {
		t.Skip("no /proc")
	}
	if testing.Short() {
		t.Skip("-short: walks a few seconds")
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(root+"/h/.pi/agent", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(root+"/h/.pi/agent/settings.json", []byte(`{"skills": ["/proc/self"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	plan := compileDefault(t)
	start := time.Now()
	res, err := plan.Run(context.Background(), engine.Input{FS: osfs.Root(), Params: map[string]any{
		"cwd": root, "home": root + "/h", "agent_dir": root + "/h/.pi/agent", "tool_allowlist": []string{"read"}}})
	if err != nil {
		t.Fatal(err)
	}
	// Alone it takes 2-3 s here; the bound only has to catch a walk
	// without its limit, which covers the whole file system. Inside a full
	// `go test ./...` on a busy 2-core machine it once took 27 s.
	if d := time.Since(start); d > 90*time.Second {
		t.Errorf("took %v", d)
	}
	found := false
	for _, d := range res.Diagnostics {
		found = found || d.Code == sources.CodeWalkLimit || d.Code == sources.CodeLinkCycle
	}
	if !found {
		t.Errorf("no walk warning in %v", res.Diagnostics)
	}
}
