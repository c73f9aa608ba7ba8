package main

import (
	"path"
	"strings"
)

// geminiInvocation maps a Gemini CLI case: its env goes to promptc
// unchanged (GEMINI_CLI_TRUST_WORKSPACE is a pipeline env), and
// --include-directories is the pipeline flag of the same name;
// settings.json is a file of the case that the gemini_memory kind reads.
func geminiInvocation(c *agentCase, files map[string][]byte) (invocation, string, error) {
	inv := invocation{cwd: path.Join("fs", c.cwd)}
	for _, e := range c.env {
		inv.env = append(inv.env, envVar(e.Key, strings.ReplaceAll(e.Value, "<ROOT>", "$WORK")))
	}
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if a != "--include-directories" || i+1 == len(c.args) {
			return inv, "gemini argument " + a + " has no promptc equivalent", nil
		}
		i++
		inv.flags = append(inv.flags, a, strings.ReplaceAll(c.args[i], "<ROOT>", "$WORK"))
	}
	return inv, "", nil
}
