package pipelines_test

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// compileDefault loads and compiles the embedded default pipeline.
func compileDefault(tb testing.TB) *engine.Plan { tb.Helper(); return compileNamed(tb, "default") }

// compileNamed compiles the built-in pipeline name or fails the test.
func compileNamed(tb testing.TB, name string) *engine.Plan {
	tb.Helper()
	plan, ds, err := pipelines.Compile(context.Background(), name, nil, nil)
	if err != nil || ds.HasErrors() {
		tb.Fatalf("compile %s: %v %v", name, err, ds)
	}
	return plan
}

// fixture writes a home with an agent dir, `skills` skills split between
// the user and project skill dirs, and a cwd `depth` levels below home
// with an AGENTS.md every other level. It returns the run params.
func fixture(tb testing.TB, skills, depth int) map[string]any {
	tb.Helper()
	root, err := filepath.EvalSymlinks(tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	home := filepath.Join(root, "home")
	agent := filepath.Join(home, ".pi", "agent")
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	write(filepath.Join(agent, "AGENTS.md"), "Global rules.\n")
	cwd := home
	for i := 0; i < depth; i++ {
		cwd = filepath.Join(cwd, fmt.Sprintf("d%02d", i))
		if i%2 == 0 {
			write(filepath.Join(cwd, "AGENTS.md"), strings.Repeat(fmt.Sprintf("Rule %d.\n", i), 20))
		}
	}
	if err := os.MkdirAll(cwd, 0o755); err != nil {
		tb.Fatal(err)
	}
	for i := 0; i < skills; i++ {
		dir := filepath.Join(agent, "skills")
		if i%2 == 1 {
			dir = filepath.Join(cwd, ".pi", "skills")
		}
		write(filepath.Join(dir, fmt.Sprintf("skill-%04d", i), "SKILL.md"),
			fmt.Sprintf("---\nname: skill-%04d\ndescription: Does task %d & more <fast>.\n---\n# Skill %d\nBody.\n", i, i, i))
	}
	return map[string]any{"cwd": cwd, "home": home, "agent_dir": agent, "trust_mode": "approve"}
}

func BenchmarkBuildDefault(b *testing.B) {
	plan := compileDefault(b)
	fsys := osfs.Root()
	for _, sc := range []struct{ skills, depth int }{{10, 4}, {100, 8}, {1000, 16}} {
		params := fixture(b, sc.skills, sc.depth)
		b.Run(fmt.Sprintf("skills=%d/depth=%d", sc.skills, sc.depth), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res, err := plan.Run(context.Background(), engine.Input{FS: fsys, Params: params})
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Text) == 0 {
					b.Fatal("empty prompt")
				}
			}
		})
	}
}

// BenchmarkCompileDefault measures load + schema + compile of the default
// pipeline, which the CLI pays on every invocation.
func BenchmarkCompileDefault(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		compileDefault(b)
	}
}

var _ fs.FS = (sources.FS)(nil)

// xl adds the XL scale (10,000 skills, 32 levels) to BenchmarkTurn.
var xl = flag.Bool("xl", false, "BenchmarkTurn: also the XL scale (10,000 skills, 32 levels)")

// BenchmarkTurn compares a cold build (a new Builder, everything read and
// parsed) with a warm per-turn rebuild over unchanged files, one after a
// single skill file changed, and a watched one (BuilderOptions.Watch).
func BenchmarkTurn(b *testing.B) {
	plan := compileDefault(b)
	scales := []struct{ skills, depth int }{{10, 4}, {100, 8}, {1000, 16}}
	if *xl {
		scales = append(scales, struct{ skills, depth int }{10000, 32})
	}
	for _, sc := range scales {
		params := fixture(b, sc.skills, sc.depth)
		age(b, filepath.Dir(params["home"].(string)))
		name := fmt.Sprintf("skills=%d/depth=%d", sc.skills, sc.depth)
		b.Run(name+"/cold", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bl, err := engine.NewBuilder(plan, osfs.Root())
				if err != nil {
					b.Fatal(err)
				}
				if _, err := bl.Build(context.Background(), params); err != nil {
					b.Fatal(err)
				}
			}
		})
		warm := func(b *testing.B, opts engine.BuilderOptions, each func(i int)) {
			bl, err := engine.NewBuilderWith(plan, osfs.Root(), opts)
			if err != nil {
				b.Fatal(err)
			}
			defer bl.Close()
			for range 3 { // cold, then arm a watcher and check its watches
				if _, err := bl.Build(context.Background(), params); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			i := 0
			for b.Loop() {
				if each != nil {
					b.StopTimer()
					each(i)
					b.StartTimer()
				}
				i++
				if _, err := bl.Build(context.Background(), params); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.Run(name+"/warm", func(b *testing.B) { warm(b, engine.BuilderOptions{}, nil) })
		skill := filepath.Join(params["agent_dir"].(string), "skills", "skill-0000", "SKILL.md")
		b.Run(name+"/touched", func(b *testing.B) {
			warm(b, engine.BuilderOptions{}, func(i int) {
				body := fmt.Sprintf("---\nname: skill-0000\ndescription: Version %d.\n---\n", i%10)
				if err := os.WriteFile(skill, []byte(body), 0o644); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(name+"/watched", func(b *testing.B) { warm(b, engine.BuilderOptions{Watch: true}, nil) })
	}
}
