package main

import (
	"path"
	"strings"
)

// claudeFlags are the claude arguments the claude-code pipeline has as
// flags of the same name, each taking one value.
var claudeFlags = map[string]bool{"--setting-sources": true, "--add-dir": true}

// claudeInvocation maps a Claude Code case: its env and its CLI flags go
// to promptc unchanged (the pipeline binds the same names); the JSON
// settings files are files of the case that the claude_md kind reads.
func claudeInvocation(c *agentCase, files map[string][]byte) (invocation, string, error) {
	inv := invocation{cwd: path.Join("fs", c.cwd)}
	for _, e := range c.env {
		inv.env = append(inv.env, envVar(e.Key, strings.ReplaceAll(e.Value, "<ROOT>", "$WORK")))
	}
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if !claudeFlags[a] || i+1 == len(c.args) {
			return inv, "claude argument " + a + " has no promptc equivalent", nil
		}
		i++
		inv.flags = append(inv.flags, a, strings.ReplaceAll(c.args[i], "<ROOT>", "$WORK"))
	}
	return inv, "", nil
}
