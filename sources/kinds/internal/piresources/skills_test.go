package piresources_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/promptc/promptc/sources/kinds/internal/piresources"
)

// skillCase is one small tree: home is root/h, the agent dir root/h/.pi/agent
// and the cwd root/h/p unless cwd is set.
type skillCase struct {
	name       string
	files      map[string]string
	cwd        string // relative to root
	untrusted  bool
	noDiscover bool
	paths      []string
	packages   []string
	rules      piresources.Rules
	// want lists "name@path" (path relative to root) in load order.
	want      []string
	wantDiags []string
	// wantExcluded maps paths (relative to root) to a Reason constant.
	wantExcluded map[string]string
}

func runSkillCases(t *testing.T, tests []skillCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, fsys := mkTree(t, tt.files)
			cwd := tt.cwd
			if cwd == "" {
				cwd = "h/p"
			}
			res, err := piresources.LoadSkills(context.Background(), fsys, piresources.SkillOptions{
				Cwd: root + "/" + cwd, Home: root + "/h", AgentDir: root + "/h/.pi/agent",
				Trusted: !tt.untrusted, Discover: !tt.noDiscover,
				Paths: subst(root, tt.paths), Packages: subst(root, tt.packages), Rules: tt.rules,
			})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range res.Skills {
				got = append(got, s.Name+"@"+rel(root, s.FilePath))
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("skills:\n got %q\nwant %q", got, tt.want)
			}
			if gotDiags := diagLines(root, res.Diags); !reflect.DeepEqual(gotDiags, tt.wantDiags) {
				t.Errorf("diags:\n got %q\nwant %q", gotDiags, tt.wantDiags)
			}
			ex := exclusions(root, res.Excluded)
			for p, reason := range tt.wantExcluded {
				if ex[p] != reason {
					t.Errorf("excluded[%s] = %q, want %q (all: %q)", p, ex[p], reason, ex)
				}
			}
		})
	}
}

func TestSkillDiscoveryWalk(t *testing.T) {
	runSkillCases(t, []skillCase{{
		name: "SKL-D3 D4 D5 pi mode",
		files: map[string]string{
			"h/.pi/agent/skills/top.md":                skill("top", "Top."),
			"h/.pi/agent/skills/noname.md":             "---\ndescription: No name.\n---\n",
			"h/.pi/agent/skills/notes.txt":             "x",
			"h/.pi/agent/skills/a/SKILL.md":            skill("a", "A."),
			"h/.pi/agent/skills/a/extra.md":            skill("extra", "Hidden by SKILL.md."),
			"h/.pi/agent/skills/a/sub/SKILL.md":        skill("a-sub", "Hidden by SKILL.md."),
			"h/.pi/agent/skills/g/readme.md":           skill("readme", "Below the top level."),
			"h/.pi/agent/skills/g/deep/x/SKILL.md":     skill("x", "Deep."),
			"h/.pi/agent/skills/g/y/SKILL.md":          skill("y", "Later than g/deep."),
			"h/.pi/agent/skills/.hidden/SKILL.md":      skill("hidden", "Dot dir."),
			"h/.pi/agent/skills/node_modules/SKILL.md": skill("nm", "node_modules."),
		},
		want: []string{
			"a@h/.pi/agent/skills/a/SKILL.md",
			"x@h/.pi/agent/skills/g/deep/x/SKILL.md",
			"y@h/.pi/agent/skills/g/y/SKILL.md",
			"skills@h/.pi/agent/skills/noname.md",
			"top@h/.pi/agent/skills/top.md",
		},
		wantExcluded: map[string]string{
			"h/.pi/agent/skills/notes.txt":    piresources.ReasonNotResource,
			"h/.pi/agent/skills/a/extra.md":   piresources.ReasonShadowed,
			"h/.pi/agent/skills/a/sub":        piresources.ReasonShadowed,
			"h/.pi/agent/skills/g/readme.md":  piresources.ReasonNotResource,
			"h/.pi/agent/skills/.hidden":      piresources.ReasonHidden,
			"h/.pi/agent/skills/node_modules": piresources.ReasonSkipName,
		},
	}, {
		name: "SKL-D3 SKILL.md at the top hides the whole directory",
		files: map[string]string{
			"h/.pi/agent/skills/SKILL.md":   "---\ndescription: Root.\n---\n",
			"h/.pi/agent/skills/other.md":   skill("other", "Other."),
			"h/.pi/agent/skills/b/SKILL.md": skill("b", "B."),
		},
		want: []string{"skills@h/.pi/agent/skills/SKILL.md"},
	}, {
		name: "SKL-D6 ignore files, nested prefix and root quirk",
		files: map[string]string{
			"h/.pi/agent/skills/.gitignore":           "# c\ndrop/\n*.tmp.md\n!keep.tmp.md\n",
			"h/.pi/agent/skills/.fdignore":            "/rooted/\n",
			"h/.pi/agent/skills/g/.ignore":            "secret/\n!SKILL.md\n",
			"h/.pi/agent/skills/drop/SKILL.md":        skill("drop", "Ignored."),
			"h/.pi/agent/skills/x.tmp.md":             skill("x-tmp", "Ignored."),
			"h/.pi/agent/skills/keep.tmp.md":          skill("keep-tmp", "Re-included."),
			"h/.pi/agent/skills/g/secret/SKILL.md":    skill("secret", "Ignored."),
			"h/.pi/agent/skills/g/rooted/SKILL.md":    skill("rooted", "Ignored at any depth."),
			"h/.pi/agent/skills/g/visible/SKILL.md":   skill("visible", "Kept."),
			"h/.pi/agent/skills/g/visible/.gitignore": "SKILL.md\n",
		},
		want: []string{"keep-tmp@h/.pi/agent/skills/keep.tmp.md"},
		wantExcluded: map[string]string{
			"h/.pi/agent/skills/drop":               piresources.ReasonIgnored,
			"h/.pi/agent/skills/x.tmp.md":           piresources.ReasonIgnored,
			"h/.pi/agent/skills/g/secret":           piresources.ReasonIgnored,
			"h/.pi/agent/skills/g/rooted":           piresources.ReasonIgnored,
			"h/.pi/agent/skills/g/visible/SKILL.md": piresources.ReasonIgnored,
		},
	}, {
		name: "SKL-D7 SKL-C2 symlinks",
		files: map[string]string{
			"shared/real/SKILL.md":       skill("linked", "Through a link."),
			"shared/one.md":              skill("one", "Linked file."),
			"h/.pi/agent/skills/a-link":  "->${ROOT}/shared/real",
			"h/.pi/agent/skills/b-again": "->../../../../shared/real",
			"h/.pi/agent/skills/dead":    "->${ROOT}/missing",
			"h/.pi/agent/skills/one.md":  "->${ROOT}/shared/one.md",
		},
		want: []string{
			"linked@h/.pi/agent/skills/a-link/SKILL.md",
			"one@h/.pi/agent/skills/one.md",
		},
		wantExcluded: map[string]string{
			"h/.pi/agent/skills/b-again/SKILL.md": piresources.ReasonSameFile,
			"h/.pi/agent/skills/dead":             piresources.ReasonBrokenLink,
		},
	}})
}

