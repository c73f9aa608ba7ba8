// Command promptc compiles declarative system-prompt pipelines.
//
//	promptc build    [flags]            print the system prompt (--input LINE: that run's prompt)
//	promptc expand   [flags] [--] LINE  print the user message after /skill: and template expansion
//	promptc explain  [flags]            why the prompt says what it says (text, --json, --html FILE)
//	promptc graph    [flags]            draw the pipeline (--format dot|mermaid|json)
//	promptc validate FILE...            check pipeline (or overlay) files without reading any source
//	promptc params   [--pipeline P]     list a pipeline's params, types, defaults, flags, environment
//	promptc pipelines [show NAME]       list built-in pipelines, or print one
//	promptc kinds [KIND]                list source kinds, their value fields and options
//	promptc schema [pipeline|explain|exec] print a JSON Schema
//	promptc test [FILE|DIR ...]         run prompt regression cases (package casetest)
//	promptc diff OLD.json NEW.json      the difference of two builds, by section
//	promptc diff [flags] -- [flags]     the same for two builds run here
//	promptc record [flags] OUT.txtar    snapshot this build into a case file
//	promptc --version                   print the version
//
// The flags of build, expand, explain and graph beyond promptc's own come
// from the selected pipeline: each param declares the flags and environment
// variables that set it (see package bind).
//
// Exit status: 0 ok, 1 pipeline errors, 2 usage errors, 3 I/O or internal errors,
// 6 a run refused because its prompt would lose a locked, required or final section;
// promptc test exits 1 when a case fails, promptc diff --exit-code when the
// prompts differ, promptc record when its case does not reproduce the prompt.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

func main() {
	tuneGC(os.Args[1:], os.Getenv)
	os.Exit(Main())
}

// One-shot commands allocate a few megabytes and exit: with the
// collector's default target they spend a fifth of their CPU time
// collecting. They run with a larger target, bounded by a soft memory
// limit; promptc serve, a long-lived process, and a GOGC or GOMEMLIMIT
// the user set keep the runtime's settings.
const (
	oneShotGCPercent = 400
	oneShotMemLimit  = 512 << 20
)

func tuneGC(args []string, getenv func(string) string) {
	if len(args) > 0 && args[0] == "serve" || getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(oneShotGCPercent)
	debug.SetMemoryLimit(oneShotMemLimit)
}

// Main runs promptc with the process's arguments and standard streams.
func Main() int {
	return run(context.Background(), os.Args[1:], os.Stdout, os.Stderr, osEnv{Snapshot: oneShotFS(os.Args[1:])})
}

// env is the process environment promptc reads (package host).
type env = host.Env

// osEnv is the process's own environment (host.OS).
type osEnv = host.OS

