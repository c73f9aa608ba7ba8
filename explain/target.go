package explain

import (
	"fmt"
	"io"
	"path"
	"slices"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/sources"
)

// Answer is what `promptc explain TARGET` says about one thing: whether it
// is in the prompt, where, because of which rule, and what would change
// it. Its JSON form is the output of `promptc explain --json TARGET`.
type Answer struct {
	Target   string `json:"target"`
	Pipeline string `json:"pipeline"`
	// Kind is what the target named: section, context_file, skill,
	// template, tool, layer or file (a file no source of the pipeline
	// read).
	Kind string `json:"kind"`
	Name string `json:"name,omitempty"`
	Path string `json:"path,omitempty"`
	// InPrompt says the target's text is in the prompt; Where locates it.
	InPrompt bool   `json:"in_prompt"`
	Where    *Where `json:"where,omitempty"`
	// Rule is the rule that decided, as a code (RuleListed, RuleTrust, ...);
	// Because says it in a sentence, with the source that applied it.
	Rule    string `json:"rule"`
	Because string `json:"because"`
	// Change names the layer, key or flag that would change the answer
	// ("" when nothing simple would).
	Change string `json:"change,omitempty"`
	// Excluded lists, for a rule that left out a whole group (an untrusted
	// directory), every skill or template of the group by name.
	Excluded []string `json:"excluded,omitempty"`
	// Warnings are the run's diagnostics about the target's file (an
	// invalid skill name pi loads anyway, say).
	Warnings []string `json:"warnings,omitempty"`
}

// Where locates a text in the prompt: its section, its byte range
// [Start, End) and its lines (1-based, inclusive).
type Where struct {
	Section   string `json:"section"`
	Start     int    `json:"start"`
	End       int    `json:"end"`
	FirstLine int    `json:"first_line"`
	LastLine  int    `json:"last_line"`
}

// Rules an Answer names.
const (
	RuleListed    = "listed"    // in the prompt
	RuleCondition = "condition" // a section's when: is false
	RuleDisabled  = "disabled"  // a layer disabled a section
	RuleTrust     = "trust"     // the project is not trusted
	RuleName      = "name"      // an invalid name
	RuleShadowed  = "shadowed"  // an earlier or higher-priority item of the same name or place won
	RuleCap       = "cap"       // a size cap or the budget cut it
	RuleOutside   = "outside_walk"
	RuleWrongName = "wrong_name" // the walk passed it, under a name this agent does not read
	RuleNotRead   = "not_read"   // a place this agent never reads (another agent's home)
	RuleHidden    = "hidden"     // a skill kept out of the index
	RuleInactive  = "inactive"   // a tool that is not active
	RuleUnlisted  = "unlisted"   // loaded, but no active section renders its source
	RuleExcluded  = "excluded"   // a source's own reason, given in Because
	RuleNotPrompt = "not_prompt" // a template: expanded in user messages, never in the system prompt
	RuleLayer     = "layer"      // a layer file: applied, absent or ignored
	RuleNoSource  = "no_source"  // a file no source of the pipeline reads
)

// Query is one question for [Report.Ask].
type Query struct {
	// Target is what is asked about: a path, a section id, a skill,
	// template or tool name, optionally prefixed by its kind
	// ("section:skills", "skill:deploy", "template:review", "tool:grep").
	Target string
	// Cwd makes a relative path target absolute; Home expands "~/".
	Cwd, Home string
	// FS answers whether a path exists (nil: none is looked at).
	FS sources.FS
	// Trusted is the report of the same run with the project trusted, when
	// it is not (nil otherwise); TrustFlag the flag that trusts it.
	Trusted   *Report
	TrustFlag string
	// ContextSource is the pipeline's context files source (its explain
	// context role), so that a file it left out is named a context file.
	ContextSource string
	// On is the report of the same run with the sources in Off switched
	// on (nil when none is off), TemplatesOn its templates.
	On          *Report
	Off         []SourceOff
	TemplatesOn []sources.TemplateEntry
	// SkillFlag is the flag that adds a skill path ("" when the pipeline
	// binds none).
	SkillFlag string
	// Templates are the prompt templates the pipeline's expand: block
	// finds, TemplatesTrusted those of a trusted run, TemplateSource the
	// source and TemplateWhyNot its exclusions.
	Templates, TemplatesTrusted []sources.TemplateEntry
	TemplateSource              string
	TemplateWhyNot              []WhyNot
}

// SourceOff is a source a param switched off in this run (skill
// discovery, context files): Param is false, set by Flag when a flag did.
type SourceOff struct {
	Source, Param, Flag string
}

// TargetError is a target explain cannot answer about: unknown (with a
// suggestion when one is close) or ambiguous (with the candidates).
type TargetError struct {
	Target     string
	Message    string
	Candidates []string
	Hint       string
}

func (e *TargetError) Error() string {
	s := e.Message
	for _, c := range e.Candidates {
		s += "\n  " + c
	}
	if e.Hint != "" {
		s += "\n" + e.Hint
	}
	return s
}

