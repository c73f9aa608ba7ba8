package piresources

import (
	"context"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// SkillOptions configures LoadSkills. Cwd, Home and AgentDir must be
// absolute; Cwd should be physical (symlinks resolved), as pi's
// process.cwd() is.
type SkillOptions struct {
	// Layout names the directories and files; zero fields take PiLayout's.
	Layout Layout `koanf:"layout"`
	Cwd    string `koanf:"cwd"`
	// Home is $HOME: "~" expands to it and Home/.agents/skills is a user
	// skills directory.
	Home string `koanf:"home"`
	// AgentDir is the agent's global directory (pi: ~/.pi/agent).
	AgentDir string `koanf:"agent_dir"`
	// Trusted gates the project's resources: Cwd/.pi/settings.json,
	// Cwd/.pi/skills and the project .agents/skills directories (TRUST-2).
	Trusted bool `koanf:"trusted"`
	// Discover enables settings, package and auto-discovered skills;
	// false is pi's --no-skills (SKL-D11).
	Discover bool `koanf:"discover"`
	// Paths are --skill values, raw: "~" and file:// URLs are expanded,
	// then each is resolved against Cwd and trimmed (SKL-D10, X-4). They
	// load after everything else.
	Paths []string `koanf:"paths"`
	// Packages are local package directories given with -e (temporary
	// scope); their skills load before everything else, also without
	// Discover (SKL-D1).
	Packages []string `koanf:"packages"`
}

// Skill is one loaded skill (SKL-V1..V7).
type Skill struct {
	// Name is the frontmatter name, or the name of the file's directory.
	Name string `json:"name"`
	// Description is the frontmatter description, verbatim.
	Description string `json:"description"`
	// FilePath is the skill file's path as found (symlinks kept).
	FilePath string `json:"file_path"`
	// BaseDir is FilePath's directory.
	BaseDir string `json:"base_dir"`
	// DisableModelInvocation is frontmatter disable-model-invocation: true
	// (the YAML boolean only): the skill is left out of the prompt but
	// stays usable with /skill: (SKL-F4).
	DisableModelInvocation bool `json:"disable_model_invocation"`
	// Scope is where it came from: ScopeProject, ScopeUser, ScopePackage
	// or ScopePath (CLI).
	Scope string `json:"scope"`
}

// SkillsResult is what LoadSkills found.
type SkillsResult struct {
	// Skills are the winners in load order, hidden ones included.
	Skills []Skill `json:"skills"`
	// Diags are pi's skill warnings in its order: per-file warnings and
	// path problems as met, then name collisions.
	Diags diag.List `json:"-"`
	// Origins lists the loaded skill files, settings, manifests and ignore
	// files that were read.
	Origins []prov.Origin `json:"-"`
	// Excluded lists candidates left out, with a Reason* constant.
	Excluded []prov.Exclusion `json:"-"`
}

// LoadSkills discovers, parses and validates skills like pi 0.83.0.
func LoadSkills(ctx context.Context, fsys sources.FS, opts SkillOptions) (SkillsResult, error) {
	l, err := newLoader(ctx, fsys, opts.Layout, opts.Cwd, opts.Home, opts.AgentDir, opts.Trusted, kindSkills)
	if err != nil {
		return SkillsResult{}, err
	}
	cands, err := l.resolve(opts.Discover, opts.Packages, opts.Paths)
	if err != nil {
		return SkillsResult{}, err
	}
	s := skillSet{l: l, byName: map[string]int{}, byReal: map[string]string{}}
	for _, c := range cands {
		if err := ctx.Err(); err != nil {
			return SkillsResult{}, err
		}
		fi, err := sources.Stat(fsys, c.path)
		switch {
		case err != nil:
			l.rec.diags.Warnf(c.path, CodeSkillPathMissing, "skill path does not exist")
			l.rec.exclude(c.path, ReasonMissing, "")
		case fi.IsDir():
			files, err := l.skillFiles(c.path, true)
			if err != nil {
				return SkillsResult{}, err
			}
			for _, f := range files {
				s.load(f, c.scope)
			}
		case fi.Mode().IsRegular() && strings.HasSuffix(c.path, l.layout.MarkdownExt):
			s.load(c.path, c.scope)
		default:
			l.rec.diags.Warnf(c.path, CodeSkillNotMarkdown, "skill path is not a markdown file")
			l.rec.exclude(c.path, ReasonNotResource, "")
		}
	}
	if s.skills == nil {
		s.skills = []Skill{}
	}
	return SkillsResult{
		Skills:   s.skills,
		Diags:    append(append(l.rec.diags, l.rec.collisions...), l.guard.Diags...),
		Origins:  l.rec.origins,
		Excluded: l.rec.excluded,
	}, nil
}

// skillSet is pi's loadSkills bookkeeping: first name wins (SKL-C1), a
// file whose realpath a winner already has is dropped silently (SKL-C2).
type skillSet struct {
	l      *loader
	skills []Skill
	byName map[string]int
	byReal map[string]string
}

func (s *skillSet) load(file, scope string) {
	l := s.l
	skill, warnings, size, readable := l.loadSkillFile(file)
	code := CodeSkillInvalid
	if !readable {
		code = CodeSkillUnreadable
	}
	for _, w := range warnings {
		l.rec.diags.Warnf(file, code, "%s", w)
	}
	if skill == nil {
		reason := ReasonInvalid
		if !readable {
			reason = ReasonUnreadable
		}
		l.rec.exclude(file, reason, strings.Join(warnings, "; "))
		return
	}
	real, err := l.resolver.Realpath(file)
	if err != nil {
		real = file
	}
	if first, dup := s.byReal[real]; dup {
		l.rec.exclude(file, ReasonSameFile, first)
		return
	}
	if i, taken := s.byName[skill.Name]; taken {
		l.rec.collisions.Warnf(file, CodeSkillCollision, "name \"%s\" collision", skill.Name)
		l.rec.exclude(file, ReasonCollision, s.skills[i].FilePath)
		return
	}
	skill.Scope = scope
	s.byName[skill.Name] = len(s.skills)
	s.byReal[real] = file
	s.skills = append(s.skills, *skill)
	l.rec.origin(file, "skill", size)
}
