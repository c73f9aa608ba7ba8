package main

import "path"

// copilotInvocation maps a Copilot CLI case: the cwd and HOME only (the
// copilot pipeline reads no environment variable besides HOME).
func copilotInvocation(c *agentCase, files map[string][]byte) (invocation, string, error) {
	inv := invocation{cwd: path.Join("fs", c.cwd)}
	if len(c.env) > 0 {
		return inv, "environment variable " + c.env[0].Key + " has no promptc equivalent", nil
	}
	if len(c.args) > 0 {
		return inv, "copilot argument " + c.args[0] + " has no promptc equivalent", nil
	}
	return inv, "", nil
}
