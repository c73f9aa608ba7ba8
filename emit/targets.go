package emit

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"
)

// Scope says where files go: the repository (paths relative to its root)
// or the user's home (paths relative to HOME).
type Scope string

const (
	ScopeProject Scope = "project"
	ScopeUser    Scope = "user"
)

// Agent is one coding agent a target writes for.
type Agent struct {
	Name   string `json:"name"`
	Target string `json:"target"`
	// Pipeline is promptc's built-in pipeline that reproduces what the
	// agent loads (verified against the real CLI); "" when promptc has
	// none.
	Pipeline string `json:"pipeline,omitempty"`
	// quiet are flags of the pipeline that turn off what the check does
	// not read (pi's skills, prompt templates and tools): they change no
	// instruction file the agent loads.
	quiet []string
}

// agents lists every agent, grouped by target.
var agents = []Agent{
	{Name: "codex", Target: "agents-md", Pipeline: "codex"},
	{Name: "opencode", Target: "agents-md", Pipeline: "opencode"},
	{Name: "pi", Target: "agents-md", Pipeline: "default", quiet: []string{"no-skills", "no-prompt-templates", "no-tools"}},
	{Name: "claude-code", Target: "claude", Pipeline: "claude-code"},
	{Name: "gemini-cli", Target: "gemini", Pipeline: "gemini-cli"},
	{Name: "cursor", Target: "cursor"},
	{Name: "copilot", Target: "copilot", Pipeline: "copilot"},
	{Name: "windsurf", Target: "windsurf"},
	{Name: "cline", Target: "cline"},
}

// AgentNames are the names a section's agents: may use.
func AgentNames() []string {
	out := make([]string, len(agents))
	for i, a := range agents {
		out[i] = a.Name
	}
	return out
}

// agentsOf lists a target's agents.
func agentsOf(target string) []Agent {
	var out []Agent
	for _, a := range agents {
		if a.Target == target {
			out = append(out, a)
		}
	}
	return out
}

// target writes one dialect.
type target struct {
	id string
	// files are the files of the rules this target writes (already
	// filtered by agents:), and warnings for what it cannot express.
	files func(rules []Rule, scope Scope) ([]File, []Finding)
}

// targets in the order reports list them.
var targets = []target{
	{"agents-md", nestedFiles("agents-md", "AGENTS.md", map[string][]string{
		"codex": {".codex/AGENTS.md"}, "opencode": {".config/opencode/AGENTS.md"}, "pi": {".pi/agent/AGENTS.md"}})},
	{"claude", claudeFiles},
	{"gemini", nestedFiles("gemini", "GEMINI.md", map[string][]string{"gemini-cli": {".gemini/GEMINI.md"}})},
	{"cursor", cursorFiles},
	{"copilot", copilotFiles},
	{"windsurf", windsurfFiles},
	{"cline", clineFiles},
}

// TargetIDs are the target names a source's targets: may use.
func TargetIDs() []string {
	out := make([]string, len(targets))
	for i, t := range targets {
		out[i] = t.id
	}
	return out
}

func targetByID(id string) (target, bool) {
	for _, t := range targets {
		if t.id == id {
			return t, true
		}
	}
	return target{}, false
}

// File is one file a target writes. Path is slash-separated, relative to
// the scope's root. A shared file (Whole false) holds one managed block
// among text promptc keeps; a whole file (a rule file of its own) is
// promptc's from its front matter to the end marker.
type File struct {
	Path   string `json:"path"`
	Target string `json:"target"`
	// Agent is set when the file is one agent's only (a user-level file).
	Agent string   `json:"agent,omitempty"`
	Whole bool     `json:"whole"`
	Front string   `json:"front,omitempty"` // front matter with its fences, whole files only
	Body  string   `json:"body"`
	Rules []string `json:"rules"`
	// Limit is the target's character limit for the file (Windsurf), 0
	// for none.
	Limit int `json:"limit,omitempty"`
	// Scoped is the applies_to of a scoped rule file, for reports.
	Scoped []string `json:"applies_to,omitempty"`
}