// Ask answers q about the run r reports. Errors are *TargetError.
func (r *Report) Ask(q Query) (*Answer, error) {
	t := strings.TrimSpace(q.Target)
	if t == "" {
		return nil, &TargetError{Target: t, Message: "explain: the target is empty"}
	}
	a := asker{r: r, q: q}
	kind, name, prefixed := splitKind(t)
	if kind == "file" || (!prefixed && looksLikePath(t, q)) {
		ans, err := a.path(t, a.abs(name))
		if ans != nil {
			a.warnings(ans)
		}
		return ans, err
	}
	cands := a.byName(kind, name)
	switch len(cands) {
	case 1:
		ans := cands[0]()
		ans.Target = t
		a.warnings(ans)
		return ans, nil
	case 0:
		if ans := a.elsewhere(kind, name); ans != nil {
			ans.Target = t
			return ans, nil
		}
		return nil, a.unknown(t, kind, name)
	}
	var list []string
	for _, k := range a.kindsOf(kind, name) {
		list = append(list, k+":"+name)
	}
	return nil, &TargetError{Target: t, Message: fmt.Sprintf("explain: %q names more than one thing in pipeline %s; ask about one of:", t, r.Pipeline), Candidates: list}
}

// Target kinds a prefix may name.
var targetKinds = []string{"section", "skill", "template", "tool", "file"}

// splitKind splits "skill:deploy" into its kind and name.
func splitKind(t string) (kind, name string, ok bool) {
	if k, n, found := strings.Cut(t, ":"); found && slices.Contains(targetKinds, k) && n != "" {
		return k, n, true
	}
	return "", t, false
}

// looksLikePath reports whether t is a path rather than a name: it has a
// slash, starts with "." or "~", or names an existing file.
func looksLikePath(t string, q Query) bool {
	if strings.ContainsRune(t, '/') || strings.HasPrefix(t, ".") || strings.HasPrefix(t, "~") {
		return true
	}
	return strings.Contains(t, ".") && q.FS != nil && sources.Exists(q.FS, path.Join(q.Cwd, t))
}

// asker holds one Ask call.
type asker struct {
	r *Report
	q Query
}

// abs makes a path target absolute.
func (a *asker) abs(p string) string {
	switch {
	case p == "~":
		return a.q.Home
	case strings.HasPrefix(p, "~/"):
		return path.Join(a.q.Home, p[2:])
	case path.IsAbs(p):
		return path.Clean(p)
	}
	return path.Join(a.q.Cwd, p)
}

// exists reports whether p is on the file system.
func (a *asker) exists(p string) bool {
	if a.q.FS == nil {
		return false
	}
	if sources.Exists(a.q.FS, p) {
		return true
	}
	_, err := sources.Lstat(a.q.FS, p)
	return err == nil
}

// unknown is the error for a name nothing matched, with the closest name.
func (a *asker) unknown(t, kind, name string) error {
	what := "section, skill, template or tool"
	if kind != "" {
		what = kind
	}
	e := &TargetError{Target: t, Message: fmt.Sprintf("explain: pipeline %s has no %s named %q", a.r.Pipeline, what, name)}
	if s := diag.DidYouMean(name, append(a.names(kind), a.elsewhereNames(kind)...)); s != "" {
		e.Hint = fmt.Sprintf("did you mean %q?", s)
	} else {
		e.Hint = "a path (with a slash, or ./NAME) asks about a file; 'promptc explain' without a target lists everything"
	}
	return e
}

// warnings adds the run's diagnostics about the answer's file.
func (a *asker) warnings(ans *Answer) {
	if ans.Path == "" {
		return
	}
	for _, d := range a.r.Diagnostics {
		if d.Path == ans.Path || (d.Path != "" && path.Dir(d.Path) == ans.Path) {
			ans.Warnings = append(ans.Warnings, d.Message)
		}
	}
}

// WriteText renders the answer for a terminal: one line saying whether
// and where, then why and what would change it.
func (ans *Answer) WriteText(w io.Writer) error {
	var b strings.Builder
	subject := ans.Kind
	if subject == "context_file" {
		subject = "context file"
	}
	switch {
	case ans.Name != "" && ans.Path != "":
		subject += " " + ans.Name + " (" + ans.Path + ")"
	case ans.Name != "":
		subject += " " + ans.Name
	default:
		subject += " " + ans.Path
	}
	verdict := "not in the prompt"
	if ans.InPrompt {
		verdict = "in the prompt"
	}
	if ans.Kind == "layer" {
		verdict = "a configuration layer"
	}
	fmt.Fprintf(&b, "%s: %s (pipeline %s)\n", subject, verdict, ans.Pipeline)
	t := table{indent: "  "}
	if wh := ans.Where; wh != nil {
		t.add("where", fmt.Sprintf("section %s, bytes %d-%d, lines %d-%d", wh.Section, wh.Start, wh.End, wh.FirstLine, wh.LastLine))
	}
	t.add("why", ans.Rule+": "+ans.Because)
	if len(ans.Excluded) > 0 {
		t.add("left out", strings.Join(ans.Excluded, ", "))
	}
	for _, w := range ans.Warnings {
		t.add("warning", w)
	}
	if ans.Change != "" {
		t.add("change", ans.Change)
	}
	t.write(&b)
	_, err := io.WriteString(w, b.String())
	return err
}
