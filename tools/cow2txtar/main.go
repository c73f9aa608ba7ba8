// Command cow2txtar turns the recorded CowAgent oracle cases into
// testscript goldens for cmd/promptc, one script per case:
//
//	go run ./tools/cow2txtar -cases ../shared/oracle/cowagent/cases -out testdata/scripts
//
// Each case <name> becomes cow_<name with - as _>.txtar. The script does
// what shared/conformance/cowagent.py does for the case at target i18n,
// with the oracle root /tmp/cowagent-oracle as the script's $WORK: it lays
// out workspace_before_build, builtin_skills_before_build, the empty cwd
// and, for inject_error, the regular file at skills.custom_dir; writes the
// params file (conformance/cowagent.md) into $WORK/harness with an empty
// $WORK/harness/home as HOME; runs
//
//	promptc build --pipeline cowagent --cwd DIR --params $WORK/harness/params.json
//
// in DIR (workspace_dir verbatim, or the empty cwd) with TZ=UTC and
// LANG=C.UTF-8; and compares stdout byte for byte with the golden prompt
// through cmpwork. Paths of the oracle root in the params and the golden
// are written $WORK (subst-work makes the params physical again). One
// difference from the harness: skills.env.PATH is a fixed
// /usr/local/bin:/usr/bin:/bin, since a script cannot write its own PATH
// into a file. Cases the harness skips become scripts that only skip.
//
// Files are written only when their content changes, and cow_*.txtar
// files of cases that no longer exist are removed. With -check nothing is
// written: stale or missing scripts are listed and the exit status is 1.
package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/promptc/promptc/tools/txtargen"
)

func main() {
	var f txtargen.Flags
	f.Define(flag.CommandLine, "../shared/oracle/cowagent/cases")
	txtargen.Main("cow2txtar", func() error { return run(f) })
}

func run(f txtargen.Flags) error {
	cases, err := loadCases(f.Cases)
	if err != nil {
		return err
	}
	if len(cases) == 0 {
		return fmt.Errorf("no case in %s", f.Cases)
	}
	want := map[string][]byte{}
	for _, c := range cases {
		data, err := generate(c)
		if err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
		want[scriptName(c.name)] = data
	}
	return f.Sync("cow_*.txtar", want)
}

// scriptName is the script file of a case.
func scriptName(caseName string) string {
	return "cow_" + strings.ReplaceAll(caseName, "-", "_") + ".txtar"
}