// Finding is a warning or error about the source, a file or an agent.
type Finding struct {
	Severity string `json:"severity"` // error, warning, info
	Code     string `json:"code"`
	Agent    string `json:"agent,omitempty"`
	Target   string `json:"target,omitempty"`
	Rule     string `json:"rule,omitempty"`
	Path     string `json:"path,omitempty"`
	Message  string `json:"message"`
}

func (f Finding) String() string {
	var b strings.Builder
	b.WriteString(f.Severity)
	if f.Path != "" {
		b.WriteString(": " + f.Path)
	}
	b.WriteString(": " + f.Message)
	return b.String()
}

func warnf(code, target, rule, format string, args ...any) Finding {
	return Finding{Severity: "warning", Code: code, Target: target, Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// forTarget keeps the rules meant for at least one of the target's agents.
func forTarget(rules []Rule, t string) []Rule {
	var out []Rule
	for _, r := range rules {
		if len(r.Agents) == 0 {
			out = append(out, r)
			continue
		}
		for _, a := range agentsOf(t) {
			if slices.Contains(r.Agents, a.Name) {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

// joinRules is the body of a shared file: the rules' texts, a blank line
// between two.
func joinRules(rs []Rule) (string, []string) {
	var b strings.Builder
	ids := make([]string, 0, len(rs))
	for i, r := range rs {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(r.Text)
		ids = append(ids, r.ID)
	}
	return b.String(), ids
}

// names lists the agent names of a target, for warnings.
func names(t string) string {
	var out []string
	for _, a := range agentsOf(t) {
		out = append(out, a.Name)
	}
	return strings.Join(out, ", ")
}

// userOnlyUnscoped drops scoped rules at user scope, with a warning: a
// user-level file applies to every repository, so paths mean nothing.
func userOnlyUnscoped(rules []Rule, t string) ([]Rule, []Finding) {
	var keep []Rule
	var fs []Finding
	for _, r := range rules {
		if len(r.AppliesTo) > 0 {
			fs = append(fs, warnf("emit/user-scoped", t, r.ID, "rule %s applies to %s, which means nothing in a user-level file: not written for %s", r.ID, strings.Join(r.AppliesTo, ", "), names(t)))
			continue
		}
		keep = append(keep, r)
	}
	return keep, fs
}

// byScope picks a target's path for the scope: project, or user (where
// scoped rules are dropped with a warning, see userOnlyUnscoped).
func byScope(rules []Rule, t string, scope Scope, project, user string) ([]Rule, []Finding, string) {
	if scope == ScopeUser {
		keep, fs := userOnlyUnscoped(rules, t)
		return keep, fs, user
	}
	return rules, nil, project
}

// nestedFiles is the dialect of AGENTS.md and GEMINI.md: one file at the
// root for unscoped rules, one in each directory a scoped rule's pattern
// is a prefix of; at user scope, one file per agent (user paths).
func nestedFiles(t, name string, user map[string][]string) func([]Rule, Scope) ([]File, []Finding) {
	return func(rules []Rule, scope Scope) ([]File, []Finding) {
		var fs []Finding
		if scope == ScopeUser {
			rules, fs = userOnlyUnscoped(rules, t)
			var out []File
			for _, a := range agentsOf(t) {
				var mine []Rule
				for _, r := range rules {
					if len(r.Agents) == 0 || slices.Contains(r.Agents, a.Name) {
						mine = append(mine, r)
					}
				}
				if len(mine) == 0 {
					continue
				}
				body, ids := joinRules(mine)
				for _, p := range user[a.Name] {
					out = append(out, File{Path: p, Target: t, Agent: a.Name, Body: body, Rules: ids})
				}
			}
			return out, fs
		}
		byDir := map[string][]Rule{}
		var dirs []string
		add := func(dir string, r Rule) {
			if _, ok := byDir[dir]; !ok {
				dirs = append(dirs, dir)
			}
			if !slices.ContainsFunc(byDir[dir], func(x Rule) bool { return x.ID == r.ID }) {
				byDir[dir] = append(byDir[dir], r)
			}
		}
		for _, r := range rules {
			if len(r.AppliesTo) == 0 {
				add(".", r)
				continue
			}
			for _, p := range r.AppliesTo {
				dir, ok := dirPrefix(p)
				if !ok {
					fs = append(fs, warnf("emit/inexpressible", t, r.ID, "%s cannot express %q (only a directory prefix such as src/api/** becomes a nested %s): rule %s is not written for %s", names(t), p, name, r.ID, names(t)))
					continue
				}
				add(dir, r)
			}
		}
		slices.Sort(dirs)
		out := make([]File, 0, len(dirs))
		for _, d := range dirs {
			body, ids := joinRules(byDir[d])
			f := File{Path: path.Join(d, name), Target: t, Body: body, Rules: ids}
			if d != "." {
				f.Scoped = []string{d + "/**"}
			}
			out = append(out, f)
		}
		return out, fs
	}
}

// yamlString quotes s for a front matter value (JSON strings are YAML
// double-quoted scalars).
func yamlString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// yamlList is a block list of quoted strings, each item on its own line.
func yamlList(key string, items []string) string {
	var b strings.Builder
	b.WriteString(key + ":\n")
	for _, it := range items {
		b.WriteString("  - " + yamlString(it) + "\n")
	}
	return b.String()
}

func front(lines string) string { return "---\n" + lines + "---\n" }

// claudeFiles: unscoped rules in CLAUDE.md (~/.claude/CLAUDE.md at user
// scope), each scoped rule in .claude/rules/ID.md with paths: as a YAML
// list.
func claudeFiles(rules []Rule, scope Scope) ([]File, []Finding) {
	rules, fs, root := byScope(rules, "claude", scope, "CLAUDE.md", ".claude/CLAUDE.md")
	out, more := splitFiles("claude", root, rules, func(r Rule) (File, *Finding) {
		return File{Path: ".claude/rules/" + r.ID + ".md", Front: front(yamlList("paths", r.AppliesTo))}, nil
	})
	return out, append(fs, more...)
}

// splitFiles puts a target's unscoped rules in one shared file, root, and
// each scoped rule in a file of its own: scoped gives its path and front
// matter, or the finding why the rule cannot be written.
func splitFiles(t, root string, rules []Rule, scoped func(Rule) (File, *Finding)) ([]File, []Finding) {
	var plain []Rule
	var out []File
	var fs []Finding
	for _, r := range rules {
		if len(r.AppliesTo) == 0 {
			plain = append(plain, r)
			continue
		}
		f, bad := scoped(r)
		if bad != nil {
			fs = append(fs, *bad)
			continue
		}
		f.Target, f.Whole, f.Body, f.Rules, f.Scoped = t, true, r.Text, []string{r.ID}, r.AppliesTo
		out = append(out, f)
	}
	if len(plain) > 0 {
		body, ids := joinRules(plain)
		out = append([]File{{Path: root, Target: t, Body: body, Rules: ids}}, out...)
	}
	return out, fs
}

// commaGlobs joins a rule's patterns for a dialect whose key (Cursor's
// globs, Copilot's applyTo, Windsurf's globs) is one comma-separated
// string, or says why they cannot be.
func commaGlobs(t, key string, r Rule) (string, *Finding) {
	if !commaFree(r.AppliesTo) {
		f := warnf("emit/inexpressible", t, r.ID, "%s %s is a comma-separated list, so %q cannot be written: rule %s is not written for %s", t, key, strings.Join(r.AppliesTo, " "), r.ID, t)
		return "", &f
	}
	return strings.Join(r.AppliesTo, ","), nil
}

// cursorFiles: each rule in .cursor/rules/ID.mdc with description, globs
// (comma-separated) and alwaysApply. Cursor keeps user rules in its
// settings, not in files: nothing at user scope.
func cursorFiles(rules []Rule, scope Scope) ([]File, []Finding) {
	if scope == ScopeUser {
		if len(rules) == 0 {
			return nil, nil
		}
		return nil, []Finding{warnf("emit/no-user-files", "cursor", "", "cursor keeps user rules in its settings, not in a file: nothing written for cursor at user scope")}
	}
	var out []File
	var fs []Finding
	for _, r := range rules {
		desc := r.Doc
		if desc == "" {
			desc = r.ID
		}
		fm := "description: " + yamlString(desc) + "\n"
		if len(r.AppliesTo) == 0 {
			fm += "alwaysApply: true\n"
		} else {
			globs, bad := commaGlobs("cursor", "globs:", r)
			if bad != nil {
				fs = append(fs, *bad)
				continue
			}
			fm += "globs: " + globs + "\nalwaysApply: false\n"
		}
		out = append(out, File{Path: ".cursor/rules/" + r.ID + ".mdc", Target: "cursor", Whole: true, Front: front(fm), Body: r.Text, Rules: []string{r.ID}, Scoped: r.AppliesTo})
	}
	return out, fs
}

// copilotFiles: unscoped rules in .github/copilot-instructions.md
// (~/.copilot/copilot-instructions.md at user scope), each scoped rule in
// .github/instructions/ID.instructions.md with applyTo.
func copilotFiles(rules []Rule, scope Scope) ([]File, []Finding) {
	rules, fs, root := byScope(rules, "copilot", scope, ".github/copilot-instructions.md", ".copilot/copilot-instructions.md")
	out, more := splitFiles("copilot", root, rules, func(r Rule) (File, *Finding) {
		globs, bad := commaGlobs("copilot", "applyTo", r)
		return File{Path: ".github/instructions/" + r.ID + ".instructions.md", Front: front("applyTo: " + yamlString(globs) + "\n")}, bad
	})
	return out, append(fs, more...)
}

// Windsurf's documented limits: a workspace rule file, and the global
// rules file.
const (
	windsurfRuleLimit   = 12000
	windsurfGlobalLimit = 6000
)

// windsurfFiles: each rule in .windsurf/rules/ID.md with trigger:
// always_on or trigger: glob and globs; at user scope the unscoped rules
// in ~/.codeium/windsurf/memories/global_rules.md.
func windsurfFiles(rules []Rule, scope Scope) ([]File, []Finding) {
	if scope == ScopeUser {
		rules, fs := userOnlyUnscoped(rules, "windsurf")
		if len(rules) == 0 {
			return nil, fs
		}
		body, ids := joinRules(rules)
		return []File{{Path: ".codeium/windsurf/memories/global_rules.md", Target: "windsurf", Body: body, Rules: ids, Limit: windsurfGlobalLimit}}, fs
	}
	var out []File
	var fs []Finding
	for _, r := range rules {
		fm := "trigger: always_on\n"
		if len(r.AppliesTo) > 0 {
			globs, bad := commaGlobs("windsurf", "globs:", r)
			if bad != nil {
				fs = append(fs, *bad)
				continue
			}
			fm = "trigger: glob\nglobs: " + globs + "\n"
		}
		out = append(out, File{Path: ".windsurf/rules/" + r.ID + ".md", Target: "windsurf", Whole: true, Front: front(fm), Body: r.Text, Rules: []string{r.ID}, Limit: windsurfRuleLimit, Scoped: r.AppliesTo})
	}
	return out, fs
}

// clineFiles: each rule in .clinerules/ID.md, a scoped one with paths: as
// a YAML list; at user scope in ~/Documents/Cline/Rules/ID.md.
func clineFiles(rules []Rule, scope Scope) ([]File, []Finding) {
	rules, fs, dir := byScope(rules, "cline", scope, ".clinerules/", "Documents/Cline/Rules/")
	var out []File
	for _, r := range rules {
		f := File{Path: dir + r.ID + ".md", Target: "cline", Whole: true, Body: r.Text, Rules: []string{r.ID}, Scoped: r.AppliesTo}
		if len(r.AppliesTo) > 0 {
			f.Front = front(yamlList("paths", r.AppliesTo))
		}
		out = append(out, f)
	}
	return out, fs
}
