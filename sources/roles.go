package sources

// Roles are small interfaces a kind's value (or its Output.Decision) may
// implement so that reports and commands above the engine can use it
// without knowing the kind: `promptc explain` lists context files, skills
// and tools, `promptc expand` finds skills and templates, by asserting
// these interfaces. A new kind whose value implements a role shows up in
// those places with no change to them. Role methods must be pure and cheap:
// they describe what the run already decided; they never do I/O.

// ContextFileLister is a value holding instruction files that go into the
// prompt (context_files, workspace_files, file).
type ContextFileLister interface {
	ContextFiles() []ContextFile
}

// ContextFile is one instruction file.
type ContextFile struct {
	// Path is the absolute path that was read.
	Path string
	// Name is the name the prompt prints for the file, if the kind has
	// one (workspace files: "AGENT.md").
	Name string
	// Content is the text that went into the value.
	Content string
	// Bytes is the file's size on disk.
	Bytes int
	// Truncated reports that a policy kept only part of the file, and
	// Detail says what was kept, for people.
	Truncated bool
	Detail    string
}

// SkillLister is a value holding skills.
type SkillLister interface {
	SkillEntries() []SkillEntry
}

// SkillEntry is one loaded skill.
type SkillEntry struct {
	Name string
	// Path is the skill file as the prompt names it.
	Path string
	// Scope says where it came from (user, project, path, builtin, ...).
	Scope string
	// Hidden skills are loaded but kept out of the prompt's index; they
	// stay invocable by name.
	Hidden bool
	// Unavailable skills are listed as not ready; Missing says what they
	// miss ("bins: gh; env: GH_TOKEN").
	Unavailable bool
	Missing     string
	// StripBOM says that the skill file's leading byte order mark is
	// dropped before its frontmatter is looked for, when /skill: expands
	// it (pi 1.x).
	StripBOM bool
}

// TemplateLister is a value holding prompt templates ("/name args").
type TemplateLister interface {
	TemplateEntries() []TemplateEntry
}

// TemplateEntry is one prompt template.
type TemplateEntry struct {
	Name string
	Path string
	// Content is the template body that expansion substitutes into.
	Content string
	// ArgQuotes is where a quote may open when "/name ARGS" is split into
	// arguments: "" or ArgQuotesAnywhere (pi 0.83.0), ArgQuotesWordStart
	// (pi 1.x).
	ArgQuotes string
}

// Values of TemplateEntry.ArgQuotes.
const (
	ArgQuotesAnywhere  = "anywhere"
	ArgQuotesWordStart = "word_start"
)

// ToolLister is a value holding the active tools.
type ToolLister interface {
	ToolList() ToolList
}

// ToolList describes the active tools.
type ToolList struct {
	// Active are the active tools' names in prompt order.
	Active []string
	// Lines are the tools the prompt lists, with their one-line text.
	Lines []ToolLine
	// Guidelines are the tool guidelines the prompt may carry.
	Guidelines []string
	// Catalog lists every tool the kind knows, active or not, when it has
	// a catalog (for the custom-body drift check); nil otherwise.
	Catalog []string
}

// ToolLine is one listed tool.
type ToolLine struct {
	Name, Text string
}

// TextProvider is a value holding a text that replaces or extends the
// prompt (a custom body, appended text).
type TextProvider interface {
	ProvidedText() ProvidedText
}

// ProvidedText is a chosen text and where its pieces came from.
type ProvidedText struct {
	Text string
	// FromFlag is true when the text came from command-line values, which
	// turn discovery off.
	FromFlag bool
	Parts    []TextPart
}

// Origins of a TextPart.
const (
	PartText       = "text"       // a literal command-line value
	PartFile       = "file"       // a file that was read
	PartUnreadable = "unreadable" // a value naming a file that could not be read; the value is the text
)

// TextPart is one piece of a ProvidedText.
type TextPart struct {
	Origin string
	Path   string
	Bytes  int
}

// TrustJudge is a value holding a project trust decision.
type TrustJudge interface {
	TrustVerdict() TrustVerdict
}

// TrustVerdict is whether a project's own resources may load, and why.
type TrustVerdict struct {
	Trusted bool
	// ByDecision is true when the project is trusted because someone
	// decided so (a flag, a trust store, a default setting), false when
	// it was trusted only because nothing in it needs trust.
	ByDecision bool
	Reason     string
	// Requiring lists the project resources that need trust; Ignored
	// those left out because the project is not trusted.
	Requiring []string
	Ignored   []string
	// Gate, when not nil, decides for resources promptc itself adds that
	// need trust (a project layer): they may load when Gate.Trusted.
	Gate *GateVerdict
}

// GateVerdict is whether promptc's own trust-requiring resources load.
type GateVerdict struct {
	Trusted bool
	Reason  string
}

// LanguageChooser reports which language a kind picked (a string catalog).
type LanguageChooser interface {
	LanguageChoice() LanguageChoice
}

// LanguageChoice is the language a string catalog gave the prompt.
type LanguageChoice struct {
	// Requested is the language asked for, Language the one used:
	// Requested, or the catalog's fallback (Fallback) when it lacks it.
	Requested, Language string
	Fallback            bool
	// Languages are the catalog's languages, sorted.
	Languages []string
}
