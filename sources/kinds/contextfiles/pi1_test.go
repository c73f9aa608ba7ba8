package contextfiles_test

import (
	"testing"

	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources/kinds/contextfiles"
)

// The options for pi 1.x's rules, each against pi 0.83.0's behaviour.
func TestPi1Options(t *testing.T) {
	const wtFile = "${ROOT}/repo/.worktrees/feat/AGENTS.md"
	for _, tc := range []loadCase{
		{
			name: "strip_bom drops a leading BOM only",
			tree: map[string]string{"AGENTS.md": "\uFEFFa\uFEFFb"},
			bom:  true,
			want: []string{"AGENTS.md=a\uFEFFb"},
		},
		{
			name: "without strip_bom the BOM stays (CTX-11)",
			tree: map[string]string{"AGENTS.md": "\uFEFFa"},
			want: []string{"AGENTS.md=\uFEFFa"},
		},
		{
			name:  "AGENTS.override.md first among pi 1.6.0's candidates",
			tree:  map[string]string{"AGENTS.md": "plain", "AGENTS.override.md": "override"},
			cands: []string{"AGENTS.override.md", "AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"},
			want:  []string{"AGENTS.override.md"},
			excluded: []prov.Exclusion{
				{Path: "${ROOT}/AGENTS.md", Reason: contextfiles.ReasonShadowed, Detail: "${ROOT}/AGENTS.override.md"},
			},
		},
		{
			name: "by file: a worktree file linking to the main file is dropped with it",
			tree: nestedWorktree(map[string]string{"repo/AGENTS.md": "main", "repo/.worktrees/feat/AGENTS.md": "-> ../../AGENTS.md"}),
			cwd:  "repo/.worktrees/feat",
			want: []string{},
			excluded: []prov.Exclusion{
				{Path: "${ROOT}/repo/.worktrees/feat/AGENTS.md", Reason: contextfiles.ReasonWorktree, Detail: wtFile},
				{Path: "${ROOT}/repo/AGENTS.md", Reason: contextfiles.ReasonWorktree, Detail: wtFile},
			},
		},
		{
			name:  "worktree_by_dir: a worktree file linking to the main file is kept",
			tree:  nestedWorktree(map[string]string{"repo/AGENTS.md": "main", "repo/.worktrees/feat/AGENTS.md": "-> ../../AGENTS.md"}),
			cwd:   "repo/.worktrees/feat",
			byDir: true,
			want:  []string{"repo/.worktrees/feat/AGENTS.md=main"},
			excluded: []prov.Exclusion{
				{Path: "${ROOT}/repo/AGENTS.md", Reason: contextfiles.ReasonWorktree, Detail: wtFile},
			},
		},
		{
			name:  "worktree_by_dir: a symlinked main file is dropped (X-12 no longer holds)",
			tree:  nestedWorktree(map[string]string{"repo/AGENTS.md": "-> ../shared.md", "shared.md": "main", "repo/.worktrees/feat/AGENTS.md": "wt"}),
			cwd:   "repo/.worktrees/feat",
			byDir: true,
			want:  []string{"repo/.worktrees/feat/AGENTS.md"},
			excluded: []prov.Exclusion{
				{Path: "${ROOT}/repo/AGENTS.md", Reason: contextfiles.ReasonWorktree, Detail: wtFile},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { runLoad(t, tc) })
	}
}
