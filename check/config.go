package check

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/promptc/promptc/internal/lazyre"
)

// FileName is where a repository declares its checks, below its root.
const FileName = ".promptc/checks.yaml"

// Config is a parsed checks file.
type Config struct {
	// Path is the checks file as it was named; Dir its directory
	// (absolute); Repo the repository root, the parent of Dir.
	Path, Dir, Repo string
	// GoldenDir is where goldens are kept (absolute).
	GoldenDir string
	// Roots are the directories beside the repository that builds may
	// read (absolute).
	Roots  []string
	Checks []Check
}

// Check is one pipeline built from one directory and compared with its
// golden. Paths are absolute once loaded.
type Check struct {
	// Line is the check's line in the checks file.
	Line int
	Name string
	// Pipeline is the pipeline as written: a built-in's name, or a file
	// relative to the checks file, then File is its path.
	Pipeline, File string
	// Cwd is the working directory; Rel the same relative to the
	// repository root, as written ("." for the root).
	Cwd, Rel string
	// Args are the build's own arguments (the pipeline's flags:
	// --approve, --tools read,bash, …).
	Args []string
	// SystemLayer and UserLayer are the layer files
	// (PROMPTC_SYSTEM_CONFIG, PROMPTC_USER_CONFIG); "" means none.
	SystemLayer, UserLayer string
	Overlays               []string
	// Home is the fixture home ("": an empty home).
	Home string
	// Env are extra variables of the build.
	Env map[string]string
	// Date is today (YYYY-MM-DD); OS the host fact "os".
	Date, OS string
	// Live are the facts taken from this machine: "date", "os", "home".
	Live []string
	// MaxTokens fails a prompt over this many tokens (0: no limit);
	// MaxSectionTokens a section over its limit; FailOnCut a build in
	// which a cap or the budget cut anything.
	MaxTokens        int
	MaxSectionTokens map[string]int
	FailOnCut        bool
}

// ref is the pipeline as the host is asked for it.
func (ch Check) ref() string {
	if ch.File != "" {
		return ch.File
	}
	return ch.Pipeline
}

// Golden is the check's golden file in c.
func (c *Config) Golden(ch Check) string { return filepath.Join(c.GoldenDir, ch.Name+".golden") }

// ConfigError is a problem of the checks file, at a line and column.
type ConfigError struct {
	Path      string
	Line, Col int
	Msg, Hint string
}

func (e *ConfigError) Error() string {
	s := fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg)
	if e.Hint != "" {
		s += " (" + e.Hint + ")"
	}
	return s
}

// ConfigErrors are every problem of a checks file, in line order.
type ConfigErrors []*ConfigError

func (l ConfigErrors) Error() string {
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}

// Facts a check may take from this machine (live:).
var liveFacts = []string{"date", "os", "home"}

// Patterns of the checks file, compiled on first use (lazyre).
var (
	dateRE = lazyre.New(`^\d{4}-\d{2}-\d{2}$`)
	nameRE = lazyre.New(`^[A-Za-z0-9][A-Za-z0-9._@-]*$`)
	// yamlLineRE finds the line in a YAML syntax error.
	yamlLineRE = lazyre.New(`line (\d+)`)
)

