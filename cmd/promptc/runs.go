package main

import (
	"io"

	"github.com/promptc/promptc/engine"
)

// inputFlag is --input LINE: the prompt of the run LINE starts, after
// /skill: and prompt-template expansion and the pipeline's transforms
// (host.Request.Inputs).
var inputFlag = flagDef{name: "input", kind: listFlag, metavar: "LINE", help: "the prompt of the run LINE starts, after its transforms (repeatable with --json: one run each)"}

// printRuns prints the warnings of every run.
func printRuns(w io.Writer, runs []engine.RunResult) {
	for _, r := range runs {
		printWarnings(w, r.Diagnostics)
	}
}
