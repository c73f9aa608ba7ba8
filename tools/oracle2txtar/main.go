// Command oracle2txtar turns the recorded pi 0.83.0 oracle cases into
// testscript goldens for cmd/promptc, one script per case:
//
//	go run ./tools/oracle2txtar -cases ../shared/oracle/pi/cases -out testdata/scripts
//
// Each case <name> becomes pi_<name with - as _>.txtar. The script
// materializes the case with $WORK as the sandbox root (tree/ as archive
// files plus commands for what txtar cannot hold, then case.json's setup
// ops in order), then runs promptc build, and promptc expand for every
// input, in the case cwd, each compared byte for byte with expected.json
// through cmpwork. The mapping from case.json to flags and environment is
// the one of shared/conformance/README.md. Cases that depend on pi's
// JavaScript extensions become scripts that only skip, with the reason,
// unless -translations holds a translation of them (<case>/args.json):
// then the script holds the translation's files under
// $WORK/translation/<case>, adds its arguments to every command, compares
// build with the base prompt and build --input LINE with each input's run
// prompt, as the harness's --translations does. -prefix names the scripts
// of another cases folder (testdata/pi-ext-cases: piext_).
//
// -pi-version V takes the recordings of pi V (expected.V.json) instead of
// pi 0.83.0's. Every promptc command names its pipeline: pi@V, the
// pipeline of that version, unless -pipeline NAME says otherwise; pi
// 1.6.0's scripts are pi16_*.txtar:
//
//	go run ./tools/oracle2txtar -pi-version 1.6.0 -pipeline pi@1.6.0 -prefix pi16_
//
// Files are written only when their content changes, and pi_*.txtar files
// of cases that no longer exist are removed. With -check nothing is
// written: stale or missing scripts are listed and the exit status is 1.
package main

import (
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/promptc/promptc/tools/txtargen"
)

func main() {
	var f txtargen.Flags
	f.Define(flag.CommandLine, "../shared/oracle/pi/cases")
	cwdFlagCases := flag.String("cwd-flag", "ctx-basic,cwd-symlink,sys-cli-overrides,skills-precedence-collisions",
		"cases whose scripts also run every command from / with --cwd (comma list)")
	translations := flag.String("translations", "testdata/pi-translations",
		"folder of translations (<case>/args.json) of the cases that need JavaScript extensions (\"\" for none)")
	prefix := flag.String("prefix", "pi_", "script name prefix (the scripts of other cases with this prefix are removed)")
	var rec recording
	flag.StringVar(&rec.version, "pi-version", defaultPiVersion, "pi release whose recordings to use: expected.json for "+defaultPiVersion+", expected.VERSION.json otherwise")
	flag.StringVar(&rec.pipeline, "pipeline", "", "built-in pipeline every promptc run names with --pipeline (\"\": pi@VERSION, the pipeline of -pi-version)")
	txtargen.Main("oracle2txtar", func() error { return run(f, *cwdFlagCases, *translations, *prefix, rec) })
}

func run(f txtargen.Flags, cwdFlagCases, translations, prefix string, rec recording) error {
	if rec.pipeline == "" {
		rec.pipeline = "pi@" + rec.version
	}
	cases, err := loadCases(f.Cases, translations, rec)
	if err != nil {
		return err
	}
	if len(cases) == 0 {
		return fmt.Errorf("no case in %s", f.Cases)
	}
	withCwd := map[string]bool{}
	for _, n := range strings.Split(cwdFlagCases, ",") {
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
		want[scriptName(prefix, c.name)] = data
		delete(withCwd, c.name)
	}
	if len(withCwd) > 0 {
		return fmt.Errorf("-cwd-flag names unknown cases: %s", strings.Join(slices.Sorted(maps.Keys(withCwd)), ", "))
	}
	return f.Sync(prefix+"*.txtar", want)
}

// scriptName is the script file of a case.
func scriptName(prefix, caseName string) string {
	return prefix + strings.ReplaceAll(caseName, "-", "_") + ".txtar"
}
