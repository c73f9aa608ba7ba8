package main

import (
	"path"
	"strings"
)

// codexInvocation maps a Codex case: its env goes to promptc unchanged
// (CODEX_HOME is a pipeline env), --cd is --cwd and -c KEY=VALUE is
// --param KEY=VALUE (a TOML integer or array of strings reads the same as
// YAML). The config files are files of the case that the codex_docs kind
// reads itself.
func codexInvocation(c *agentCase, files map[string][]byte) (invocation, string, error) {
	inv := invocation{cwd: path.Join("fs", c.cwd)}
	for _, e := range c.env {
		inv.env = append(inv.env, envVar(e.Key, strings.ReplaceAll(e.Value, "<ROOT>", "$WORK")))
	}
	for i := 0; i < len(c.args); i++ {
		switch a := c.args[i]; {
		case a == "--cd" && i+1 < len(c.args):
			i++
			inv.cwd = strings.ReplaceAll(c.args[i], "<ROOT>", "$WORK")
		case a == "-c" && i+1 < len(c.args):
			i++
			k, v, _ := strings.Cut(c.args[i], "=")
			inv.params = append(inv.params, [2]string{k, v})
		default:
			return inv, "codex argument " + a + " has no promptc equivalent", nil
		}
	}
	return inv, "", nil
}
