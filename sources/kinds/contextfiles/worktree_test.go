package contextfiles_test

import (
	"maps"
	"testing"

	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources/kinds/contextfiles"
)

// nestedWorktree is a main checkout at repo/ with a linked worktree "feat"
// nested at repo/.worktrees/feat, laid out as git does it.
func nestedWorktree(extra map[string]string) map[string]string {
	tree := map[string]string{
		"repo/.git/HEAD":                     "ref: refs/heads/main\n",
		"repo/.git/worktrees/feat/HEAD":      "ref: refs/heads/feat\n",
		"repo/.git/worktrees/feat/commondir": "../..\n",
		"repo/.worktrees/feat/.git":          "gitdir: ../../.git/worktrees/feat\n",
		"repo/.worktrees/feat/sub/":          "",
	}
	maps.Copy(tree, extra)
	return tree
}

func TestWorktreeRule(t *testing.T) {
	const wtFile = "${ROOT}/repo/.worktrees/feat/AGENTS.md"
	for _, tc := range []loadCase{
		{
			name: "CTX-13 the main checkout's file of the same name is dropped, ancestors above stay",
			tree: nestedWorktree(map[string]string{"AGENTS.md": "top", "repo/AGENTS.md": "main", "repo/.worktrees/feat/AGENTS.md": "wt"}),
			cwd:  "repo/.worktrees/feat/sub",
			want: []string{"AGENTS.md", "repo/.worktrees/feat/AGENTS.md"},
			excluded: []prov.Exclusion{
				{Path: "${ROOT}/repo/AGENTS.md", Reason: contextfiles.ReasonWorktree, Detail: wtFile},
			},
		},
		{
			name: "CTX-13 rule off",
			tree: nestedWorktree(map[string]string{"repo/AGENTS.md": "main", "repo/.worktrees/feat/AGENTS.md": "wt"}),
			cwd:  "repo/.worktrees/feat",
			noWT: true,
			want: []string{"repo/AGENTS.md", "repo/.worktrees/feat/AGENTS.md"},
		},
		{
			name: "CTX-13 only the same basename is dropped",
			tree: nestedWorktree(map[string]string{"repo/CLAUDE.md": "main", "repo/.worktrees/feat/AGENTS.md": "wt"}),
			cwd:  "repo/.worktrees/feat",
			want: []string{"repo/CLAUDE.md", "repo/.worktrees/feat/AGENTS.md"},
		},
		{
			name: "CTX-13 the dropped file is the directory's pick; its lower candidates do not step in",
			tree: nestedWorktree(map[string]string{"repo/AGENTS.md": "main", "repo/CLAUDE.md": "main2", "repo/.worktrees/feat/AGENTS.md": "wt"}),
			cwd:  "repo/.worktrees/feat",
			want: []string{"repo/.worktrees/feat/AGENTS.md"},
			excluded: []prov.Exclusion{
				{Path: "${ROOT}/repo/CLAUDE.md", Reason: contextfiles.ReasonShadowed, Detail: "${ROOT}/repo/AGENTS.md"},
				{Path: "${ROOT}/repo/AGENTS.md", Reason: contextfiles.ReasonWorktree, Detail: wtFile},
			},
		},
		{
			name: "CTX-13 worktree root without a context file drops nothing",
			tree: nestedWorktree(map[string]string{"repo/AGENTS.md": "main", "repo/.worktrees/feat/sub/AGENTS.md": "sub"}),
			cwd:  "repo/.worktrees/feat/sub",
			want: []string{"repo/AGENTS.md", "repo/.worktrees/feat/sub/AGENTS.md"},
		},
		{
			name: "X-12 a symlinked main file is never dropped",
			tree: nestedWorktree(map[string]string{"repo/AGENTS.md": "-> ../shared.md", "shared.md": "main", "repo/.worktrees/feat/AGENTS.md": "wt"}),
			cwd:  "repo/.worktrees/feat",
			want: []string{"repo/AGENTS.md=main", "repo/.worktrees/feat/AGENTS.md"},
		},
		{
			name: "X-5 a .git file without gitdir: is skipped and the search goes on",
			tree: nestedWorktree(map[string]string{"repo/AGENTS.md": "main", "repo/.worktrees/feat/AGENTS.md": "wt", "repo/.worktrees/feat/sub/.git": "not a pointer\n"}),
			cwd:  "repo/.worktrees/feat/sub",
			want: []string{"repo/.worktrees/feat/AGENTS.md"},
			excluded: []prov.Exclusion{
				{Path: "${ROOT}/repo/AGENTS.md", Reason: contextfiles.ReasonWorktree, Detail: wtFile},
			},
		},
		{
			name: "CTX-13 a gitdir whose target has no HEAD ends the search",
			tree: nestedWorktree(map[string]string{"repo/AGENTS.md": "main", "repo/.worktrees/feat/AGENTS.md": "wt", "repo/.worktrees/feat/sub/.git": "gitdir: /nonexistent\n"}),
			cwd:  "repo/.worktrees/feat/sub",
			want: []string{"repo/AGENTS.md", "repo/.worktrees/feat/AGENTS.md"},
		},
		{
			name: "CTX-13 submodule (no commondir) drops nothing",
			tree: map[string]string{
				"repo/.git/HEAD": "ref", "repo/.git/modules/sub/HEAD": "ref", "repo/sub/.git": "gitdir: ../.git/modules/sub\n",
				"repo/AGENTS.md": "super", "repo/sub/AGENTS.md": "sub",
			},
			cwd:  "repo/sub",
			want: []string{"repo/AGENTS.md", "repo/sub/AGENTS.md"},
		},
		{
			name: "CTX-13 common dir that is not mainRoot/.git drops nothing",
			tree: map[string]string{
				"repo/.store/HEAD": "ref", "repo/.store/worktrees/feat/HEAD": "ref", "repo/.store/worktrees/feat/commondir": "../..\n",
				"repo/.worktrees/feat/.git": "gitdir: ../../.store/worktrees/feat\n",
				"repo/AGENTS.md":            "main", "repo/.worktrees/feat/AGENTS.md": "wt",
			},
			cwd:  "repo/.worktrees/feat",
			want: []string{"repo/AGENTS.md", "repo/.worktrees/feat/AGENTS.md"},
		},
		{
			name: "CTX-13 sibling worktree outside the main checkout drops nothing",
			tree: map[string]string{
				"repo/.git/HEAD": "ref", "repo/.git/worktrees/feat/HEAD": "ref", "repo/.git/worktrees/feat/commondir": "../..\n",
				"feat/.git": "gitdir: ../repo/.git/worktrees/feat\n", "feat/AGENTS.md": "wt", "AGENTS.md": "top",
			},
			cwd:  "feat",
			want: []string{"AGENTS.md", "feat/AGENTS.md"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { runLoad(t, tc) })
	}
}