func run(ctx context.Context, args []string, stdout, stderr io.Writer, e env) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "promptc: internal error: %v\n", r)
			code = exitInternal
		}
	}()
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	out := &checkedWriter{w: stdout}
	stdout = out
	defer func() {
		if out.err != nil && code == exitOK {
			fmt.Fprintf(stderr, "promptc: writing the output: %v\n", out.err)
			code = exitInternal
		}
	}()
	if name, ok := wantsHelp(args); ok { // CMD --help, before CMD reads its line
		h, _ := helpTopic(name)
		return report(writeTopic(stdout, h, nil), stderr)
	}
	var err error
	switch args[0] {
	case "build":
		err = cmdBuild(ctx, args[1:], stdout, stderr, e)
	case "expand":
		err = cmdExpand(ctx, args[1:], stdout, stderr, e)
	case "explain":
		err = cmdExplain(ctx, args[1:], stdout, stderr, e)
	case "graph":
		err = cmdGraph(ctx, args[1:], stdout, stderr, e)
	case "validate":
		err = cmdValidate(ctx, args[1:], stdout, stderr, e)
	case "agents":
		if len(args) > 1 && args[1] == "capture" {
			return runCapture(ctx, args[2:], stdout, stderr, e)
		}
		err = cmdAgents(ctx, args[1:], stdout, stderr, e)
	case "run":
		return cmdRun(ctx, args[1:], stdout, stderr, e)
	case "pipelines":
		err = cmdPipelines(args[1:], stdout)
	case "config":
		err = cmdConfig(ctx, args[1:], stdout, stderr, e)
	case "policy":
		err = cmdPolicy(args[1:], stdout, e)
	case "receipt":
		return cmdReceipt(ctx, args[1:], stdout, stderr, e)
	case "serve":
		err = cmdServe(ctx, args[1:], stdout, stderr, e)
	case "params":
		err = cmdParams(ctx, args[1:], stdout, e)
	case "kinds":
		err = cmdKinds(args[1:], stdout)
	case "schema":
		err = cmdSchema(args[1:], stdout)
	case "test":
		err = cmdTest(ctx, args[1:], stdout, stderr)
	case "diff":
		err = cmdDiff(ctx, args[1:], stdout, stderr, e)
	case "record":
		err = cmdRecord(ctx, args[1:], stdout, stderr, e)
	case "check":
		err = cmdCheck(ctx, args[1:], stdout, e)
	case "emit", "init":
		err = cmdEmit(ctx, args[0], args[1:], stdout, stderr, e)
	case "help":
		err = cmdHelp(ctx, args[1:], stdout, stderr, e)
	case "-h", "--help":
		_, err = io.WriteString(stdout, usage)
	case "version", "--version":
		_, err = io.WriteString(stdout, versionLine())
	default:
		err = usageError{fmt.Sprintf("unknown command %q", args[0])}
	}
	return report(err, stderr)
}

// checkedWriter remembers the first write error, so that output that could
// not be written (a full disk, a closed pipe) is never an exit 0.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// WriteString writes s without copying it when the underlying writer
// takes strings (*os.File does): a prompt can be megabytes.
func (c *checkedWriter) WriteString(s string) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := io.WriteString(c.w, s)
	if err != nil {
		c.err = err
	}
	return n, err
}

// report prints err and maps it to an exit status.
func report(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	if errors.As(err, new(failedError)) {
		return exitSpec
	}
	var le host.LockedError
	if errors.As(err, &le) {
		fmt.Fprintf(stderr, "promptc: %v\n", le.Err)
		return exitSpec
	}
	if ue, ok := asUsage(err); ok {
		fmt.Fprintf(stderr, "promptc: %s\nRun 'promptc help' for usage.\n", ue.msg)
		return exitUsage
	}
	var pe *engine.PolicyError // a run that would lose a policy section
	if errors.As(err, &pe) {
		fmt.Fprintln(stderr, pe.Error())
		return exitPolicy
	}
	var dl diag.List
	if errors.As(err, &dl) {
		for _, d := range dl {
			fmt.Fprintln(stderr, d.String())
		}
		return exitSpec
	}
	var xs interface{ exitStatus() int } // an error with its own status (interruptedError)
	if errors.As(err, &xs) {
		fmt.Fprintf(stderr, "promptc: %v\n", err)
		return xs.exitStatus()
	}
	fmt.Fprintf(stderr, "promptc: %v\n", err)
	return exitInternal
}

