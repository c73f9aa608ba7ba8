// Command keepup checks promptc against a new release of an agent: it
// records the curated cases with the real agent (the oracle), runs
// promptc's pipeline for the nearest verified version over them, and
// reports which cases and which sections (with the rules their docs cite)
// changed. See docs/keep-up.md for the whole procedure.
//
//	go run ./tools/keepup -version 1.6.0                       # install pi 1.6.0's oracle, record, compare
//	go run ./tools/keepup -version 1.6.0 -oracle DIR           # an installed oracle of that version
//	go run ./tools/keepup -version 1.6.0 -pipeline pi@0.83.0   # compare with a given pipeline
//
// Only pi is automated (-agent pi): its oracle records any pi release from
// npm. The recordings go to a copy of the cases (-out, default a temporary
// folder), never into ../shared. Exit status: 0 every recorded case
// passes, 1 some case changed, 2 usage, 3 the oracle or the harness failed.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	var o options
	flag.StringVar(&o.agent, "agent", "pi", "the agent (only pi is automated)")
	flag.StringVar(&o.version, "version", "", "the agent release to check (required), e.g. 1.7.0")
	flag.StringVar(&o.oracle, "oracle", "", "an installed oracle of that release (oracle.mjs and node_modules); \"\": install one with npm")
	flag.StringVar(&o.shared, "shared", "../shared", "the shared folder (oracles, cases, conformance harness)")
	flag.StringVar(&o.cases, "cases", "", "the cases to record (default: SHARED/oracle/pi/cases)")
	flag.StringVar(&o.pipeline, "pipeline", "", "the pipeline to compare with (default: the nearest verified version's)")
	flag.StringVar(&o.promptc, "promptc", "", "the promptc binary (default: go build ./cmd/promptc)")
	flag.StringVar(&o.out, "out", "", "where the recorded copy of the cases goes (default: a temporary folder, removed)")
	flag.BoolVar(&o.json, "json", false, "print the report as JSON")
	flag.Parse()
	if o.version == "" || o.agent != "pi" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: keepup -version V [-agent pi] [-oracle DIR] [-pipeline NAME] [-cases DIR] [-promptc BIN] [-out DIR] [-json]")
		os.Exit(2)
	}
	rep, err := run(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "keepup:", err)
		os.Exit(3)
	}
	if err := rep.write(os.Stdout, o.json); err != nil {
		fmt.Fprintln(os.Stderr, "keepup:", err)
		os.Exit(3)
	}
	if rep.Failed > 0 {
		os.Exit(1)
	}
}