func TestSkillAgentsDirs(t *testing.T) {
	runSkillCases(t, []skillCase{{
		name: "SKL-D8 SKL-D9 walk stops at the git root, home dir is user scope",
		cwd:  "h/repo/sub",
		files: map[string]string{
			"h/repo/.git":                          "gitdir: elsewhere\n",
			"h/repo/sub/.agents/skills/s/SKILL.md": skill("in-sub", "Sub."),
			"h/repo/.agents/skills/r/SKILL.md":     skill("at-root", "Root."),
			"h/repo/.agents/skills/loose.md":       skill("loose", "Agents mode takes no plain .md."),
			"h/.agents/skills/u/SKILL.md":          skill("home-user", "User."),
			"h/.pi/agent/skills/u/SKILL.md":        skill("agent-user", "Agent dir first."),
			".agents/skills/o/SKILL.md":            skill("outside", "Above the git root."),
		},
		want: []string{
			"in-sub@h/repo/sub/.agents/skills/s/SKILL.md",
			"at-root@h/repo/.agents/skills/r/SKILL.md",
			"agent-user@h/.pi/agent/skills/u/SKILL.md",
			"home-user@h/.agents/skills/u/SKILL.md",
		},
		wantExcluded: map[string]string{"h/repo/.agents/skills/loose.md": piresources.ReasonNotResource},
	}, {
		name:      "TRUST-2 untrusted project",
		untrusted: true,
		files: map[string]string{
			"h/p/.pi/settings.json":         `{"skills": ["../../../extra"]}`,
			"extra/e/SKILL.md":              skill("extra", "Project settings."),
			"h/p/.pi/skills/s/SKILL.md":     skill("proj", "Project."),
			"h/p/.agents/skills/a/SKILL.md": skill("agents", "Project agents."),
			"h/.agents/skills/u/SKILL.md":   skill("user", "User agents still load."),
		},
		want: []string{"user@h/.agents/skills/u/SKILL.md"},
		wantExcluded: map[string]string{
			"h/p/.pi/settings.json": piresources.ReasonUntrusted,
			"h/p/.pi/skills":        piresources.ReasonUntrusted,
			"h/p/.agents/skills":    piresources.ReasonUntrusted,
		},
	}})
}

