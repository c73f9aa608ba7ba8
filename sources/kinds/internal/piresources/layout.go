package piresources

// Layout holds the names the resolver looks for. Empty fields take
// PiLayout's value (a nil IgnoreFiles or SkipNames too; an empty non-nil
// list means none).
type Layout struct {
	// ProjectDir is the project config directory under the cwd (".pi").
	ProjectDir string `koanf:"project_dir"`
	// SkillsDir is the skills directory name under the agent and project
	// dirs and inside packages ("skills").
	SkillsDir string `koanf:"skills_dir"`
	// PromptsDir is the prompt templates directory name ("prompts").
	PromptsDir string `koanf:"prompts_dir"`
	// LegacyPromptsDir is read as PromptsDir when PromptsDir does not exist
	// (pi renames it at startup; X-17) ("commands"). "-" disables it.
	LegacyPromptsDir string `koanf:"legacy_prompts_dir"`
	// AgentsSkillsDir is the cross-agent skills directory, relative to the
	// home directory and to the cwd and its ancestors (".agents/skills").
	AgentsSkillsDir string `koanf:"agents_skills_dir"`
	// SettingsFile is the settings file name in the agent and project dirs
	// ("settings.json").
	SettingsFile string `koanf:"settings_file"`
	// IgnoreFiles are read in each walked directory, in order (SKL-D6).
	IgnoreFiles []string `koanf:"ignore_files"`
	// SkipNames are directory entry names never walked ("node_modules").
	SkipNames []string `koanf:"skip_names"`
	// SkillFile names a skill directory's main file ("SKILL.md").
	SkillFile string `koanf:"skill_file"`
	// MarkdownExt is the suffix of skill and template files (".md").
	MarkdownExt string `koanf:"markdown_ext"`
	// GitMarker marks a git root for the .agents/skills walk (".git").
	GitMarker string `koanf:"git_marker"`
	// PackageManifest is a package's manifest file ("package.json") and
	// ManifestKey its field listing resources ("pi").
	PackageManifest string `koanf:"package_manifest"`
	ManifestKey     string `koanf:"manifest_key"`
	// SkillsKey, PromptsKey and PackagesKey are the settings (and manifest
	// and package filter) keys ("skills", "prompts", "packages").
	SkillsKey   string `koanf:"skills_key"`
	PromptsKey  string `koanf:"prompts_key"`
	PackagesKey string `koanf:"packages_key"`
}

// PiLayout returns pi 0.83.0's names.
func PiLayout() Layout {
	return Layout{
		ProjectDir:       ".pi",
		SkillsDir:        "skills",
		PromptsDir:       "prompts",
		LegacyPromptsDir: "commands",
		AgentsSkillsDir:  ".agents/skills",
		SettingsFile:     "settings.json",
		IgnoreFiles:      []string{".gitignore", ".ignore", ".fdignore"},
		SkipNames:        []string{"node_modules"},
		SkillFile:        "SKILL.md",
		MarkdownExt:      ".md",
		GitMarker:        ".git",
		PackageManifest:  "package.json",
		ManifestKey:      "pi",
		SkillsKey:        "skills",
		PromptsKey:       "prompts",
		PackagesKey:      "packages",
	}
}

func (l Layout) withDefaults() Layout {
	d := PiLayout()
	fill := func(v *string, def string) {
		if *v == "" {
			*v = def
		}
	}
	fill(&l.ProjectDir, d.ProjectDir)
	fill(&l.SkillsDir, d.SkillsDir)
	fill(&l.PromptsDir, d.PromptsDir)
	fill(&l.LegacyPromptsDir, d.LegacyPromptsDir)
	fill(&l.AgentsSkillsDir, d.AgentsSkillsDir)
	fill(&l.SettingsFile, d.SettingsFile)
	fill(&l.SkillFile, d.SkillFile)
	fill(&l.MarkdownExt, d.MarkdownExt)
	fill(&l.GitMarker, d.GitMarker)
	fill(&l.PackageManifest, d.PackageManifest)
	fill(&l.ManifestKey, d.ManifestKey)
	fill(&l.SkillsKey, d.SkillsKey)
	fill(&l.PromptsKey, d.PromptsKey)
	fill(&l.PackagesKey, d.PackagesKey)
	if l.IgnoreFiles == nil {
		l.IgnoreFiles = d.IgnoreFiles
	}
	if l.SkipNames == nil {
		l.SkipNames = d.SkipNames
	}
	return l
}

func (l Layout) skipped(name string) bool {
	for _, s := range l.SkipNames {
		if name == s {
			return true
		}
	}
	return false
}
