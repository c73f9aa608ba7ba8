package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/promptc/promptc/casetest"
	"github.com/promptc/promptc/host"
)

// cmdDiff prints the difference between two builds, grouped by section,
// with the token cost per request:
//
//	promptc diff [--json] [--exit-code] OLD.json NEW.json
//	promptc diff [--json] [--exit-code] [flags] -- [flags]
//
// The first form reads two `promptc build --json` outputs. The second
// runs two builds in-process: the old one with the flags before --, the
// new one with the same flags except those named again after --, which
// replace them (so `--overlay old.yaml -- --overlay new.yaml` swaps the
// overlay, `-- --overlay team.yaml` adds one). With --exit-code the exit
// status is 1 when the prompts differ.
func cmdDiff(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	asJSON, exitCode := false, false
	var rest []string
	for i, a := range args {
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		switch strings.TrimLeft(a, "-") {
		case "json":
			asJSON = true
			continue
		case "exit-code":
			exitCode = true
			continue
		case "help", "h":
			return writeNamedHelp(stdout, "diff")
		}
		rest = append(rest, a)
	}
	var old, new *casetest.Build
	var err error
	if i := slices.Index(rest, "--"); i >= 0 {
		old, new, err = diffBuilds(ctx, rest[:i], rest[i+1:], stdout, stderr, e)
	} else if len(rest) == 2 && !strings.HasPrefix(rest[0], "-") && !strings.HasPrefix(rest[1], "-") {
		old, new, err = readBuilds(e, rest[0], rest[1])
	} else {
		err = usageError{"diff takes two build --json files, or build flags -- the new build's flags"}
	}
	if err != nil {
		return err
	}
	d := casetest.Compare(old, new, casetest.NewTokenCounter(""), nil)
	if asJSON {
		if d == nil {
			d = &casetest.Diff{Sections: []casetest.SectionDiff{}}
		}
		err = writeJSON(stdout, d)
	} else if d == nil {
		_, err = fmt.Fprintln(stdout, "no difference: the prompts are the same")
	} else {
		fmt.Fprintf(stdout, "prompt: %s\n", d.Summary())
		err = d.Write(stdout, "", func(p string) string { return p })
	}
	if err != nil {
		return err
	}
	if exitCode && d != nil && len(d.Sections) > 0 {
		return failedError{}
	}
	return nil
}

// readBuilds reads two build --json files.
func readBuilds(e env, oldFile, newFile string) (*casetest.Build, *casetest.Build, error) {
	var out [2]*casetest.Build
	for i, f := range []string{oldFile, newFile} {
		data, err := host.ReadFile(e, f)
		if err != nil {
			return nil, nil, err
		}
		if out[i], err = casetest.DecodeBuild(data); err != nil {
			return nil, nil, usageError{fmt.Sprintf("%s: %v", f, err)}
		}
	}
	return out[0], out[1], nil
}

// diffBuilds runs the old build with oldArgs and the new one with oldArgs
// whose flags named in newArgs are replaced by newArgs.
func diffBuilds(ctx context.Context, oldArgs, newArgs []string, stdout, stderr io.Writer, e env) (*casetest.Build, *casetest.Build, error) {
	s, done, err := openSession(ctx, "build", oldArgs, nil, 0, stdout, stderr, e)
	if err != nil || done {
		return nil, nil, err
	}
	defs := append(append([]flagDef(nil), commonFlags...), pipelineFlags(s.plan)...)
	np, err := parseFlags(newArgs, defs, true)
	if err != nil {
		return nil, nil, err
	}
	if len(np.args) > 0 {
		return nil, nil, usageError{fmt.Sprintf("diff: unexpected argument %q after --", np.args[0])}
	}
	replaced := map[string]bool{}
	for _, o := range np.occs {
		replaced[o.name] = true
	}
	var merged []string
	for _, o := range s.p.occs {
		if replaced[o.name] {
			continue
		}
		if s.p.defs[o.name].kind == boolFlag {
			merged = append(merged, "--"+o.name)
		} else {
			merged = append(merged, "--"+o.name+"="+o.value)
		}
	}
	merged = append(merged, newArgs...)
	var out [2]*casetest.Build
	for i, args := range [][]string{oldArgs, merged} {
		b, err := runBuild(ctx, args, stdout, stderr, e)
		if err != nil {
			return nil, nil, err
		}
		out[i] = b
	}
	return out[0], out[1], nil
}

// runBuild is promptc build in-process, its Result as a Build.
func runBuild(ctx context.Context, args []string, stdout, stderr io.Writer, e env) (*casetest.Build, error) {
	s, done, err := openSession(ctx, "build", args, nil, 0, stdout, stderr, e)
	if err != nil {
		return nil, err
	}
	if done {
		return nil, usageError{"diff: --help is not a build"}
	}
	res, err := s.plan.Run(ctx, s.in)
	if err != nil {
		return nil, err
	}
	printWarnings(stderr, res.Diagnostics)
	return buildOf(res)
}
