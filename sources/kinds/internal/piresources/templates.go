package piresources

import (
	"context"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// TemplateOptions configures LoadTemplates; the fields mean what they mean
// in SkillOptions, for prompt templates (TPL-D1). Discover false is pi's
// --no-prompt-templates; Paths are --prompt-template values.
type TemplateOptions struct {
	Layout   Layout   `koanf:"layout"`
	Cwd      string   `koanf:"cwd"`
	Home     string   `koanf:"home"`
	AgentDir string   `koanf:"agent_dir"`
	Trusted  bool     `koanf:"trusted"`
	Discover bool     `koanf:"discover"`
	Paths    []string `koanf:"paths"`
	Packages []string `koanf:"packages"`
	Rules    `koanf:",squash"`
	// ArgQuotes is where a quote may open in a template's arguments, for
	// the expansion of "/name ARGS": anywhere (pi 0.83.0, the default) or
	// word_start (pi 1.x).
	ArgQuotes ArgQuotes `koanf:"arg_quotes"`
}

// ArgQuotes is TemplateOptions.ArgQuotes.
type ArgQuotes string

// UnmarshalText accepts "", "anywhere" or "word_start".
func (a *ArgQuotes) UnmarshalText(b []byte) error { return sources.ParseEnum(a, b) }

// EnumValues lists the allowed values.
func (ArgQuotes) EnumValues() []string {
	return []string{"", sources.ArgQuotesAnywhere, sources.ArgQuotesWordStart}
}

// Template is one loaded prompt template (TPL-D3).
type Template struct {
	// Name is the file name without its markdown suffix ("a.b.md" → "a.b").
	Name string `json:"name"`
	// Description is the frontmatter description, or the first body line
	// with a non-space character, cut to 60 UTF-16 units plus "...".
	Description string `json:"description"`
	// ArgumentHint is the frontmatter argument-hint ("" when absent).
	ArgumentHint string `json:"argument_hint"`
	// Content is the frontmatter-stripped body (TPL-E2).
	Content string `json:"content"`
	// FilePath is the template file's path as found.
	FilePath string `json:"file_path"`
}

// TemplatesResult is what LoadTemplates found.
type TemplatesResult struct {
	// Templates are the winners in load order.
	Templates []Template `json:"templates"`
	// ArgQuotes is TemplateOptions.ArgQuotes, for the expansion.
	ArgQuotes ArgQuotes `json:"arg_quotes,omitempty"`
	// Diags holds the name collisions (TPL-D4); unreadable and invalid
	// files are skipped silently (TPL-D5) and only recorded in Excluded.
	Diags    diag.List        `json:"-"`
	Origins  []prov.Origin    `json:"-"`
	Excluded []prov.Exclusion `json:"-"`
}

// LoadTemplates discovers and parses prompt templates like pi 0.83.0.
func LoadTemplates(ctx context.Context, fsys sources.FS, opts TemplateOptions) (TemplatesResult, error) {
	l, err := newLoader(ctx, fsys, opts.Layout, opts.Cwd, opts.Home, opts.AgentDir, opts.Trusted, kindPrompts)
	if err != nil {
		return TemplatesResult{}, err
	}
	l.rules = opts.Rules
	cands, err := l.resolve(opts.Discover, opts.Packages, opts.Paths)
	if err != nil {
		return TemplatesResult{}, err
	}
	res := TemplatesResult{ArgQuotes: opts.ArgQuotes}
	byName := map[string]int{}
	for _, c := range cands {
		if err := ctx.Err(); err != nil {
			return TemplatesResult{}, err
		}
		fi, err := sources.Stat(fsys, c.path)
		var files []string
		switch {
		case err != nil:
			l.rec.exclude(c.path, ReasonMissing, "")
		case fi.IsDir():
			files = l.cliTemplateFiles(c.path)
		case fi.Mode().IsRegular() && strings.HasSuffix(c.path, l.layout.MarkdownExt):
			files = []string{c.path}
		default:
			l.rec.exclude(c.path, ReasonNotResource, "")
		}
		for _, f := range files {
			tpl, size, reason, detail := l.loadTemplateFile(f)
			if reason != "" {
				l.rec.exclude(f, reason, detail)
				continue
			}
			if i, taken := byName[tpl.Name]; taken {
				l.rec.collisions.Warnf(f, CodePromptCollision, "name \"/%s\" collision", tpl.Name)
				l.rec.exclude(f, ReasonCollision, res.Templates[i].FilePath)
				continue
			}
			byName[tpl.Name] = len(res.Templates)
			res.Templates = append(res.Templates, tpl)
			l.rec.origin(f, "prompt-template", size)
		}
	}
	res.Diags = append(l.rec.collisions, l.guard.Diags...)
	res.Origins, res.Excluded = l.rec.origins, l.rec.excluded
	if res.Templates == nil {
		res.Templates = []Template{}
	}
	return res, nil
}
