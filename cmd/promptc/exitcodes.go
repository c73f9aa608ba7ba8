package main

// Exit codes of promptc.
const (
	exitOK       = 0 // the prompt or report was produced (warnings included)
	exitSpec     = 1 // pipeline errors: YAML, schema, compile, run-time expression
	exitUsage    = 2 // bad command line
	exitInternal = 3 // I/O or internal failure
	exitPolicy   = 6 // a run refused: its prompt would lose a locked, required or final section (engine.PolicyError)
)
