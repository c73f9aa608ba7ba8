// Command cow2txtar turns the recorded CowAgent oracle cases into
// testscript goldens for cmd/promptc, one script per case and revision:
//
//	go run ./tools/cow2txtar                 # target i18n: cow_*.txtar, pipeline cowagent@i18n
//	go run ./tools/cow2txtar -target head    # target head: cowhead_*.txtar, pipeline cowagent@head
//
// -cases DIR[,DIR...] replaces the target's case folders (i18n: the shared
// cases; head: those and testdata/cowagent-head-cases, the cases recorded
// for head's own inputs), -out the scripts folder (testdata/scripts).
//
// Each case <name> becomes <prefix><name with - as _>.txtar. The script does
// what shared/conformance/cowagent.py does for the case at the target,
// with the oracle root /tmp/cowagent-oracle as the script's $WORK: it lays
// out workspace_before_build, builtin_skills_before_build, the empty cwd
// and, for inject_error, the regular file at skills.custom_dir; writes the
// params file (conformance/cowagent.md) into $WORK/harness with an empty
// $WORK/harness/home as HOME; runs
//
//	promptc build --pipeline PIPELINE --cwd DIR --params $WORK/harness/params.json
//
// in DIR (workspace_dir verbatim, or the empty cwd) with TZ=UTC and
// LANG=C.UTF-8; and compares stdout byte for byte with the golden prompt
// through cmpwork. Paths of the oracle root in the params and the golden
// are written $WORK (subst-work makes the params physical again). One
// difference from the harness: skills.env.PATH is a fixed
// /usr/local/bin:/usr/bin:/bin, since a script cannot write its own PATH
// into a file. Cases the harness skips become scripts that only skip. At
// target head the scripts go one step further than the harness: CowAgent's
// head-only inputs (project_dir, permission_mode, skip_context_files,
// conf agent_permission_mode) become params of cowagent@head, which
// declares them, and a project dir is created as the oracle creates it.
//
// Files are written only when their content changes, and cow_*.txtar
// files of cases that no longer exist are removed. With -check nothing is
// written: stale or missing scripts are listed and the exit status is 1.
package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/tools/txtargen"
)

func main() {
	var f txtargen.Flags
	f.Define(flag.CommandLine, "") // "" = the target's case folders
	target := flag.String("target", "i18n", "CowAgent revision: i18n or head")
	txtargen.Main("cow2txtar", func() error {
		rev, err := findRevision(*target)
		if err != nil {
			return err
		}
		return run(f, rev)
	})
}

func run(f txtargen.Flags, rev revision) error {
	want := map[string][]byte{}
	for _, dir := range rev.caseDirs(f.Cases) {
		cases, err := loadCases(dir, rev)
		if err != nil {
			return err
		}
		if len(cases) == 0 {
			return fmt.Errorf("no case in %s", dir)
		}
		for _, c := range cases {
			data, err := generate(c)
			if err != nil {
				return fmt.Errorf("%s: %w", c.name, err)
			}
			name := scriptName(rev, c.name)
			if _, dup := want[name]; dup {
				return fmt.Errorf("%s: a case of that name is in an earlier folder", filepath.Join(dir, c.name))
			}
			want[name] = data
		}
	}
	return f.Sync(rev.prefix+"*.txtar", want)
}

// scriptName is the script file of a case.
func scriptName(rev revision, caseName string) string {
	return rev.prefix + strings.ReplaceAll(caseName, "-", "_") + ".txtar"
}
