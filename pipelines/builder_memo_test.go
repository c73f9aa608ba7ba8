package pipelines_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/sources/osfs"
)

// TestBuilderMemoSeesEveryChange: with the racy-timestamp rule out of the
// way (a clock an hour ahead), a warm Builder reuses sources and sections
// only while every fact they depend on holds: after each change that
// matters the prompt equals a cold build's, and an unchanged turn reads
// nothing.
func TestBuilderMemoSeesEveryChange(t *testing.T) {
	plan := compileDefault(t)
	params := fixture(t, 6, 4)
	cwd, home, agent := params["cwd"].(string), params["home"].(string), params["agent_dir"].(string)
	b, err := engine.NewBuilderWith(plan, osfs.Root(), engine.BuilderOptions{Clock: func() time.Time { return time.Now().Add(time.Hour) }})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	compare := func(step string) {
		t.Helper()
		warm, err := b.Build(ctx, params)
		if err != nil {
			t.Fatalf("%s: warm: %v", step, err)
		}
		cold, err := plan.Run(ctx, engine.Input{FS: osfs.Root(), Params: params})
		if err != nil {
			t.Fatalf("%s: cold: %v", step, err)
		}
		if warm.Text != cold.Text {
			t.Fatalf("%s: the warm prompt differs from a cold build:\n%s\n--- cold\n%s", step, warm.Text, cold.Text)
		}
		reads := b.Reads()
		again, err := b.Build(ctx, params)
		if err != nil || again.Text != cold.Text || b.Reads() != reads {
			t.Fatalf("%s: an unchanged turn read %d more (err %v)", step, b.Reads()-reads, err)
		}
	}
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
	skill := func(dir, name string) string {
		return filepath.Join(dir, name, "SKILL.md")
	}
	skills := filepath.Join(agent, "skills")
	compare("start")
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
		{"a new skill", func() {
			write(skill(skills, "fresh"), "---\nname: fresh\ndescription: Fresh.\n---\n")
		}},
		{"a skill deleted", func() { must(os.RemoveAll(filepath.Join(skills, "fresh"))) }},
		{"a skill dir renamed", func() { must(os.Rename(filepath.Join(skills, "skill-0000"), filepath.Join(skills, "skill-renamed"))) }},
		{"a skill's description edited", func() {
			write(skill(skills, "skill-renamed"), "---\nname: skill-0000\ndescription: Now different.\n---\n")
		}},
		{"a link to a skills dir", func() {
			write(skill(filepath.Join(home, "elsewhere"), "linked"), "---\nname: linked\ndescription: Linked.\n---\n")
			must(os.Symlink(filepath.Join(home, "elsewhere", "linked"), filepath.Join(skills, "linked")))
		}},
		{"the link retargeted", func() {
			write(skill(filepath.Join(home, "elsewhere"), "other"), "---\nname: other\ndescription: Other.\n---\n")
			tmp := filepath.Join(skills, ".tmp-link")
			must(os.Symlink(filepath.Join(home, "elsewhere", "other"), tmp))
			must(os.Rename(tmp, filepath.Join(skills, "linked")))
		}},
		{"an ignore file hides a skill", func() { write(filepath.Join(skills, ".gitignore"), "skill-0002/\n") }},
		{"the ignore rule edited", func() { write(filepath.Join(skills, ".gitignore"), "skill-0003/\n") }},
		{"a SKILL.md at a skills dir's root shadows its other files", func() {
			write(filepath.Join(skills, "skill-0004", "notes.md"), "---\nname: notes\ndescription: Notes.\n---\n")
			write(filepath.Join(skills, "skill-0004", "sub", "SKILL.md"), "---\nname: sub\ndescription: Sub.\n---\n")
		}},
		{"an invalid skill made valid by its content alone", func() {
			write(skill(skills, "broken"), "---\nname: broken\n---\n")
			time.Sleep(20 * time.Millisecond)
			compare("an invalid skill")
			write(skill(skills, "broken"), "---\nname: broken\ndescription: Fixed.\n---\n")
		}},
		{"a SKILL.md replaced by a directory", func() {
			must(os.Remove(skill(skills, "broken")))
			must(os.MkdirAll(skill(skills, "broken"), 0o755))
		}},
		{"chmod of a context file", func() { must(os.Chmod(filepath.Join(agent, "AGENTS.md"), 0o600)) }},
		{"a global settings file", func() {
			write(filepath.Join(agent, "settings.json"), `{"enableSkillCommands": false, "skills": ["../elsewhere"]}`)
		}},
		{"a project .pi skill removed", func() { must(os.RemoveAll(filepath.Join(cwd, ".pi", "skills", "skill-0001"))) }},
		{"SYSTEM.md appears", func() { write(filepath.Join(agent, "SYSTEM.md"), "Custom body.\n") }},
	} {
		time.Sleep(20 * time.Millisecond) // past the file system's timestamp tick
		c.do()
		compare(c.name)
	}
}
