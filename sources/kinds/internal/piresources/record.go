package piresources

import (
	"slices"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/prov"
)

// Exclusion reasons recorded in the results' Excluded lists.
const (
	// ReasonUntrusted: a project resource ignored because the project is
	// not trusted (TRUST-2).
	ReasonUntrusted = "project not trusted"
	// ReasonDiscoveryOff: an auto-discovered location skipped because
	// discovery is off (--no-skills, --no-prompt-templates; SKL-D11).
	ReasonDiscoveryOff = "discovery disabled"
	// ReasonHidden: a directory entry whose name starts with "." (SKL-D5).
	ReasonHidden = "hidden entry"
	// ReasonSkipName: an entry named like node_modules (SKL-D5).
	ReasonSkipName = "skipped directory name"
	// ReasonIgnored: matched by an ignore-file rule; Detail is the rule
	// (SKL-D6).
	ReasonIgnored = "ignored by ignore file"
	// ReasonShadowed: a sibling of a SKILL.md file, which hides the rest of
	// its directory; Detail is the SKILL.md path (SKL-D3).
	ReasonShadowed = "shadowed by SKILL.md"
	// ReasonNotResource: a file that is not a skill or template file at its
	// place (non-markdown, or markdown below the top level; SKL-D4, SKL-D9).
	ReasonNotResource = "not a resource file here"
	// ReasonBrokenLink: a symlink whose target does not exist (SKL-D7).
	ReasonBrokenLink = "broken symlink"
	// ReasonUnreadableDir: a directory that could not be listed; Detail is
	// the error (SKL-V8).
	ReasonUnreadableDir = "unreadable directory"
	// ReasonUnreadable: a file that could not be read; Detail is the error.
	ReasonUnreadable = "unreadable file"
	// ReasonInvalid: a file that failed parsing or validation; Detail is
	// the message.
	ReasonInvalid = "invalid"
	// ReasonDisabled: turned off by a settings pattern; Detail names it
	// (SKL-D12, X-7, X-9, X-10).
	ReasonDisabled = "disabled by settings pattern"
	// ReasonSameFile: its realpath was already loaded; Detail is the file
	// loaded first (SKL-C2).
	ReasonSameFile = "same file already loaded"
	// ReasonCollision: its name was taken; Detail is the winner (SKL-C1,
	// TPL-D4).
	ReasonCollision = "name collision"
	// ReasonMissing: a listed path that does not exist (SKL-D10).
	ReasonMissing = "does not exist"
	// ReasonRemotePackage: a package source that is not a local path; only
	// local packages are read.
	ReasonRemotePackage = "remote package source not supported"
)

// Diagnostic codes; the messages are pi's own words.
const (
	// CodeSkillInvalid: YAML errors and validation warnings (SKL-V2..V6).
	CodeSkillInvalid = "skill/invalid"
	// CodeSkillUnreadable: a skill file that could not be read (SKL-V8).
	CodeSkillUnreadable = "skill/unreadable"
	// CodeSkillPathMissing: a listed skill path that does not exist (SKL-D10).
	CodeSkillPathMissing = "skill/path-missing"
	// CodeSkillNotMarkdown: a listed skill file without the markdown
	// suffix (SKL-D10).
	CodeSkillNotMarkdown = "skill/not-markdown"
	// CodeSkillCollision: a skill whose name was taken (SKL-C1).
	CodeSkillCollision = "skill/collision"
	// CodePromptCollision: a template whose name was taken (TPL-D4).
	CodePromptCollision = "prompt/collision"
)

// recorder gathers what a load reports besides its value.
type recorder struct {
	diags      diag.List
	collisions diag.List
	origins    []prov.Origin
	excluded   []prov.Exclusion
}

func (r *recorder) exclude(p, reason, detail string) {
	r.excluded = append(r.excluded, prov.Exclusion{Path: p, Reason: reason, Detail: detail})
}

func (r *recorder) origin(p, role string, n int) {
	r.origins = append(r.origins, prov.Origin{Path: p, Role: role, Bytes: n})
}

// since returns what r recorded after it was old (a copy of r taken
// earlier: recorders only grow).
func (r recorder) since(old recorder) recorder {
	return recorder{
		diags:      slices.Clone(r.diags[len(old.diags):]),
		collisions: slices.Clone(r.collisions[len(old.collisions):]),
		origins:    slices.Clone(r.origins[len(old.origins):]),
		excluded:   slices.Clone(r.excluded[len(old.excluded):]),
	}
}

// add appends what o recorded.
func (r *recorder) add(o recorder) {
	r.diags = append(r.diags, o.diags...)
	r.collisions = append(r.collisions, o.collisions...)
	r.origins = append(r.origins, o.origins...)
	r.excluded = append(r.excluded, o.excluded...)
}
