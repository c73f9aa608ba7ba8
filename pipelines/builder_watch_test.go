package pipelines_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// countingFS counts every call a Builder makes through it.
type countingFS struct {
	sources.FS
	calls atomic.Int64
}

func (c *countingFS) Open(n string) (fs.File, error)          { c.calls.Add(1); return c.FS.Open(n) }
func (c *countingFS) Stat(n string) (fs.FileInfo, error)      { c.calls.Add(1); return c.FS.Stat(n) }
func (c *countingFS) Lstat(n string) (fs.FileInfo, error)     { c.calls.Add(1); return c.FS.Lstat(n) }
func (c *countingFS) ReadDir(n string) ([]fs.DirEntry, error) { c.calls.Add(1); return c.FS.ReadDir(n) }
func (c *countingFS) ReadFile(n string) ([]byte, error)       { c.calls.Add(1); return c.FS.ReadFile(n) }
func (c *countingFS) ReadLink(n string) (string, error)       { c.calls.Add(1); return c.FS.ReadLink(n) }

// settle builds until the watcher's fast path holds (it needs one build
// to arm and one to check the new watches), and returns the prompt.
func settle(t *testing.T, b *engine.Builder, params map[string]any, fsys *countingFS) string {
	t.Helper()
	var text string
	for range 5 {
		res, err := b.Build(context.Background(), params)
		if err != nil {
			t.Fatal(err)
		}
		text = res.Text
		before := fsys.calls.Load()
		if res, err = b.Build(context.Background(), params); err == nil && res.Text == text && fsys.calls.Load() == before {
			return text
		}
	}
	t.Fatalf("the fast path never held (watching: %v)", b.Watching())
	return ""
}

// settledWatch is a watching Builder of the default pipeline over a
// fixture of skills skills at depth depth, whose files are old enough for
// the fast path; it is closed when the test ends.
func settledWatch(t *testing.T, skills, depth int) (*engine.Plan, map[string]any, *countingFS, *engine.Builder) {
	t.Helper()
	plan := compileDefault(t)
	params := fixture(t, skills, depth)
	age(t, filepath.Dir(params["home"].(string)))
	fsys := &countingFS{FS: osfs.Root()}
	b, err := engine.NewBuilderWith(plan, fsys, engine.BuilderOptions{Watch: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return plan, params, fsys, b
}

// TestBuilderWatchMakesNoCalls: with Watch, an unchanged turn makes no
// file-system call at all; other params build normally.
func TestBuilderWatchMakesNoCalls(t *testing.T) {
	_, params, fsys, b := settledWatch(t, 50, 6)
	want := settle(t, b, params, fsys)
	before := fsys.calls.Load()
	for range 10 {
		res, err := b.Build(context.Background(), params)
		if err != nil || res.Text != want {
			t.Fatalf("fast path: %v", err)
		}
	}
	if n := fsys.calls.Load() - before; n != 0 {
		t.Errorf("10 unchanged turns made %d file-system calls, want 0", n)
	}
	other := map[string]any{}
	for k, v := range params {
		other[k] = v
	}
	other["tool_allowlist"] = []string{"read"}
	if res, err := b.Build(context.Background(), other); err != nil || res.Text == want || fsys.calls.Load() == before {
		t.Errorf("other params were served the last prompt (err %v)", err)
	}
}

// TestBuilderWatchSeesEveryChange: with Watch (and the racy rule out of
// the way), every change that matters is seen — within the time the
// watcher takes to receive its event — and the fast path comes back.
func TestBuilderWatchSeesEveryChange(t *testing.T) {
	plan := compileDefault(t)
	params := fixture(t, 6, 4)
	cwd, home, agent := params["cwd"].(string), params["home"].(string), params["agent_dir"].(string)
	fsys := &countingFS{FS: osfs.Root()}
	b, err := engine.NewBuilderWith(plan, fsys, engine.BuilderOptions{Watch: true, Clock: func() time.Time { return time.Now().Add(time.Hour) }})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		t.Helper()
		must(os.MkdirAll(filepath.Dir(p), 0o755))
		must(os.WriteFile(p, []byte(s), 0o644))
	}
	skills := filepath.Join(agent, "skills")
	settle(t, b, params, fsys)
	for _, c := range []struct {
		name string
		do   func()
	}{
		{"same-size edit with the mtime restored", func() {
			p := filepath.Join(agent, "AGENTS.md")
			fi, err := os.Stat(p)
			must(err)
			write(p, "Global RULES.\n")
			must(os.Chtimes(p, fi.ModTime(), fi.ModTime()))
		}},
		{"a context file appears in an ancestor", func() { write(filepath.Join(filepath.Dir(cwd), "CLAUDE.md"), "Parent rules.\n") }},
		{"a context file appears in a missing directory's place", func() { write(filepath.Join(home, "AGENTS.md"), "Home rules.\n") }},
		{"a new skill", func() {
			write(filepath.Join(skills, "fresh", "SKILL.md"), "---\nname: fresh\ndescription: Fresh.\n---\n")
		}},
		{"a skill deleted", func() { must(os.RemoveAll(filepath.Join(skills, "fresh"))) }},
		{"a skill dir renamed", func() { must(os.Rename(filepath.Join(skills, "skill-0000"), filepath.Join(skills, "skill-renamed"))) }},
		{"a link to a skills dir", func() {
			write(filepath.Join(home, "elsewhere", "linked", "SKILL.md"), "---\nname: linked\ndescription: Linked.\n---\n")
			must(os.Symlink(filepath.Join(home, "elsewhere", "linked"), filepath.Join(skills, "linked")))
		}},
		{"an edit behind the link", func() {
			write(filepath.Join(home, "elsewhere", "linked", "SKILL.md"), "---\nname: linked\ndescription: Edited behind the link.\n---\n")
		}},
		{"the link retargeted", func() {
			write(filepath.Join(home, "elsewhere", "other", "SKILL.md"), "---\nname: other\ndescription: Other.\n---\n")
			tmp := filepath.Join(skills, ".tmp-link")
			must(os.Symlink(filepath.Join(home, "elsewhere", "other"), tmp))
			must(os.Rename(tmp, filepath.Join(skills, "linked")))
		}},
		{"chmod of a context file", func() { must(os.Chmod(filepath.Join(agent, "AGENTS.md"), 0o600)) }},
		{"SYSTEM.md appears", func() { write(filepath.Join(agent, "SYSTEM.md"), "Custom body.\n") }},
	} {
		time.Sleep(20 * time.Millisecond)
		c.do()
		cold, err := plan.Run(context.Background(), engine.Input{FS: osfs.Root(), Params: params})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		for {
			res, err := b.Build(context.Background(), params)
			if err == nil && res.Text == cold.Text {
				break
			}
			if time.Since(start) > 5*time.Second {
				t.Fatalf("%s: not seen after 5 s", c.name)
			}
			time.Sleep(time.Millisecond)
		}
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Logf("%s: seen after %v", c.name, d)
		}
		settle(t, b, params, fsys)
	}
}
