package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/pipelines"
)

// cmdPipelines lists the built-in pipelines; `pipelines show NAME` prints
// one's YAML, the starting point for a pipeline of one's own.
func cmdPipelines(args []string, stdout io.Writer) error {
	switch {
	case len(args) == 0:
		for _, n := range pipelines.Names() {
			fmt.Fprintln(stdout, n)
		}
		return nil
	case len(args) == 1 && (args[0] == "--help" || args[0] == "-h"):
		return writeNamedHelp(stdout, "pipelines")
	case args[0] == "show" && len(args) == 2:
		data, ok := pipelines.Lookup(args[1])
		if !ok {
			msg := fmt.Sprintf("no built-in pipeline %q (built in: %s)", args[1], strings.Join(pipelines.Names(), ", "))
			if s := diag.DidYouMean(args[1], pipelines.Names()); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return usageError{msg}
		}
		_, err := stdout.Write(data)
		return err
	}
	return usageError{"pipelines takes no arguments, or show NAME"}
}