// Parse reads a checks file whose content is data; path names it in
// errors and anchors its relative paths. Directories and files are not
// looked at here (see [Config.Verify]).
func Parse(path string, data []byte) (*Config, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(abs)
	c := &Config{Path: path, Dir: dir, Repo: filepath.Dir(dir), GoldenDir: filepath.Join(dir, "golden")}
	p := &parser{path: path, dir: dir}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		line := 1
		if m := yamlLineRE().FindStringSubmatch(err.Error()); m != nil {
			fmt.Sscan(m[1], &line)
		}
		return nil, ConfigErrors{{Path: path, Line: line, Col: 1, Msg: "not valid YAML: " + strings.TrimPrefix(err.Error(), "yaml: "), Hint: "the minimal form is checks: [{pipeline: default, cwd: .}]"}}
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, ConfigErrors{{Path: path, Line: 1, Col: 1, Msg: "a checks file is a mapping with a checks: list", Hint: "the minimal form is checks: [{pipeline: default, cwd: .}]"}}
	}
	top := doc.Content[0]
	sawChecks := false
	p.fields(top, func(key string, k, v *yaml.Node) {
		switch key {
		case "checks":
			sawChecks = true
			if v.Kind != yaml.SequenceNode {
				p.fail(v, "checks: is a list of checks", "")
				return
			}
			for _, item := range v.Content {
				if ch, ok := p.check(item); ok {
					c.Checks = append(c.Checks, ch)
				}
			}
		case "golden_dir":
			c.GoldenDir = p.relPath(v)
		case "roots":
			c.Roots = p.paths(v)
		default:
			p.fail(k, fmt.Sprintf("unknown key %q", key), "the keys are checks, golden_dir and roots")
		}
	})
	if !sawChecks && len(p.errs) == 0 {
		p.fail(top, "no checks: list", "the minimal form is checks: [{pipeline: default, cwd: .}]")
	}
	seen := map[string]int{}
	for _, ch := range c.Checks {
		if prev, ok := seen[ch.Name]; ok {
			p.errs = append(p.errs, &ConfigError{Path: path, Line: ch.Line, Col: 3, Msg: fmt.Sprintf("check %s: its golden name is also line %d's", ch.Name, prev), Hint: "give one of them a name:"})
			continue
		}
		seen[ch.Name] = ch.Line
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	for i := range c.Checks {
		c.Checks[i].Cwd = filepath.Join(c.Repo, c.Checks[i].Rel)
	}
	return c, nil
}

type parser struct {
	path, dir string
	errs      ConfigErrors
}

func (p *parser) fail(n *yaml.Node, msg, hint string) {
	p.errs = append(p.errs, &ConfigError{Path: p.path, Line: n.Line, Col: n.Column, Msg: msg, Hint: hint})
}

// fields calls f for each key of mapping n.
func (p *parser) fields(n *yaml.Node, f func(key string, k, v *yaml.Node)) {
	if n.Kind != yaml.MappingNode {
		p.fail(n, "want a mapping", "")
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		f(n.Content[i].Value, n.Content[i], n.Content[i+1])
	}
}

func (p *parser) str(v *yaml.Node) string {
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
		p.fail(v, "want a string", "")
		return ""
	}
	return v.Value
}

func (p *parser) strs(v *yaml.Node) []string {
	if v.Kind == yaml.ScalarNode {
		return []string{p.str(v)}
	}
	return p.list(v, "want a list of strings", p.str)
}

// list applies f to each item of sequence v.
func (p *parser) list(v *yaml.Node, msg string, f func(*yaml.Node) string) []string {
	if v.Kind != yaml.SequenceNode {
		p.fail(v, msg, "")
		return nil
	}
	var out []string
	for _, e := range v.Content {
		out = append(out, f(e))
	}
	return out
}

func (p *parser) int(v *yaml.Node) int {
	var n int
	if v.Kind != yaml.ScalarNode || v.Decode(&n) != nil || n <= 0 {
		p.fail(v, "want a positive whole number of tokens", "")
	}
	return n
}

// path is a path relative to the checks file's directory.
func (p *parser) relPath(v *yaml.Node) string {
	s := p.str(v)
	if s == "" {
		return ""
	}
	if filepath.IsAbs(s) {
		p.fail(v, fmt.Sprintf("%s: an absolute path does not hold on another checkout", s), "write it relative to the checks file")
		return s
	}
	return filepath.Join(p.dir, filepath.FromSlash(s))
}

func (p *parser) paths(v *yaml.Node) []string { return p.list(v, "want a list of paths", p.relPath) }

