package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/emit"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/sources"
)

// emitFlags are the flags of promptc emit and promptc init.
var emitFlags = []flagDef{
	{name: "cwd", kind: stringFlag, metavar: "DIR", help: "a directory of the repository (default: the process cwd)"},
	{name: "scope", kind: stringFlag, metavar: "SCOPE", help: "project writes the repository's files, user the files in HOME (default project)"},
	{name: "source", kind: stringFlag, metavar: "FILE", help: "the project layer (default: REPO/.promptc/rules.yaml)"},
	{name: "dry-run", kind: boolFlag, help: "print the unified diff of what would change; write nothing"},
	{name: "check", kind: boolFlag, help: "write nothing; exit 1 when a file is missing, stale or edited, or an agent would not receive a rule"},
	{name: "force", kind: boolFlag, help: "replace managed blocks edited by hand and rule files promptc did not write"},
	{name: "json", kind: boolFlag, help: "print the plan or the check as JSON"},
	{name: "junit", kind: stringFlag, metavar: "FILE", help: "with --check: also write a JUnit XML report"},
	{name: "from-existing", kind: boolFlag, help: "init: read the repository's instruction files into .promptc/rules.yaml"},
	helpFlag,
}

// emitExit is an error with emit's exit status.
type emitExit struct {
	code int
	msg  string
}

func (e emitExit) Error() string   { return e.msg }
func (e emitExit) exitStatus() int { return e.code }

// cmdEmit runs promptc emit, or promptc init when cmd is "init".
func cmdEmit(ctx context.Context, cmd string, args []string, stdout, stderr io.Writer, e env) error {
	p, err := parseFlags(args, emitFlags, false)
	if err != nil {
		return err
	}
	if p.has("help") {
		return writeNamedHelp(stdout, cmd)
	}
	if err := checkArgs(cmd, p, 0); err != nil {
		return err
	}
	scope := emit.ScopeProject
	switch p.get("scope") {
	case "", "project":
	case "user":
		scope = emit.ScopeUser
	default:
		return usageError{fmt.Sprintf("--scope %q: project or user", p.get("scope"))}
	}
	cwd, err := e.Getwd()
	if err != nil {
		return err
	}
	if d := p.get("cwd"); filepath.IsAbs(d) {
		cwd = filepath.Clean(d)
	} else if d != "" {
		cwd = filepath.Join(cwd, d)
	}
	fsys := host.FS(e)
	if real, err := sources.Realpath(fsys, cwd); err == nil {
		cwd = real
	} else {
		return emitExit{exitInternal, fmt.Sprintf("--cwd %s: %v", cwd, err)}
	}
	repo := sources.ProjectRoot(fsys, cwd)
	if cmd == "init" {
		if !p.has("from-existing") {
			return usageError{"init needs --from-existing (it reads the repository's instruction files)"}
		}
		return initFromExisting(ctx, fsys, repo, p.has("force"), stdout)
	}
	layers, err := emitLayers(fsys, e, repo, p.get("source"), cwd)
	if err != nil {
		return err
	}
	src, diags := emit.Compose(layers)
	if diags.HasErrors() {
		return diags
	}
	root := repo
	if scope == emit.ScopeUser {
		root = e.Home()
	}
	opts := emit.Options{Root: root, Scope: scope, Force: p.has("force")}
	if p.has("check") {
		return emitCheck(ctx, src, opts, p, emit.Host{Getenv: e.Getenv, Home: e.Home(), FS: fsys}, cwd, stdout, stderr)
	}
	res, err := emit.Plan(ctx, src, opts)
	if err != nil {
		return emitExit{exitInternal, err.Error()}
	}
	for _, f := range res.Findings {
		fmt.Fprintf(stderr, "promptc: %s\n", f)
	}
	switch {
	case p.has("dry-run"):
		if err := res.WriteDiff(stdout); err != nil {
			return err
		}
	default:
		if errs := emit.Apply(ctx, res, opts); len(errs) > 0 {
			for _, err := range errs {
				fmt.Fprintf(stderr, "promptc: %v\n", err)
			}
			printChanges(stdout, res)
			return emitExit{exitInternal, fmt.Sprintf("%d file(s) could not be written; each is as it was", len(errs))}
		}
		if p.has("json") {
			return writeJSON(stdout, res)
		}
		printChanges(stdout, res)
	}
	return emitOutcome(res)
}

// emitOutcome is the exit status of a plan's conflicts and errors.
func emitOutcome(res *emit.Result) error {
	conf := res.Conflicts()
	if len(conf) == 0 {
		for _, f := range res.Findings {
			if f.Severity == "error" {
				return emitExit{exitSpec, "the source has errors (above)"}
			}
		}
		return nil
	}
	if res.IOFailed() {
		return emitExit{exitInternal, fmt.Sprintf("%d file(s) not written (above)", len(conf))}
	}
	return emitExit{exitSpec, fmt.Sprintf("%d file(s) not written (above)", len(conf))}
}