const usage = `promptc compiles declarative system-prompt pipelines.

Usage:
  promptc build    [flags]            print the system prompt
  promptc expand   [flags] [--] LINE  print the user message after /skill: and prompt-template expansion
  promptc explain  [flags]            explain the prompt: sections, sources, why not, tokens, cache, drift
  promptc graph    [flags]            draw the compiled pipeline (with input flags: mark what was active)
  promptc agents   [--cwd DIR]        what pi, Codex, Claude Code, Gemini CLI, opencode (and CowAgent) load, side by side
  promptc agents capture AGENT        record the installed CLI's base prompt (fake model server, loopback only) into the cache
  promptc run      AGENT [--mode add|replace] [flags] [-- ARGS]  run claude, codex, gemini or opencode with promptc's prompt
  promptc validate FILE...            check pipeline files (schema and compile) without reading sources
  promptc params   [--pipeline P]     list a pipeline's params with their types, defaults, flags and environment
  promptc config   [flags]            the configuration layers and the merged pipeline (--layers, --show-origin, --json)
  promptc policy   [--json]           the policy the system and user layers put in force: locked/required/final sections, on_failure
  promptc receipt  verify FILE [--cwd DIR] [--json]  rebuild a build --receipt FILE and say whether the prompt is the same, else what changed
  promptc pipelines [show NAME]       list the built-in pipelines, or print one's YAML
  promptc kinds    [KIND]             list the source kinds with their value fields and options
  promptc schema   [pipeline|explain|explain-target|exec|receipt] print the JSON Schema of pipeline files, explain --json (a report or one answer), the exec protocol or receipts
  promptc test     [FILE|DIR ...]     run prompt regression cases (default ./promptc-tests)
  promptc diff     OLD.json NEW.json  the prompt difference of two builds, by section, with token deltas
  promptc diff     [flags] -- [flags] the same between two builds (flags after -- replace those before)
  promptc record   [flags] OUT.txtar  snapshot this build into a hermetic case file
  promptc check    [--update] [--format text|github|sarif|junit|markdown]  the repository's prompts against .promptc/golden (.promptc/checks.yaml)
  promptc serve    --stdio | --listen ADDR  answer JSON build/explain requests, warm (see 'promptc serve --help')
  promptc emit     [--check] [flags]  write each agent's instruction files from .promptc/rules.yaml; --check proves what each loads
  promptc init     --from-existing    start .promptc/rules.yaml from the repository's CLAUDE.md, AGENTS.md, .cursor/rules, ...
  promptc help     [COMMAND]          print a command's help: usage, flags, exit statuses, examples
  promptc --version                   print promptc's version

Flags of build, expand, explain and graph:
  --pipeline NAME|FILE         pipeline to run (default: default = pi 1.6.0, or a layer's default_pipeline)
  --overlay FILE               YAML merged over the pipeline (repeatable)
  --tool-file FILE             YAML/JSON file with a tools: list, registered first (repeatable)
  --set KEY=VALUE              override one pipeline key, e.g. sections.cwd.disabled=true
  --param NAME=VALUE           set a pipeline param (VALUE is YAML)
  --params FILE                JSON/YAML file of param values (- for standard input)
  --json                       print the full result (prompt, sections, provenance, diagnostics) as JSON
  The pipeline adds the flags its params bind: pi's for the default pipeline (--cwd, --tools,
  --system-prompt, --no-context-files, --skill, --approve, ...). 'promptc build --help' shows the
  flags of the selected pipeline; 'promptc params' lists its params.

Flags of build and explain:
  --input LINE                 the run LINE starts: its prompt after the pipeline's transforms
                               (build prints it; repeatable with --json, one run each)
Flags of explain (besides --json, whose shape is schema/explain.schema.json):
  --html FILE                  write a self-contained HTML page instead (- for stdout)
  --tokenizer NAME             o200k_base (default) or cl100k_base
Flags of graph (without input flags it reads no file):
  --format dot|mermaid|json    output format (default dot; render with dot -Tsvg)
Flags of test (exit 1 when a case fails):
  -run REGEX                   run only the cases whose name matches
  -v                           also list the passing cases and the builds' warnings
  --json                       print the results as JSON
  --junit FILE                 also write a JUnit XML report
  --update                     rewrite the want of failing cases
  --allow-exec                 run the programs of the cases' exec transforms (with each case's variables only)
Flags of diff (before the build flags):
  --json                       print the difference as JSON
  --exit-code                  exit 1 when the prompts differ

Exit status: 0 ok, 1 pipeline errors (or a failing test case), 2 usage errors, 3 I/O or internal errors.
'promptc COMMAND --help' (or 'promptc help COMMAND') prints a command's own help.
`

// oneShotFS is the file system of a command that reads the files of one
// moment and exits: a snapshot of the OS's, so that what the command
// looks up before its build (the working directory's realpath, layer
// files, the git root) and the build itself stat each path once. Other
// commands (serve, test, config, record) read the OS afresh: nil.
func oneShotFS(args []string) sources.FS {
	if len(args) == 0 {
		return nil
	}
	switch args[0] {
	case "build", "expand", "explain", "graph", "params", "diff":
		return fscache.Snapshot(osfs.Root())
	}
	return nil
}
