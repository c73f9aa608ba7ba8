package main

import (
	"context"
	"encoding/json"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/sources/osfs"
)

// BenchmarkFixture measures one promptc command line in process, the way
// bench/ratios.py compares it with the I/O floor: $PROMPTC_BENCH_CMD is
// the JSON list `floor --json` prints as "command" (env -i -C DIR VAR=...
// BIN build ARGS...); $PROMPTC_BENCH_TOUCH, when set, is the file the
// touched case rewrites before every build. Cases: cold (a new Builder,
// under the collector settings of the CLI, whose every build is a cold
// one), cold_defaultgc (the same under Go's default GOGC=100, as an
// embedding program or promptc serve's first build of a workspace runs
// it), warm (nothing changed), touched (one file changed), watched (with
// BuilderOptions.Watch). Skipped without $PROMPTC_BENCH_CMD. Besides wall
// time, cold, warm and touched report cpu-ms/op: the process's CPU time
// (user+sys) per build, which also counts the collector's work on other
// cores; it is what compares with pi's per-turn CPU.
func BenchmarkFixture(b *testing.B) {
	e, args := benchCommand(b)
	s, _, err := openSession(context.Background(), "build", args, nil, 0, io.Discard, io.Discard, e)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	want, err := s.plan.Run(ctx, s.in)
	if err != nil {
		b.Fatal(err)
	}
	// build builds once; check compares the prompt with a plain run's
	// (outside the timed loops: at XL comparing the prompts alone takes
	// longer than a watched build).
	build := func(b *testing.B, bl *engine.Builder) *engine.Result {
		res, err := bl.Build(ctx, s.in.Params)
		if err != nil {
			b.Fatal(err)
		}
		return res
	}
	check := func(b *testing.B, res *engine.Result) {
		if res.Text != want.Text && os.Getenv("PROMPTC_BENCH_TOUCH") == "" {
			b.Fatal("the Builder's prompt differs from a plain run's")
		}
	}
	// cold is a new Builder's first build, under gcPercent and memLimit
	// (restored afterwards).
	cold := func(b *testing.B, gcPercent int, memLimit int64) {
		defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(memLimit))
		runtime.GC()
		b.ReportAllocs()
		b.ResetTimer()
		start := processCPU()
		for b.Loop() {
			bl, err := engine.NewBuilder(s.plan, osfs.Root())
			if err != nil {
				b.Fatal(err)
			}
			check(b, build(b, bl))
		}
		reportCPU(b, processCPU()-start)
	}
	// Every CLI build is a cold build, and the CLI runs the collector with
	// the one-shot target (tuneGC); a Go program embedding the engine, and
	// promptc serve, get Go's default unless they set their own.
	b.Run("cold", func(b *testing.B) { cold(b, oneShotGCPercent, oneShotMemLimit) })
	b.Run("cold_defaultgc", func(b *testing.B) { cold(b, 100, math.MaxInt64) })
	// warm builds on one Builder; each, when given, runs untimed before
	// every build. cpu reports cpu-ms/op (two getrusage calls per build
	// when each is given: too many for a watched build of a microsecond).
	warm := func(b *testing.B, opts engine.BuilderOptions, each func(int), cpu bool) {
		bl, err := engine.NewBuilderWith(s.plan, osfs.Root(), opts)
		if err != nil {
			b.Fatal(err)
		}
		defer bl.Close()
		for range 3 {
			check(b, build(b, bl))
		}
		b.ReportAllocs()
		b.ResetTimer()
		i := 0
		var last *engine.Result
		var spent time.Duration
		start := processCPU()
		for b.Loop() {
			if each != nil {
				b.StopTimer()
				each(i)
				b.StartTimer()
				if cpu {
					start = processCPU()
				}
			}
			i++
			last = build(b, bl)
			if each != nil && cpu {
				spent += processCPU() - start
			}
		}
		b.StopTimer()
		if each == nil {
			spent = processCPU() - start
		}
		if cpu {
			reportCPU(b, spent)
		}
		check(b, last)
	}
	b.Run("warm", func(b *testing.B) { warm(b, engine.BuilderOptions{}, nil, true) })
	if touch := os.Getenv("PROMPTC_BENCH_TOUCH"); touch != "" {
		orig, err := os.ReadFile(touch)
		if err != nil {
			b.Fatal(err)
		}
		fi, err := os.Stat(touch)
		if err != nil {
			b.Fatal(err)
		}
		// restore puts back the content and the modification time, so a
		// later run does not meet a file changed within the racy window.
		restore := func() error {
			if err := os.WriteFile(touch, orig, 0o644); err != nil {
				return err
			}
			return os.Chtimes(touch, fi.ModTime(), fi.ModTime())
		}
		defer restore()
		b.Run("touched", func(b *testing.B) {
			warm(b, engine.BuilderOptions{}, func(i int) {
				// the same size each time, another content
				body := append([]byte(nil), orig...)
				if len(body) > 0 {
					body[len(body)-1] = "abcdefghij"[i%10]
				}
				if err := os.WriteFile(touch, body, 0o644); err != nil {
					b.Fatal(err)
				}
			}, true)
		})
		if err := restore(); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("watched", func(b *testing.B) { warm(b, engine.BuilderOptions{Watch: true}, nil, false) })
}

// reportCPU reports spent over b's iterations as cpu-ms/op (nothing where
// the platform has no process CPU clock).
func reportCPU(b *testing.B, spent time.Duration) {
	if spent > 0 && b.N > 0 {
		b.ReportMetric(float64(spent)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}
}

// benchCommand is the command of $PROMPTC_BENCH_CMD (a JSON array, as
// bench/ratios.py sets it) as an environment and build arguments; it skips
// b without one.
func benchCommand(b *testing.B) (fakeEnv, []string) {
	spec := os.Getenv("PROMPTC_BENCH_CMD")
	if spec == "" {
		b.Skip("set PROMPTC_BENCH_CMD (bench/ratios.py does)")
	}
	var argv []string
	if err := json.Unmarshal([]byte(spec), &argv); err != nil {
		b.Fatal(err)
	}
	return benchEnv(b, argv)
}

// benchEnv turns `env -i -C DIR VAR=VALUE... BIN build ARGS...` into the
// environment and the build arguments.
func benchEnv(b *testing.B, argv []string) (fakeEnv, []string) {
	e := fakeEnv{vars: map[string]string{}}
	i := 0
	if len(argv) > 0 && argv[0] == "env" {
		i = 1
		for i < len(argv) {
			switch {
			case argv[i] == "-i":
				i++
			case argv[i] == "-C" && i+1 < len(argv):
				e.wd = argv[i+1]
				i += 2
			case strings.Contains(argv[i], "=") && !strings.HasPrefix(argv[i], "-"):
				k, v, _ := strings.Cut(argv[i], "=")
				e.vars[k] = v
				i++
			default:
				goto cmd
			}
		}
	}
cmd:
	if i+1 >= len(argv) || argv[i+1] != "build" {
		b.Fatalf("want ... BIN build ARGS, got %q", argv)
	}
	if e.wd == "" {
		e.wd, _ = os.Getwd()
	}
	return e, argv[i+2:]
}

// BenchmarkFixtureCLI is the whole `promptc build` of $PROMPTC_BENCH_CMD
// in process (flags, layers, compile, build, output), without the
// process start and package initialization.
func BenchmarkFixtureCLI(b *testing.B) {
	e, args := benchCommand(b)
	b.ReportAllocs()
	for b.Loop() {
		if code := run(context.Background(), append([]string{"build"}, args...), io.Discard, io.Discard, e); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
