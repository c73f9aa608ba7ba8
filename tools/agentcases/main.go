// Command agentcases turns the recorded agent cases of testdata/agents
// (a file tree, a HOME, a cwd, the agent's settings, and what the real
// CLI sent) into promptc test case files, one per case and instruction
// part, so that promptc test checks the built-in pipelines codex,
// claude-code, gemini-cli and opencode against the captures byte for
// byte without the CLIs:
//
//	go run ./tools/agentcases            # rewrite testdata/promptc-tests/agents
//	go run ./tools/agentcases -check     # write nothing; fail when a case is stale
//	go run ./tools/agentcases -captures DIR -out OUT -readdir-out OUT2   # cases from fresh captures (testdata/agents/verify.sh)
//
// A case becomes: its tree/ under $WORK/fs and home/ under $WORK/home,
// an empty .git directory for each git line, its setup ops as archive
// files and fs commands, the agent's settings (config files, env, CLI
// arguments) as the pipeline's params, and the part's recorded text,
// <ROOT> written $WORK, as want. A case that needs something promptc
// cannot express (git history) is left out; the generated README.md lists
// it with the reason. An environment-specific case (its answer follows the
// file system's listing order) is written to the readdir folder instead,
// with the listing recorded with it (readdir.go).
package main

import (
	"flag"
	"path/filepath"

	"github.com/promptc/promptc/tools/txtargen"
)

func main() {
	cases := flag.String("cases", "testdata/agents/cases", "folder of the recorded agent cases")
	out := flag.String("out", "testdata/promptc-tests/agents", "folder of the case files (one folder per agent below it)")
	check := flag.Bool("check", false, "write nothing; fail when a case file is stale or missing")
	readdirOut := flag.String("readdir-out", "testdata/agents/readdir-tests", "folder of the environment-specific case files (one folder per agent below it)")
	captures := flag.String("captures", "", "read each case's expected.json from DIR/<agent>/<case>/ (record.py --out DIR) instead of the case dir")
	txtargen.Main("agentcases", func() error {
		sets, rsets, err := convertBoth(*cases, *captures)
		if err != nil {
			return err
		}
		for i, s := range sets {
			if err := txtargen.Sync(filepath.Join(*out, s.agent), "*.txtar", s.files, *check, osStderr()); err != nil {
				return err
			}
			if err := txtargen.Sync(filepath.Join(*readdirOut, s.agent), "*.txtar", rsets[i].files, *check, osStderr()); err != nil {
				return err
			}
		}
		return txtargen.Sync(*out, "README.md", map[string][]byte{"README.md": readme(sets, rsets)}, *check, osStderr())
	})
}

// convertBoth is convertAll, then the readdir cases of every agent.
func convertBoth(cases, captures string) ([]*set, []*readdirSet, error) {
	sets, err := convertAll(cases, captures)
	if err != nil {
		return nil, nil, err
	}
	rsets := make([]*readdirSet, len(sets))
	for i, s := range sets {
		if rsets[i], err = convertReaddir(agents[i], s, cases, captures); err != nil {
			return nil, nil, err
		}
	}
	return sets, rsets, nil
}
