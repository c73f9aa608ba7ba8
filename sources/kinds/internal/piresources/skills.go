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
	// Rules are the reading rules of the pi version (zero: 0.83.0's).
	Rules `koanf:",squash"`
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
	// stripBOM is Rules.StripBOM, for the /skill: expansion.
	stripBOM bool
}

// LoadSkills discovers, parses and validates skills like pi 0.83.0.
// Discovery (settings, packages, directory walks, links) reads no skill
// file, so on a file system that remembers steps ([sources.Memo]) it is
// reused while its facts hold, and an edited SKILL.md costs its own parse.
func LoadSkills(ctx context.Context, fsys sources.FS, opts SkillOptions) (SkillsResult, error) {
	// A discovery that runs reads the files it finds as it finds them, on
	// another goroutine, through fsys (the source's view: the discovery
	// step depends on listings, not on the files' contents).
	parseKind, parse := opts.Rules.markdownParser()
	found := sources.ReadInBackground(ctx, fsys, parseKind, parse)
	walked := false
	plan, err := sources.Memo(fsys, "piresources.skills.discovery", opts, func(fsys sources.FS) (*skillPlan, error) {
		walked = true
		return planSkills(ctx, fsys, opts, found)
	})
	found.Wait()
	if err != nil {
		return SkillsResult{}, err
	}
	l, err := newLoader(ctx, fsys, opts.Layout, opts.Cwd, opts.Home, opts.AgentDir, opts.Trusted, kindSkills)
	if err != nil {
		return SkillsResult{}, err
	}
	l.rules = opts.Rules
	s := skillSet{l: l, byName: map[string]int{}, byReal: map[string]string{}}
	if !walked {
		// A remembered discovery read nothing: read its files ahead now.
		// (After a walk, found has read what the walks found, where it
		// could; the few files named outright load in order.)
		sources.Prefetch(ctx, l.fsys, plan.files, parseKind, parse)
	}
	for _, st := range plan.steps {
		if err := ctx.Err(); err != nil {
			return SkillsResult{}, err
		}
		l.rec.add(st.before)
		if st.file != "" {
			s.load(st.file, st.scope, st.real)
		}
	}
	if s.skills == nil {
		s.skills = []Skill{}
	}
	return SkillsResult{
		Skills:   s.skills,
		Diags:    append(append(l.rec.diags, l.rec.collisions...), plan.guard...),
		Origins:  l.rec.origins,
		Excluded: l.rec.excluded,
		stripBOM: opts.Rules.StripBOM,
	}, nil
}

// skillPlan is the discovery part of LoadSkills: the skill files to load
// in order, each with its realpath and with what discovery reported
// before it, in pi's order. It is shared (sources.Memo): never modified.
type skillPlan struct {
	steps []skillStep
	files []string  // the steps' files, in order
	guard diag.List // the walks' own warnings (link cycles, huge trees)
}

// skillStep is a skill file to load ("" for the report after the last
// one) and what discovery reported since the step before.
type skillStep struct {
	file, scope, real string
	before            recorder
}

// planSkills walks what LoadSkills loads, reading settings, manifests and
// ignore files but no skill file.
func planSkills(ctx context.Context, fsys sources.FS, opts SkillOptions, found *sources.Background) (*skillPlan, error) {
	l, err := newLoader(ctx, fsys, opts.Layout, opts.Cwd, opts.Home, opts.AgentDir, opts.Trusted, kindSkills)
	if err != nil {
		return nil, err
	}
	l.rules = opts.Rules
	l.found = found
	cands, err := l.resolve(opts.Discover, opts.Packages, opts.Paths)
	if err != nil {
		return nil, err
	}
	plan := &skillPlan{}
	var seen recorder // the lengths of l.rec already in a step
	step := func(file, scope string) {
		st := skillStep{file: file, scope: scope, before: l.rec.since(seen)}
		if file != "" {
			st.real = file
			if real, err := l.resolver.Realpath(file); err == nil {
				st.real = real
			}
		}
		seen = l.rec
		plan.steps = append(plan.steps, st)
		if file != "" {
			plan.files = append(plan.files, file)
		}
	}
	for _, c := range cands {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if l.regular[c.path] && strings.HasSuffix(c.path, l.layout.MarkdownExt) {
			step(c.path, c.scope) // a file the walks found
			continue
		}
		fi, err := sources.Stat(fsys, c.path)
		switch {
		case err != nil:
			l.rec.diags.Warnf(c.path, CodeSkillPathMissing, "skill path does not exist")
			l.rec.exclude(c.path, ReasonMissing, "")
		case fi.IsDir():
			files, err := l.skillFiles(c.path, true)
			if err != nil {
				return nil, err
			}
			for _, f := range files {
				step(f, c.scope)
			}
		case fi.Mode().IsRegular() && strings.HasSuffix(c.path, l.layout.MarkdownExt):
			step(c.path, c.scope)
		default:
			l.rec.diags.Warnf(c.path, CodeSkillNotMarkdown, "skill path is not a markdown file")
			l.rec.exclude(c.path, ReasonNotResource, "")
		}
	}
	step("", "")
	plan.guard = l.guard.Diags
	return plan, nil
}

// skillSet is pi's loadSkills bookkeeping: first name wins (SKL-C1), a
// file whose realpath a winner already has is dropped silently (SKL-C2).
type skillSet struct {
	l      *loader
	skills []Skill
	byName map[string]int
	byReal map[string]string
}

// load loads one skill file; real is its realpath (the file itself when
// it has none).
func (s *skillSet) load(file, scope, real string) {
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