func (p *parser) check(n *yaml.Node) (Check, bool) {
	before := len(p.errs)
	ch := Check{Line: n.Line}
	var cwdNode *yaml.Node
	p.fields(n, func(key string, k, v *yaml.Node) {
		switch key {
		case "name":
			ch.Name = p.str(v)
			if ch.Name != "" && !nameRE().MatchString(ch.Name) {
				p.fail(v, fmt.Sprintf("name %q: a golden's file name has letters, digits and . _ @ - only", ch.Name), "")
			}
		case "pipeline":
			// A built-in's name, or a pipeline file relative to the checks file.
			if ch.Pipeline = p.str(v); strings.Contains(ch.Pipeline, "/") || strings.HasSuffix(ch.Pipeline, ".yaml") || strings.HasSuffix(ch.Pipeline, ".yml") {
				ch.File = p.relPath(v)
			}
		case "cwd":
			cwdNode = v
			ch.Rel = p.str(v)
		case "args":
			ch.Args = p.strs(v)
		case "system_layer":
			ch.SystemLayer = p.relPath(v)
		case "user_layer":
			ch.UserLayer = p.relPath(v)
		case "overlays":
			ch.Overlays = p.paths(v)
		case "home":
			ch.Home = p.relPath(v)
		case "env":
			ch.Env = map[string]string{}
			p.fields(v, func(key string, _, val *yaml.Node) { ch.Env[key] = p.str(val) })
		case "date":
			if ch.Date = p.str(v); !dateRE().MatchString(ch.Date) {
				p.fail(v, fmt.Sprintf("date %q: want YYYY-MM-DD", ch.Date), "")
			}
		case "os":
			ch.OS = p.str(v)
		case "live":
			for i, f := range p.strs(v) {
				if !slices.Contains(liveFacts, f) {
					at := v
					if v.Kind == yaml.SequenceNode {
						at = v.Content[i]
					}
					p.fail(at, fmt.Sprintf("live: %q is not a fact a check takes from the machine", f), "date, os or home")
				}
				ch.Live = append(ch.Live, f)
			}
		case "max_tokens":
			ch.MaxTokens = p.int(v)
		case "max_section_tokens":
			ch.MaxSectionTokens = map[string]int{}
			p.fields(v, func(key string, _, val *yaml.Node) { ch.MaxSectionTokens[key] = p.int(val) })
		case "fail_on_cut":
			if v.Decode(&ch.FailOnCut) != nil {
				p.fail(v, "fail_on_cut: want true or false", "")
			}
		default:
			p.fail(k, fmt.Sprintf("unknown key %q", key), "a check's keys are pipeline, cwd, name, args, system_layer, user_layer, overlays, home, env, date, os, live, max_tokens, max_section_tokens, fail_on_cut")
		}
	})
	if n.Kind != yaml.MappingNode {
		return ch, false
	}
	if ch.Pipeline == "" {
		p.fail(n, "a check needs a pipeline:", "pipeline: default")
	}
	if cwdNode == nil {
		ch.Rel = "."
	} else if filepath.IsAbs(ch.Rel) || ch.Rel == ".." || strings.HasPrefix(filepath.ToSlash(filepath.Clean(ch.Rel)), "../") {
		p.fail(cwdNode, fmt.Sprintf("cwd %s: not a directory of the repository", ch.Rel), "write it relative to the repository root, the directory holding .promptc")
	}
	ch.Rel = filepath.ToSlash(filepath.Clean(ch.Rel))
	if ch.OS == "" {
		ch.OS = "linux"
	}
	if ch.Date == "" {
		ch.Date = "2026-01-01"
	}
	if ch.Name == "" {
		ch.Name = defaultName(ch.Pipeline, ch.Rel)
	}
	return ch, len(p.errs) == before
}

// defaultName is PIPELINE--DIR, the directory's slashes as "-" and the
// root as "root": default--root, pi@1.6.0--packages-api.
func defaultName(pipeline, rel string) string {
	d := "root"
	if rel != "." {
		d = strings.ReplaceAll(rel, "/", "-")
	}
	return strings.NewReplacer("/", "-", "\\", "-", " ", "-").Replace(filepath.Base(pipeline)) + "--" + d
}