// printChanges lists what emit did, one file a line.
func printChanges(w io.Writer, res *emit.Result) {
	n := 0
	for _, c := range res.Changes {
		if c.Action == emit.ActUnchanged {
			n++
			continue
		}
		line := fmt.Sprintf("%-9s %s", c.Action, c.Path)
		if c.Reason != "" {
			line += ": " + c.Reason
		}
		fmt.Fprintln(w, line)
	}
	if !res.Changed() && len(res.Conflicts()) == 0 {
		fmt.Fprintf(w, "nothing to write: %d file(s) up to date\n", n)
	}
}

// emitCheck runs emit --check and prints its report.
func emitCheck(ctx context.Context, src emit.Source, opts emit.Options, p *parsed, h emit.Host, cwd string, stdout, stderr io.Writer) error {
	rep, err := emit.Check(ctx, src, opts, h, cwd)
	if err != nil {
		return emitExit{exitInternal, err.Error()}
	}
	if j := p.get("junit"); j != "" {
		if err := writeJUnitFile(ctx, j, rep); err != nil {
			return emitExit{exitInternal, fmt.Sprintf("--junit %s: %v", j, err)}
		}
	}
	if p.has("json") {
		err = writeJSON(stdout, rep)
	} else {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		return err
	}
	if rep.Failed {
		return emitExit{exitSpec, "emit --check failed (above)"}
	}
	return nil
}

// writeJUnitFile writes the report to name atomically.
func writeJUnitFile(ctx context.Context, name string, rep *emit.CheckReport) error {
	abs, err := filepath.Abs(name)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := rep.WriteJUnit(&b); err != nil {
		return err
	}
	return emit.WriteFile(ctx, nil, filepath.Dir(abs), filepath.Base(abs), b.Bytes())
}

// emitLayers finds the rules layers: rules.yaml beside the system and the
// user config layers, then the project's (source, else
// REPO/.promptc/rules.yaml), which must exist.
func emitLayers(fsys sources.FS, e env, repo, source, cwd string) ([]emit.LayerFile, error) {
	system, user := host.ConfigPaths(e)
	var out []emit.LayerFile
	for _, l := range []struct{ cfg, role string }{{system, emit.RoleSystem}, {user, emit.RoleUser}} {
		if l.cfg == "" {
			continue
		}
		p := path.Join(path.Dir(filepath.ToSlash(l.cfg)), "rules.yaml")
		b, err := sources.ReadFile(fsys, p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, emitExit{exitInternal, fmt.Sprintf("%s: %v", p, err)}
		}
		out = append(out, emit.LayerFile{Name: p, Role: l.role, Data: b})
	}
	proj := path.Join(repo, ".promptc", "rules.yaml")
	if source != "" {
		proj = filepath.ToSlash(filepath.Join(cwd, source))
	}
	b, err := sources.ReadFile(fsys, proj)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, diag.List{{Severity: diag.Error, Code: "emit/no-source", Pos: diag.Pos{File: proj, Line: 1, Column: 1},
			Message: "no rules source here", Hint: "write one, or run promptc init --from-existing to start from the repository's instruction files"}}
	}
	if err != nil {
		return nil, emitExit{exitInternal, fmt.Sprintf("%s: %v", proj, err)}
	}
	return append(out, emit.LayerFile{Name: proj, Role: emit.RoleProject, Data: b}), nil
}

// initFromExisting writes REPO/.promptc/rules.yaml from the repository's
// instruction files.
func initFromExisting(ctx context.Context, fsys sources.FS, repo string, force bool, stdout io.Writer) error {
	const rel = ".promptc/rules.yaml"
	if _, err := sources.Lstat(fsys, path.Join(repo, rel)); err == nil && !force {
		return emitExit{exitSpec, fmt.Sprintf("%s already exists; not overwritten (--force replaces it)", path.Join(repo, rel))}
	}
	im, err := emit.Import(fsys, repo)
	if err != nil {
		return emitExit{exitInternal, err.Error()}
	}
	if len(im.From) == 0 {
		return emitExit{exitSpec, "no instruction file found to start from (AGENTS.md, CLAUDE.md, GEMINI.md, .claude/rules, .cursor/rules, .github, .windsurf/rules)"}
	}
	if err := emit.WriteFile(ctx, nil, repo, rel, im.YAML); err != nil {
		return emitExit{exitInternal, err.Error()}
	}
	fmt.Fprintf(stdout, "wrote %s from:\n", rel)
	for _, f := range im.From {
		fmt.Fprintf(stdout, "  %s\n", f)
	}
	for _, s := range im.Skipped {
		fmt.Fprintf(stdout, "  skipped %s\n", s)
	}
	return nil
}
