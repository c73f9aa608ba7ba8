package main

import (
	"path"
	"strings"
)

// opencodeInvocation maps an opencode case: its env goes to promptc
// unchanged (the pipeline binds opencode's variables); the config files
// are files of the case that the opencode_instructions kind reads.
func opencodeInvocation(c *agentCase, files map[string][]byte) (invocation, string, error) {
	inv := invocation{cwd: path.Join("fs", c.cwd)}
	for _, e := range c.env {
		inv.env = append(inv.env, envVar(e.Key, strings.ReplaceAll(e.Value, "<ROOT>", "$WORK")))
	}
	if len(c.args) > 0 {
		return inv, "opencode argument " + c.args[0] + " has no promptc equivalent", nil
	}
	return inv, "", nil
}
