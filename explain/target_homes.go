package explain

import (
	"fmt"
	"path"
	"strings"
)

// agentHome is a place where an agent keeps skills or instructions: a
// directory or file under the home ("~/.claude/skills") or in a project
// (".claude/skills", "GEMINI.md"). explain TARGET names the agent when a
// pipeline of another agent reports nothing about a path there.
type agentHome struct {
	agent string // the agent key agentOf returns
	name  string // the agent's product name
	dir   string // "~/..." under the home, else a project-relative path
	what  string // "skills" or "instructions"
}

// agentHomes are Claude Code's, Codex's, Gemini CLI's, opencode's,
// Copilot's and Cursor's usual homes for skills and rules.
var agentHomes = []agentHome{
	{"claude-code", "Claude Code", "~/.claude/skills", "skills"},
	{"claude-code", "Claude Code", ".claude/skills", "skills"},
	{"claude-code", "Claude Code", "~/.claude/CLAUDE.md", "instructions"},
	{"claude-code", "Claude Code", "~/.claude/rules", "instructions"},
	{"claude-code", "Claude Code", ".claude/CLAUDE.md", "instructions"},
	{"claude-code", "Claude Code", ".claude/rules", "instructions"},
	{"claude-code", "Claude Code", "CLAUDE.local.md", "instructions"},
	{"codex", "Codex CLI", "~/.codex/skills", "skills"},
	{"codex", "Codex CLI", "~/.codex/AGENTS.md", "instructions"},
	{"gemini-cli", "Gemini CLI", "~/.gemini/skills", "skills"},
	{"gemini-cli", "Gemini CLI", ".gemini/skills", "skills"},
	{"gemini-cli", "Gemini CLI", "~/.gemini/GEMINI.md", "instructions"},
	{"gemini-cli", "Gemini CLI", "GEMINI.md", "instructions"},
	{"opencode", "opencode", "~/.config/opencode/skill", "skills"},
	{"opencode", "opencode", "~/.config/opencode/skills", "skills"},
	{"opencode", "opencode", ".opencode/skill", "skills"},
	{"opencode", "opencode", ".opencode/skills", "skills"},
	{"opencode", "opencode", "~/.config/opencode/AGENTS.md", "instructions"},
	{"copilot", "GitHub Copilot", ".github/copilot-instructions.md", "instructions"},
	{"copilot", "GitHub Copilot", ".github/instructions", "instructions"},
	{"cursor", "Cursor", ".cursor/rules", "instructions"},
	{"cursor", "Cursor", ".cursorrules", "instructions"},
}

// agentOf is the agent the pipeline reproduces (agentOfPipeline).
func (a *asker) agentOf() string { return agentOfPipeline(a.r.Pipeline) }

// agentName is how answers name the pipeline's agent.
func (a *asker) agentName() string {
	switch a.agentOf() {
	case "":
		return "pipeline " + a.r.Pipeline
	case "pi":
		return "pi (pipeline " + a.r.Pipeline + ")"
	}
	return a.agentOf() + " (pipeline " + a.r.Pipeline + ")"
}

// homeDir expands a home's "~/".
func (a *asker) homeDir(dir string) string {
	if rest, ok := strings.CutPrefix(dir, "~/"); ok {
		return path.Join(a.q.Home, rest)
	}
	return dir
}

// otherAgent answers about p when it is in another agent's home: this
// agent does not read it (nil when p is in no such home, or in one of this
// agent's own).
func (a *asker) otherAgent(p string) *Answer {
	var hits []agentHome
	for _, h := range agentHomes {
		if a.inHome(p, h) {
			hits = append(hits, h)
		}
	}
	if len(hits) == 0 {
		return nil
	}
	var names []string
	for _, h := range hits {
		if h.agent == a.agentOf() {
			return nil // its own place: the sources' reports speak for it
		}
		if !strings.Contains(strings.Join(names, ", "), h.name) {
			names = append(names, h.name)
		}
	}
	h := hits[0]
	ans := &Answer{Pipeline: a.r.Pipeline, Kind: "file", Path: p, Rule: RuleNotRead}
	where := h.dir
	if h.what == "skills" {
		ans.Kind = "skill"
		if path.Dir(p) == a.homeDir(h.dir) && a.exists(path.Join(p, "SKILL.md")) {
			ans.Name = path.Base(p) // a skill directory: its name is the directory's
		}
		ans.Because = fmt.Sprintf("%s does not read %s (%s's skills)", a.agentName(), where, strings.Join(names, "'s and "))
		switch {
		case a.q.SkillFlag != "":
			ans.Change = fmt.Sprintf("add it with %s %s, or with a layer's resources.skills", a.q.SkillFlag, p)
		default:
			ans.Change = "add it with a layer"
		}
		return ans
	}
	ans.Because = fmt.Sprintf("%s does not read %s (%s's instructions)", a.agentName(), where, strings.Join(names, "'s and "))
	ans.Change = "add it with a layer (a file source and a section that renders it), or give its text a name this agent reads"
	return ans
}

// inHome reports whether p is h's place or inside it: under the home for
// "~/" homes, else in any directory (a project's).
func (a *asker) inHome(p string, h agentHome) bool {
	if strings.HasPrefix(h.dir, "~/") {
		d := a.homeDir(h.dir)
		return p == d || strings.HasPrefix(p, d+"/")
	}
	return strings.HasSuffix(p, "/"+h.dir) || strings.Contains(p, "/"+h.dir+"/")
}
