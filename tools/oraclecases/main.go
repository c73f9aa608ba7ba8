// Command oraclecases turns the oracle testscripts of cmd/promptc (the
// pi_*.txtar, pi16_*.txtar, cow_*.txtar and cowhead_*.txtar goldens that oracle2txtar and cow2txtar
// generate from the recorded pi and CowAgent cases) into promptc test
// case files, so that promptc test runs the same 90-odd real cases:
//
//	go run ./tools/oraclecases            # rewrite testdata/promptc-tests/{pi,pi-ext,pi16,pi16-ext,pi16-extra,cowagent,cowagent-head}
//	go run ./tools/oraclecases -check     # write nothing; fail when a case is stale
//
// Each promptc build of a script becomes one case: its archive files,
// the script's mkdir, symlink, chmod and content commands as the case's
// fs file, its env and cd as env lines (cd as PWD), the build's words as
// args and the golden prompt as want. pi's cases that the oracle ran
// from / with --cwd as well become a second case, NAME_cwd_flag. A
// script that only skips (pi extensions) has no case; the generated
// README.md lists it with the reason. [root] unprivileged needs nothing:
// the runner's sandbox checks permission bits as the files' owner does.
//
// The scripts are the input, not ../shared: they are checked in and kept
// faithful to the oracle by their own generators, so one translation of
// the oracle's semantics serves both harnesses.
package main

import (
	"flag"
	"path/filepath"

	"github.com/promptc/promptc/tools/txtargen"
)

func main() {
	scripts := flag.String("scripts", "testdata/scripts", "folder of the oracle testscripts")
	out := flag.String("out", "testdata/promptc-tests", "folder of the case files (pi/ and cowagent/ below it)")
	check := flag.Bool("check", false, "write nothing; fail when a case file is stale or missing")
	txtargen.Main("oraclecases", func() error {
		sets, err := convertAll(*scripts)
		if err != nil {
			return err
		}
		for _, set := range sets {
			if err := txtargen.Sync(filepath.Join(*out, set.dir), "*.txtar", set.files, *check, osStderr()); err != nil {
				return err
			}
		}
		return txtargen.Sync(*out, "README.md", map[string][]byte{"README.md": readme(sets)}, *check, osStderr())
	})
}