func TestSkillOrderAndCollisions(t *testing.T) {
	runSkillCases(t, []skillCase{{
		name: "SKL-D1 SKL-C1 rank order, first name wins, collisions last",
		files: map[string]string{
			"h/p/.pi/settings.json":           `{"skills": ["../../../ps"], "packages": ["../../../ppkg"]}`,
			"ps/a/SKILL.md":                   skill("p-settings", "Rank 0."),
			"h/p/.pi/skills/dup/SKILL.md":     skill("dup", "Rank 1 wins."),
			"h/p/.agents/skills/b/SKILL.md":   skill("p-agents", "Rank 1, after .pi/skills."),
			"h/.pi/agent/settings.json":       `{"skills": ["../../../us"], "packages": ["../../../upkg", "npm:remote"]}`,
			"us/c/SKILL.md":                   skill("u-settings", "Rank 2."),
			"h/.pi/agent/skills/dup/SKILL.md": skill("dup", "Rank 3 loses."),
			"h/.agents/skills/d/SKILL.md":     skill("u-agents", "Rank 3, after agentDir."),
			"ppkg/skills/e/SKILL.md":          skill("p-pkg", "Rank 4, project package first."),
			"upkg/skills/f/SKILL.md":          skill("u-pkg", "Rank 4."),
			"upkg/skills/bad/SKILL.md":        "---\nname: Bad\n---\n",
			"cli/dup/SKILL.md":                skill("dup", "CLI loses."),
			"epkg/skills/g/SKILL.md":          skill("e-pkg", "A -e package loads first of all."),
		},
		paths:    []string{"../../cli/dup", "../../cli/dup/"},
		packages: []string{"../../epkg"},
		want: []string{
			"e-pkg@epkg/skills/g/SKILL.md",
			"p-settings@ps/a/SKILL.md",
			"dup@h/p/.pi/skills/dup/SKILL.md",
			"p-agents@h/p/.agents/skills/b/SKILL.md",
			"u-settings@us/c/SKILL.md",
			"u-agents@h/.agents/skills/d/SKILL.md",
			"p-pkg@ppkg/skills/e/SKILL.md",
			"u-pkg@upkg/skills/f/SKILL.md",
		},
		wantDiags: []string{
			"upkg/skills/bad/SKILL.md: description is required",
			"upkg/skills/bad/SKILL.md: name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)",
			`h/.pi/agent/skills/dup/SKILL.md: name "dup" collision`,
			`cli/dup/SKILL.md: name "dup" collision`,
		},
		wantExcluded: map[string]string{
			"h/.pi/agent/skills/dup/SKILL.md": piresources.ReasonCollision,
			"npm:remote":                      piresources.ReasonRemotePackage,
		},
	}})
}

func TestSkillCLIPaths(t *testing.T) {
	runSkillCases(t, []skillCase{{
		name:       "SKL-D10 SKL-D11 X-4 --no-skills keeps CLI paths",
		noDiscover: true,
		files: map[string]string{
			"h/.pi/agent/skills/d/SKILL.md": skill("discovered", "Not loaded."),
			"h/p/file.md":                   skill("file", "A file path."),
			"h/p/dir/top.md":                skill("dir-top", "Top-level md of a CLI dir."),
			"h/p/dir/one/SKILL.md":          skill("dir-one", "Nested."),
			"h/p/notes.txt":                 "x",
			"h/tilde.md":                    skill("tilde", "Home relative."),
			"h/p/url dir/SKILL.md":          skill("url", "file:// URL."),
			"h/p/ lead.md":                  skill("lead", "Leading space is part of the name."),
		},
		paths: []string{"file.md", "dir", "missing", "notes.txt", "~/tilde.md", "file://${ROOT}/h/p/url%20dir", " lead.md", "file.md  "},
		want: []string{
			"file@h/p/file.md",
			"dir-one@h/p/dir/one/SKILL.md",
			"dir-top@h/p/dir/top.md",
			"tilde@h/tilde.md",
			"url@h/p/url dir/SKILL.md",
			"lead@h/p/ lead.md",
		},
		wantDiags: []string{
			"h/p/missing: skill path does not exist",
			"h/p/notes.txt: skill path is not a markdown file",
		},
		wantExcluded: map[string]string{"h/.pi/agent/skills": piresources.ReasonDiscoveryOff},
	}})
}
