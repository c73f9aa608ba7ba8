package main

import (
	"path"
	"strings"
)

// codexKeys are the config.toml keys that change the AGENTS.md part and
// the pipeline params they set (CX-10).
var codexKeys = []string{"project_doc_max_bytes", "project_doc_fallback_filenames", "project_root_markers"}

// codexInvocation maps a Codex case: --cd and CODEX_HOME, then
// $CODEX_HOME/config.toml, a trusted project's .codex/config.toml
// (not project_root_markers), and -c key=value, later ones winning.
func codexInvocation(c *agentCase, files map[string][]byte) (invocation, string, error) {
	inv := invocation{cwd: path.Join("fs", c.cwd)}
	codexHome := "home/.codex"
	for _, e := range c.env {
		v := strings.ReplaceAll(e.Value, "<ROOT>", "$WORK")
		inv.env = append(inv.env, envVar(e.Key, v))
		if e.Key == "CODEX_HOME" {
			codexHome = strings.TrimPrefix(v, "$WORK/")
		}
	}
	set := map[string]string{}
	user, err := tomlFile(files, path.Join(codexHome, "config.toml"))
	if err != nil {
		return inv, "", err
	}
	var cliArgs [][2]string
	for i := 0; i < len(c.args); i++ {
		switch a := c.args[i]; {
		case a == "--cd" && i+1 < len(c.args):
			i++
			inv.cwd = strings.ReplaceAll(c.args[i], "<ROOT>", "$WORK")
		case a == "-c" && i+1 < len(c.args):
			i++
			k, v, _ := strings.Cut(c.args[i], "=")
			cliArgs = append(cliArgs, [2]string{k, v})
		default:
			return inv, "codex argument " + a + " has no promptc equivalent", nil
		}
	}
	if user != nil {
		for k, v := range user.top {
			set[k] = v
		}
		for h, t := range user.tables {
			proj, ok := strings.CutPrefix(h, "projects.")
			if !ok || t["trust_level"] != `"trusted"` {
				continue
			}
			dir := strings.TrimPrefix(strings.Trim(proj, `"`), "<ROOT>/")
			dir = strings.TrimPrefix(dir, "$WORK/")
			pc, err := tomlFile(files, path.Join(dir, ".codex", "config.toml"))
			if err != nil {
				return inv, "", err
			}
			if pc != nil {
				for k, v := range pc.top {
					if k != "project_root_markers" {
						set[k] = v
					}
				}
			}
		}
	}
	for _, kv := range cliArgs {
		set[kv[0]] = kv[1]
	}
	for _, k := range codexKeys {
		if v, ok := set[k]; ok {
			inv.params = append(inv.params, [2]string{k, v})
		}
	}
	return inv, "", nil
}

// tomlFile parses files[name], nil when there is no such file.
func tomlFile(files map[string][]byte, name string) (*tomlDoc, error) {
	b, ok := files[name]
	if !ok {
		return nil, nil
	}
	return parseTOML(name, b)
}
