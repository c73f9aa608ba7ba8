// Command oracle2txtar turns the recorded pi 0.83.0 oracle cases into
// testscript goldens for cmd/promptc, one script per case:
//
//	go run ./internal/cmd/oracle2txtar -cases ../shared/oracle/pi/cases -out testdata/scripts
//
// Each case <name> becomes pi_<name with - as _>.txtar. The script
// materializes the case with $WORK as the sandbox root (tree/ as archive
// files plus commands for what txtar cannot hold, then case.json's setup
// ops in order), then runs promptc build, and promptc expand for every
// input, in the case cwd, each compared byte for byte with expected.json
// through cmpwork. The mapping from case.json to flags and environment is
// the one of shared/conformance/README.md. Cases that depend on pi's
// JavaScript extensions become scripts that only skip, with the reason.
//
// Files are written only when their content changes, and pi_*.txtar files
// of cases that no longer exist are removed. With -check nothing is
// written: stale or missing scripts are listed and the exit status is 1.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "oracle2txtar:", err)
		os.Exit(1)
	}
}

// errStale reports that -check found scripts that differ from the cases.
var errStale = errors.New("scripts are stale; rerun without -check")

func run() error {
	casesDir := flag.String("cases", "../shared/oracle/pi/cases", "oracle cases folder")
	outDir := flag.String("out", "testdata/scripts", "folder of the testscript files")
	cwdFlagCases := flag.String("cwd-flag", "ctx-basic,cwd-symlink,sys-cli-overrides,skills-precedence-collisions",
		"cases whose scripts also run every command from / with --cwd (comma list)")
	check := flag.Bool("check", false, "write nothing; fail when a script is stale or missing")
	flag.Parse()
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flag.Args())
	}

	cases, err := loadCases(*casesDir)
	if err != nil {
		return err
	}
	if len(cases) == 0 {
		return fmt.Errorf("no case in %s", *casesDir)
	}
	withCwd := map[string]bool{}
	for _, n := range strings.Split(*cwdFlagCases, ",") {
		if n = strings.TrimSpace(n); n != "" {
			withCwd[n] = true
		}
	}
	want := map[string][]byte{}
	for _, c := range cases {
		data, err := generate(c, withCwd[c.name])
		if err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
		want[scriptName(c.name)] = data
		delete(withCwd, c.name)
	}
	if len(withCwd) > 0 {
		return fmt.Errorf("-cwd-flag names unknown cases: %s", strings.Join(sortedKeys(withCwd), ", "))
	}
	return sync(*outDir, want, *check)
}

// scriptName is the script file of a case.
func scriptName(caseName string) string {
	return "pi_" + strings.ReplaceAll(caseName, "-", "_") + ".txtar"
}

// sync makes the pi_*.txtar files of dir equal to want.
func sync(dir string, want map[string][]byte, check bool) error {
	if !check {
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return err
		}
	}
	old, err := filepath.Glob(filepath.Join(dir, "pi_*.txtar"))
	if err != nil {
		return err
	}
	stale := false
	for _, p := range old {
		if _, ok := want[filepath.Base(p)]; ok {
			continue
		}
		stale = true
		if check {
			fmt.Fprintf(os.Stderr, "%s: no such case any more\n", p)
		} else if err := os.Remove(p); err != nil {
			return err
		}
	}
	for _, name := range sortedKeys(want) {
		p := filepath.Join(dir, name)
		if have, err := os.ReadFile(p); err == nil && bytes.Equal(have, want[name]) {
			continue
		}
		stale = true
		if check {
			fmt.Fprintf(os.Stderr, "%s: stale or missing\n", p)
		} else if err := os.WriteFile(p, want[name], 0o666); err != nil {
			return err
		}
	}
	if check && stale {
		return errStale
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
