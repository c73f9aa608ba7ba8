# Claude Code cases (read by mkcases.py). Rules: docs/agents/claude-code.md.
A = "claude-code"


def claude_json(project_key, **fields):
    """~/.claude.json with one project entry; project_key may hold <ROOT> (setup op expands it)"""
    return json.dumps({"hasCompletedOnboarding": True, "projects": {project_key: fields}}, indent=1) + "\n"


case(A, "cc-basic", "One CLAUDE.md in cwd (= git root): the reminder block with the fixed header and one trimmed entry.",
     ["CC-1", "CC-2", "CC-3", "CC-8"],
     {"tree/repo/CLAUDE.md": "# Rules\nUse tabs.\n"}, git=["repo"], cwd="repo")

case(A, "cc-none", "No instruction file: the first user message has no CLAUDE.md reminder.",
     ["CC-1"], {"tree/repo/README.md": "readme\n"}, git=["repo"], cwd="repo")

case(A, "cc-walk-past-git-root", "Every ancestor from the outermost down to cwd, past the git root; dirs without a file are skipped; files below cwd are not read.",
     ["CC-4", "CC-5"],
     {"tree/CLAUDE.md": "TREE TOP (above git root)\n", "tree/repo/CLAUDE.md": "REPO ROOT\n", "tree/repo/a/b/CLAUDE.md": "B (cwd)\n",
      "tree/repo/a/b/below/CLAUDE.md": "BELOW CWD\n"},
     git=["repo"], cwd="repo/a/b")

case(A, "cc-walk-above-tree", "The walk continues above the sandbox tree: a CLAUDE.md in <ROOT> (parent of fs/ and home/) is read; no git anywhere.",
     ["CC-5"],
     {"tree/a/CLAUDE.md": "A (cwd)\n"}, cwd="a", setup=[write("root/CLAUDE.md", "SANDBOX ROOT (above the tree)\n")])

case(A, "cc-per-dir-order", "Within a directory: CLAUDE.md, .claude/CLAUDE.md, .claude/rules/*.md, CLAUDE.local.md; the outer directory's four come before the inner's.",
     ["CC-3", "CC-4", "CC-6"],
     {"tree/repo/CLAUDE.local.md": "REPO LOCAL\n", "tree/repo/.claude/rules/r1.md": "REPO RULE r1\n",
      "tree/repo/.claude/CLAUDE.md": "REPO DOT-CLAUDE\n", "tree/repo/CLAUDE.md": "REPO CLAUDE\n",
      "tree/repo/sub/CLAUDE.local.md": "SUB LOCAL\n", "tree/repo/sub/.claude/CLAUDE.md": "SUB DOT-CLAUDE\n",
      "tree/repo/sub/CLAUDE.md": "SUB CLAUDE\n", "tree/repo/sub/.claude/rules/s1.md": "SUB RULE s1\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cc-user-global", "~/.claude/CLAUDE.md then ~/.claude/rules/*.md come first, before every project file, with the user description.",
     ["CC-3", "CC-4", "CC-6"],
     {"home/.claude/CLAUDE.md": "USER CLAUDE\n", "home/.claude/rules/u1.md": "USER RULE u1\n",
      "tree/repo/CLAUDE.md": "REPO CLAUDE\n"},
     git=["repo"], cwd="repo")

case(A, "cc-claude-config-dir", "CLAUDE_CONFIG_DIR replaces ~/.claude as the user dir (CLAUDE.md and rules/).",
     ["CC-4", "CC-19"],
     {"home/.claude/CLAUDE.md": "DEFAULT USER DIR (not read)\n", "home/cfg/CLAUDE.md": "CONFIG DIR CLAUDE\n",
      "home/cfg/rules/r.md": "CONFIG DIR RULE\n", "tree/repo/CLAUDE.md": "REPO\n"},
     git=["repo"], cwd="repo", env={"CLAUDE_CONFIG_DIR": "<ROOT>/home/cfg"})

case(A, "cc-rules-tree", "Rules: *.md files of .claude/rules and its subdirectories (a subdirectory at its place in the listing); other extensions ignored; the order is the directory's readdir order, not sorted.",
     ["CC-6"],
     {"tree/repo/CLAUDE.md": "REPO\n", "tree/repo/.claude/rules/notes.txt": "NOT MD\n"},
     git=["repo"], cwd="repo",
     setup=[write("tree/repo/.claude/rules/zeta.md", "RULE zeta\n"), write("tree/repo/.claude/rules/sub/inner.md", "RULE sub/inner\n"),
            write("tree/repo/.claude/rules/beta.md", "RULE beta\n"), write("tree/repo/.claude/rules/Alpha.md", "RULE Alpha\n"),
            write("tree/repo/.claude/rules/aa/deep.md", "RULE aa/deep\n")],
     environment_specific="The rule order is the file system's readdir order (ext4: the order of the names' hashes, which depends on the file system's hash seed; tmpfs: the reverse of creation); on another file system or machine the same tree can list in another order.")

case(A, "cc-rules-paths-frontmatter", "A rule with `paths:` frontmatter is conditional and not loaded at start; other frontmatter is stripped from the text.",
     ["CC-6", "CC-10"],
     {"tree/repo/.claude/rules/cond.md": "---\npaths:\n  - \"src/**/*.ts\"\n---\nCONDITIONAL RULE\n",
      "tree/repo/.claude/rules/plain.md": "---\ndescription: always\n---\nPLAIN RULE\n",
      "tree/repo/.claude/rules/star.md": "---\npaths: \"**\"\n---\nPATHS ** RULE\n"},
     git=["repo"], cwd="repo",
     environment_specific="Two rules load; their order is the rules directory's readdir order (CC-6), which can differ on another file system.")

case(A, "cc-frontmatter", "YAML frontmatter at the top of CLAUDE.md is removed; a later --- block is kept.",
     ["CC-10"],
     {"tree/repo/CLAUDE.md": "---\ntitle: rules\ntags: [a, b]\n---\n\nBODY AFTER FRONTMATTER\n\n---\nnot: frontmatter\n---\n"},
     git=["repo"], cwd="repo")

case(A, "cc-trim-crlf-bom", "Content is JS-trimmed (a leading BOM counts as whitespace); inner CRLF is kept.",
     ["CC-8"],
     {"tree/repo/CLAUDE.md": "\ufeff\r\n  FIRST\r\nSECOND  \r\n\r\n\t\n"}, git=["repo"], cwd="repo")

case(A, "cc-html-comments", "Block-level HTML comments are removed (then CRLF becomes LF in that file); comments inside a paragraph or code stay.",
     ["CC-9"],
     {"tree/repo/CLAUDE.md": "KEEP1\r\n\r\n<!-- hidden block comment -->\r\n\r\ninline <!-- stays --> text\r\n\r\n```\r\n<!-- in code -->\r\n```\r\n\r\n<!--\r\nmulti\r\nline\r\n-->\r\nKEEP2\r\n",
      "tree/repo/sub/CLAUDE.md": "NO COMMENTS\r\nCRLF KEPT\r\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cc-empty-blank", "0-byte and whitespace-only files are skipped.",
     ["CC-7"],
     {"tree/repo/CLAUDE.md": "", "tree/repo/.claude/CLAUDE.md": " \n\n\t", "tree/repo/CLAUDE.local.md": "LOCAL\n",
      "tree/repo/sub/CLAUDE.md": "<!-- only a comment -->\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cc-other-names-ignored", "AGENTS.md, GEMINI.md, .claude/AGENTS.md, claude.md and CLAUDE.MD are not read.",
     ["CC-11"],
     {"tree/repo/AGENTS.md": "AGENTS\n", "tree/repo/GEMINI.md": "GEMINI\n", "tree/repo/.claude/AGENTS.md": "DOT AGENTS\n",
      "tree/repo/claude.md": "lower\n", "tree/repo/CLAUDE.MD": "upper ext\n", "tree/repo/sub/CLAUDE.md": "SUB CLAUDE\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cc-dir-named-claude-md", "A directory named CLAUDE.md is skipped; the rest of the directory still loads.",
     ["CC-7", "CC-11"],
     {"tree/repo/CLAUDE.local.md": "LOCAL\n"}, git=["repo"], cwd="repo", setup=[mkdir("tree/repo/CLAUDE.md")])

case(A, "cc-imports-syntax", "@imports in a cwd file: at line start, inline after a space, ./ and nested (each import a separate entry after its parent, depth first); not in code spans, fences or HTML comments; not after a non-space (a@b); #fragment dropped; \\ escapes a space; missing and non-text targets skipped.",
     ["CC-12", "CC-13", "CC-15"],
     {"tree/repo/CLAUDE.md": "TOP\n@imp1.md\nsee @./imp2.md inline\n`@code.md` in a span\n```\n@fence.md\n```\n<!-- @comment.md -->\nmail a@imp3.md\n@frag.md#section\n@with\\ space.md\n@missing.md\n@pic.png\n@data.json\n\n    @indented.md\n\nEND\n",
      "tree/repo/imp1.md": "IMP1 then @nested.md\n", "tree/repo/nested.md": "NESTED\n", "tree/repo/imp2.md": "IMP2\n",
      "tree/repo/code.md": "CODE\n", "tree/repo/fence.md": "FENCE\n", "tree/repo/comment.md": "COMMENT\n", "tree/repo/imp3.md": "IMP3\n",
      "tree/repo/frag.md": "FRAG\n", "tree/repo/with space.md": "WITH SPACE\n", "tree/repo/pic.png": "PNG?\n",
      "tree/repo/data.json": "{\"json\": true}\n", "tree/repo/indented.md": "INDENTED CODE\n"},
     git=["repo"], cwd="repo")

case(A, "cc-imports-depth", "Import depth: the top file is depth 0 and files up to depth 4 load; the depth-5 file does not.",
     ["CC-14"],
     {"tree/repo/CLAUDE.md": "D0 @d1.md\n", "tree/repo/d1.md": "D1 @d2.md\n", "tree/repo/d2.md": "D2 @d3.md\n",
      "tree/repo/d3.md": "D3 @d4.md\n", "tree/repo/d4.md": "D4 @d5.md\n", "tree/repo/d5.md": "D5 @d6.md\n", "tree/repo/d6.md": "D6\n"},
     git=["repo"], cwd="repo")

case(A, "cc-imports-cycle-dedupe", "Each file loads once: a cycle stops, a file imported twice appears at its first (depth-first) place, and a file the walk would load later (.claude/CLAUDE.md) is not repeated after being imported.",
     ["CC-15", "CC-16"],
     {"tree/repo/CLAUDE.md": "ROOT @a.md @shared.md @.claude/CLAUDE.md\n", "tree/repo/a.md": "A @b.md\n", "tree/repo/b.md": "B @a.md @shared.md\n",
      "tree/repo/shared.md": "SHARED\n", "tree/repo/.claude/CLAUDE.md": "DOT-CLAUDE (imported first)\n"},
     git=["repo"], cwd="repo")

case(A, "cc-imports-user-imports-project", "~/.claude/CLAUDE.md importing the project's CLAUDE.md: the file appears once, in the user slot with the user description, and not again in the walk.",
     ["CC-13", "CC-16"],
     {"tree/repo/CLAUDE.md": "REPO CLAUDE\n", "tree/repo/sub/CLAUDE.md": "SUB\n"},
     git=["repo"], cwd="repo/sub",
     setup=[write("home/.claude/CLAUDE.md", "USER @<ROOT>/fs/repo/CLAUDE.md\n", expand=True)])

case(A, "cc-imports-outside-cwd", "Imports whose target is outside cwd are skipped for project files: ../x.md from cwd, any import from an ancestor CLAUDE.md (even into cwd), @~/x.md and an absolute path.",
     ["CC-17"],
     {"tree/repo/CLAUDE.md": "REPO @repo-imp.md @sub/in-cwd.md\n", "tree/repo/repo-imp.md": "REPO IMP\n",
      "tree/repo/up.md": "UP\n", "tree/repo/sub/in-cwd.md": "IN CWD (imported by ancestor)\n", "tree/repo/sub/local-imp.md": "LOCAL IMP\n",
      "tree/abs.md": "ABS\n", "home/home-imp.md": "HOME IMP\n"},
     git=["repo"], cwd="repo/sub",
     setup=[write("tree/repo/sub/CLAUDE.md", "SUB @../up.md @~/home-imp.md @<ROOT>/fs/abs.md @local-imp.md\n", expand=True)])

case(A, "cc-imports-external-approved", "With hasClaudeMdExternalIncludesApproved in ~/.claude.json (project key = git root) imports outside cwd load, also from ancestor files.",
     ["CC-17", "CC-19"],
     {"tree/repo/CLAUDE.md": "REPO @repo-imp.md\n", "tree/repo/repo-imp.md": "REPO IMP\n",
      "tree/repo/sub/CLAUDE.md": "SUB @../up.md @~/home-imp.md\n", "tree/repo/up.md": "UP\n", "home/home-imp.md": "HOME IMP\n"},
     git=["repo"], cwd="repo/sub",
     setup=[write("home/.claude.json", claude_json("<ROOT>/fs/repo", hasClaudeMdExternalIncludesApproved=True,
                                                   hasTrustDialogAccepted=True), expand=True)])

case(A, "cc-imports-external-key-is-git-root", "The approval is looked up under the git root: an entry keyed by cwd (below the git root) does not approve external imports.",
     ["CC-17"],
     {"tree/repo/sub/CLAUDE.md": "SUB @../up.md\n", "tree/repo/up.md": "UP\n"},
     git=["repo"], cwd="repo/sub",
     setup=[write("home/.claude.json", claude_json("<ROOT>/fs/repo/sub", hasClaudeMdExternalIncludesApproved=True,
                                                   hasTrustDialogAccepted=True), expand=True)])

case(A, "cc-imports-user-file", "Imports from ~/.claude/CLAUDE.md may point anywhere (~/, absolute, relative to ~/.claude); they carry the user description.",
     ["CC-13", "CC-17"],
     {"home/notes.md": "HOME NOTES\n",
      "home/.claude/extra.md": "CLAUDE DIR EXTRA\n", "tree/abs.md": "ABS\n", "tree/repo/CLAUDE.md": "REPO\n"},
     git=["repo"], cwd="repo",
     setup=[write("home/.claude/CLAUDE.md", "USER @~/notes.md @extra.md @<ROOT>/fs/abs.md\n", expand=True)])

case(A, "cc-imports-local-file", "A file imported from CLAUDE.local.md carries the local (not checked in) description.",
     ["CC-3", "CC-13"],
     {"tree/repo/CLAUDE.local.md": "LOCAL @local-imp.md\n", "tree/repo/local-imp.md": "LOCAL IMP\n",
      "tree/repo/CLAUDE.md": "PROJECT @proj-imp.md\n", "tree/repo/proj-imp.md": "PROJECT IMP\n"},
     git=["repo"], cwd="repo")

case(A, "cc-import-blank-target", "An imported file that is empty or whitespace-only adds no entry; the importing file keeps its @ line.",
     ["CC-7", "CC-13"],
     {"tree/repo/CLAUDE.md": "TOP @blank.md @ok.md\n", "tree/repo/blank.md": "  \n\n", "tree/repo/ok.md": "OK\n"},
     git=["repo"], cwd="repo")

case(A, "cc-size-limit", "A file above 4 MiB (4194304 bytes) is skipped entirely; a 45 KB file is included whole.",
     ["CC-18"],
     {"tree/repo/sub/CLAUDE.md": big_lines("MID", 750) + "MID END\n"},
     git=["repo"], cwd="repo/sub",
     setup=[write("tree/repo/CLAUDE.md", "0123456789ABCDE\n", repeat=262145)])

case(A, "cc-symlinks", "A symlinked CLAUDE.md (target outside cwd) loads under the link path; a second link to an already loaded file adds nothing.",
     ["CC-16", "CC-20"],
     {"tree/shared/rules.md": "SHARED RULES VIA LINK\n"},
     git=["repo"], cwd="repo/sub",
     setup=[symlink("tree/repo/CLAUDE.md", "../shared/rules.md"), symlink("tree/repo/sub/CLAUDE.md", "../../shared/rules.md"),
            write("tree/repo/sub/CLAUDE.local.md", "SUB LOCAL\n")])

case(A, "cc-symlink-cwd", "cwd entered through a symlink: paths and the walk use the physical directory.",
     ["CC-5", "CC-20"],
     {"tree/real/repo/CLAUDE.md": "REAL REPO\n", "tree/real/repo/sub/CLAUDE.md": "REAL SUB\n", "tree/CLAUDE.md": "TREE TOP\n"},
     git=["real/repo"], cwd="link/sub", setup=[symlink("tree/link", "real/repo")])

case(A, "cc-disable-env", "CLAUDE_CODE_DISABLE_CLAUDE_MDS=1 loads no instruction file at all.",
     ["CC-21"],
     {"home/.claude/CLAUDE.md": "USER\n", "tree/repo/CLAUDE.md": "REPO\n"}, git=["repo"], cwd="repo",
     env={"CLAUDE_CODE_DISABLE_CLAUDE_MDS": "1"})

case(A, "cc-setting-sources-user", "--setting-sources user: only the user files; project, .claude, rules and local files are not read.",
     ["CC-21"],
     {"home/.claude/CLAUDE.md": "USER\n", "tree/repo/CLAUDE.md": "REPO\n", "tree/repo/CLAUDE.local.md": "LOCAL\n",
      "tree/repo/.claude/rules/r.md": "RULE\n"},
     git=["repo"], cwd="repo", args=["--setting-sources", "user"])

case(A, "cc-setting-sources-project-local", "--setting-sources project,local: no user files; project and local ones load.",
     ["CC-21"],
     {"home/.claude/CLAUDE.md": "USER\n", "home/.claude/rules/u.md": "USER RULE\n", "tree/repo/CLAUDE.md": "REPO\n",
      "tree/repo/CLAUDE.local.md": "LOCAL\n"},
     git=["repo"], cwd="repo", args=["--setting-sources", "project,local"])

case(A, "cc-setting-sources-project", "--setting-sources project: CLAUDE.local.md is not read.",
     ["CC-21"],
     {"tree/repo/CLAUDE.md": "REPO\n", "tree/repo/CLAUDE.local.md": "LOCAL\n"},
     git=["repo"], cwd="repo", args=["--setting-sources", "project"])

case(A, "cc-claudemd-excludes", "claudeMdExcludes (user settings.json) drops matching user/project/local files by absolute-path glob.",
     ["CC-21"],
     {"tree/repo/CLAUDE.md": "REPO (excluded)\n", "tree/repo/sub/CLAUDE.md": "SUB (kept)\n", "tree/repo/sub/CLAUDE.local.md": "SUB LOCAL (excluded)\n"},
     git=["repo"], cwd="repo/sub",
     setup=[write("home/.claude/settings.json", json.dumps({"claudeMdExcludes": ["<ROOT>/fs/repo/CLAUDE.md", "**/CLAUDE.local.md"]}) + "\n", expand=True)])

case(A, "cc-add-dir-env", "--add-dir with CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD=1: the extra dir's CLAUDE.md, .claude/CLAUDE.md, rules and CLAUDE.local.md come after the cwd chain (its ancestors are not walked).",
     ["CC-22"],
     {"tree/repo/CLAUDE.md": "REPO\n", "tree/other/CLAUDE.md": "OTHER\n", "tree/other/.claude/rules/o.md": "OTHER RULE\n",
      "tree/other/CLAUDE.local.md": "OTHER LOCAL\n", "tree/CLAUDE.md": "TREE TOP\n"},
     git=["repo"], cwd="repo", args=["--add-dir", "<ROOT>/fs/other"], env={"CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD": "1"})

case(A, "cc-add-dir-no-env", "--add-dir without CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: the extra dir's files are not read.",
     ["CC-22"],
     {"tree/repo/CLAUDE.md": "REPO\n", "tree/other/CLAUDE.md": "OTHER\n"},
     git=["repo"], cwd="repo", args=["--add-dir", "<ROOT>/fs/other"])

case(A, "cc-nested-worktree", "cwd in a git worktree nested inside its main repo: the main repo's CLAUDE.md, .claude/CLAUDE.md and rules are skipped, its CLAUDE.local.md still loads; dirs above the main repo load.",
     ["CC-23"],
     {"tree/main/README": "x\n"},
     git=["main"], cwd="main/wt/pkg",
     setup=[gitcmd("tree/main", "add", "-A"), gitcmd("tree/main", "commit", "-qm", "init"),
            gitcmd("tree/main", "worktree", "add", "-q", "wt"),
            write("tree/CLAUDE.md", "ABOVE MAIN\n"), write("tree/main/CLAUDE.md", "MAIN CLAUDE\n"),
            write("tree/main/.claude/CLAUDE.md", "MAIN DOT-CLAUDE\n"), write("tree/main/CLAUDE.local.md", "MAIN LOCAL\n"),
            write("tree/main/.claude/rules/m.md", "MAIN RULE\n"),
            write("tree/main/wt/CLAUDE.md", "WORKTREE CLAUDE\n"), write("tree/main/wt/pkg/CLAUDE.md", "WT PKG\n")])

case(A, "cc-sibling-worktree", "A worktree outside its main repo (sibling dir): nothing of the main repo is read, the common parent is.",
     ["CC-23", "CC-5"],
     {"tree/main/README": "x\n"},
     git=["main"], cwd="wt",
     setup=[gitcmd("tree/main", "add", "-A"), gitcmd("tree/main", "commit", "-qm", "init"),
            gitcmd("tree/main", "worktree", "add", "-q", "../wt"),
            write("tree/CLAUDE.md", "COMMON PARENT\n"), write("tree/main/CLAUDE.md", "MAIN CLAUDE\n"),
            write("tree/wt/CLAUDE.md", "WORKTREE CLAUDE\n")])

case(A, "cc-cwd-is-home", "cwd = HOME: ~/CLAUDE.md is a project file; ~/.claude/CLAUDE.md appears once, as the user file.",
     ["CC-4", "CC-16"],
     {"home/CLAUDE.md": "HOME DIR CLAUDE\n", "home/.claude/CLAUDE.md": "USER CLAUDE\n"},
     cwd="../home")

case(A, "cc-large-file-whole", "No truncation below the 4 MiB skip limit: a 200 KB file is sent whole.",
     ["CC-18"],
     {"tree/repo/CLAUDE.md": big_lines("L", 3400) + "LAST LINE\n"}, git=["repo"], cwd="repo")

# ---------------------------------------------------------------- AGENTS.md (CC-24)
# Claude Code 2.1.332 reads AGENTS.md and .claude/AGENTS.md on the cwd walk when the walk has no
# CLAUDE.md, .claude/CLAUDE.md or CLAUDE.local.md with text in it (its built-in agents-md plugin,
# default mode). The curated cases above all have a CLAUDE.md on the walk, which hides this.

case(A, "cc-agents-no-claude", "No CLAUDE-named file on the walk: AGENTS.md of every directory from the outermost ancestor to cwd, past the git root; one below cwd is not read.",
     ["CC-24"],
     {"tree/AGENTS.md": "TREE TOP AGENTS (above git root)\n", "tree/repo/AGENTS.md": "REPO AGENTS\n",
      "tree/repo/sub/AGENTS.md": "SUB AGENTS (cwd)\n", "tree/repo/sub/below/AGENTS.md": "BELOW CWD AGENTS\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cc-agents-no-git", "No git repository anywhere: AGENTS.md of cwd and its ancestors still load.",
     ["CC-24"],
     {"tree/a/AGENTS.md": "A AGENTS\n", "tree/a/b/AGENTS.md": "B AGENTS (cwd)\n"}, cwd="a/b")

case(A, "cc-agents-blank-claude", "A CLAUDE.md that is empty, or blank once its comment is removed, does not count: AGENTS.md loads.",
     ["CC-24", "CC-7"],
     {"tree/repo/CLAUDE.md": "", "tree/CLAUDE.md": "<!-- only a comment -->\n", "tree/repo/.claude/CLAUDE.md": " \n\t\n",
      "tree/repo/AGENTS.md": "REPO AGENTS\n"},
     git=["repo"], cwd="repo")

case(A, "cc-agents-claude-below-cwd", "A CLAUDE.md below cwd (not on the walk) does not count: AGENTS.md loads.",
     ["CC-24"],
     {"tree/repo/AGENTS.md": "REPO AGENTS\n", "tree/repo/sub/CLAUDE.md": "SUB CLAUDE (below cwd)\n"},
     git=["repo"], cwd="repo")

case(A, "cc-agents-claude-above-git-root", "A CLAUDE.md above the git root is on the walk: no AGENTS.md is read anywhere.",
     ["CC-24"],
     {"tree/CLAUDE.md": "TREE TOP CLAUDE\n", "tree/repo/AGENTS.md": "REPO AGENTS\n", "tree/repo/sub/AGENTS.md": "SUB AGENTS\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cc-agents-claude-some-dirs", "A CLAUDE.md in one directory of the walk turns AGENTS.md off in every directory, also where it stands alone.",
     ["CC-24"],
     {"tree/repo/CLAUDE.md": "REPO CLAUDE\n", "tree/repo/AGENTS.md": "REPO AGENTS\n", "tree/repo/sub/AGENTS.md": "SUB AGENTS (no CLAUDE.md here)\n",
      "tree/AGENTS.md": "TREE TOP AGENTS\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cc-agents-dot-claude-claude", "A .claude/CLAUDE.md on the walk counts like CLAUDE.md: no AGENTS.md.",
     ["CC-24"],
     {"tree/repo/sub/.claude/CLAUDE.md": "SUB DOT-CLAUDE\n", "tree/repo/AGENTS.md": "REPO AGENTS\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cc-agents-local", "CLAUDE.local.md on the walk counts like CLAUDE.md: no AGENTS.md.",
     ["CC-24"],
     {"tree/repo/CLAUDE.local.md": "REPO LOCAL\n", "tree/repo/AGENTS.md": "REPO AGENTS\n"},
     git=["repo"], cwd="repo")

case(A, "cc-agents-local-not-a-source", "--setting-sources user,project: CLAUDE.local.md is not loaded, yet it still counts as a Claude file, so no AGENTS.md.",
     ["CC-24", "CC-21"],
     {"tree/repo/CLAUDE.local.md": "REPO LOCAL\n", "tree/repo/AGENTS.md": "REPO AGENTS\n", "home/.claude/CLAUDE.md": "USER\n"},
     git=["repo"], cwd="repo", args=["--setting-sources", "user,project"])

case(A, "cc-agents-no-project-source", "--setting-sources user,local: no project files, and no AGENTS.md either.",
     ["CC-24", "CC-21"],
     {"tree/repo/AGENTS.md": "REPO AGENTS\n", "home/.claude/CLAUDE.md": "USER\n"},
     git=["repo"], cwd="repo", args=["--setting-sources", "user,local"])

case(A, "cc-agents-disable-env", "CLAUDE_CODE_DISABLE_CLAUDE_MDS=1: no AGENTS.md either.",
     ["CC-24", "CC-21"],
     {"tree/repo/AGENTS.md": "REPO AGENTS\n"}, git=["repo"], cwd="repo", env={"CLAUDE_CODE_DISABLE_CLAUDE_MDS": "1"})

case(A, "cc-agents-dot-claude-agents", "Per directory AGENTS.md then .claude/AGENTS.md, outermost directory first.",
     ["CC-24"],
     {"tree/repo/.claude/AGENTS.md": "REPO DOT-CLAUDE AGENTS\n", "tree/repo/AGENTS.md": "REPO AGENTS\n",
      "tree/repo/sub/.claude/AGENTS.md": "SUB DOT-CLAUDE AGENTS\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cc-agents-home-dot-claude", "~/.claude/AGENTS.md is no user file: with cwd outside HOME it is not read; ~/.claude/CLAUDE.md (a user file) does not turn AGENTS.md off.",
     ["CC-24"],
     {"home/.claude/AGENTS.md": "HOME DOT-CLAUDE AGENTS\n", "home/.claude/CLAUDE.md": "USER CLAUDE\n", "tree/repo/AGENTS.md": "REPO AGENTS\n"},
     git=["repo"], cwd="repo")

case(A, "cc-agents-cwd-under-home", "cwd below HOME: HOME is on the walk, so ~/AGENTS.md and ~/.claude/AGENTS.md load as project files; ~/.claude/CLAUDE.md stays the user file and does not count.",
     ["CC-24", "CC-16"],
     {"home/.claude/AGENTS.md": "HOME DOT-CLAUDE AGENTS\n", "home/.claude/CLAUDE.md": "USER CLAUDE\n", "home/AGENTS.md": "HOME AGENTS\n",
      "home/proj/AGENTS.md": "PROJ AGENTS (cwd)\n"},
     cwd="../home/proj")

case(A, "cc-agents-text", "An AGENTS.md is processed like CLAUDE.md: frontmatter and block HTML comments removed (CRLF then LF), trimmed, BOM dropped; a blank one is skipped.",
     ["CC-24", "CC-8", "CC-9", "CC-10"],
     {"tree/repo/AGENTS.md": "\ufeff---\r\ntitle: agents\r\n---\r\n\r\nKEEP1\r\n\r\n<!-- hidden -->\r\n\r\ninline <!-- stays --> text\r\n",
      "tree/repo/sub/AGENTS.md": " \n\n", "tree/repo/sub/.claude/AGENTS.md": "<!-- only a comment -->\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cc-agents-imports", "@imports in AGENTS.md: each imported file is its own project entry after its importer, depth first; an import outside cwd from an ancestor's AGENTS.md is skipped.",
     ["CC-24", "CC-12", "CC-13", "CC-17"],
     {"tree/repo/sub/AGENTS.md": "SUB AGENTS @imp.md and @../outside.md\n", "tree/repo/sub/imp.md": "IMP then @nested.md\n",
      "tree/repo/sub/nested.md": "NESTED\n", "tree/repo/outside.md": "OUTSIDE CWD\n",
      "tree/repo/AGENTS.md": "REPO AGENTS @repo-imp.md @sub/imp.md\n", "tree/repo/repo-imp.md": "REPO IMP (outside cwd)\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cc-agents-with-rules", "AGENTS.md beside .claude/rules with no CLAUDE.md: rules do not turn it off; each directory's AGENTS.md comes after that directory's rules and before the next directory's; one with the same text as a loaded rule is dropped.",
     ["CC-24", "CC-6"],
     {"tree/repo/.claude/rules/r.md": "REPO RULE\n", "tree/repo/AGENTS.md": "REPO AGENTS\n",
      "tree/repo/sub/.claude/rules/s.md": "SAME TEXT\n", "tree/repo/sub/AGENTS.md": "\nSAME TEXT\n\n",
      "tree/repo/sub/.claude/AGENTS.md": "SUB DOT-CLAUDE AGENTS\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cc-agents-user-and-excludes", "The user file and rules come first, AGENTS.md after; claudeMdExcludes drops a matching AGENTS.md, and an excluded CLAUDE.md does not count.",
     ["CC-24", "CC-21"],
     {"home/.claude/CLAUDE.md": "USER CLAUDE\n", "home/.claude/rules/u.md": "USER RULE\n", "tree/repo/CLAUDE.md": "REPO CLAUDE (excluded)\n",
      "tree/repo/AGENTS.md": "REPO AGENTS\n", "tree/repo/sub/AGENTS.md": "SUB AGENTS (excluded)\n"},
     git=["repo"], cwd="repo/sub",
     setup=[write("home/.claude/settings.json", json.dumps({"claudeMdExcludes": ["<ROOT>/fs/repo/CLAUDE.md", "**/sub/AGENTS.md"]}) + "\n", expand=True)])

case(A, "cc-agents-add-dir", "--add-dir with CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD=1: the added dir's CLAUDE.md is not on the walk and does not count; the cwd's AGENTS.md comes after the added dir's files.",
     ["CC-24", "CC-22"],
     {"tree/repo/AGENTS.md": "REPO AGENTS\n", "tree/other/CLAUDE.md": "OTHER CLAUDE\n", "tree/other/AGENTS.md": "OTHER AGENTS (not read)\n"},
     git=["repo"], cwd="repo", args=["--add-dir", "<ROOT>/fs/other"], env={"CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD": "1"})

case(A, "cc-agents-symlink", "A symlinked AGENTS.md loads under the link path; a second link to the same file.",
     ["CC-24", "CC-20"],
     {"tree/shared/agents.md": "SHARED AGENTS\n"},
     git=["repo"], cwd="repo/sub",
     setup=[symlink("tree/repo/AGENTS.md", "../shared/agents.md"), symlink("tree/repo/sub/AGENTS.md", "../../shared/agents.md"),
            write("tree/repo/sub/.claude/AGENTS.md", "SUB DOT-CLAUDE AGENTS\n")])

case(A, "cc-agents-nested-worktree", "cwd in a git worktree nested inside its main repo, no CLAUDE-named file: the main checkout's AGENTS.md is skipped like its CLAUDE.md (CC-23); the worktree's and the directories above the main repo load.",
     ["CC-24", "CC-23"],
     {"tree/main/README": "x\n"},
     git=["main"], cwd="main/wt/pkg",
     setup=[gitcmd("tree/main", "add", "-A"), gitcmd("tree/main", "commit", "-qm", "init"),
            gitcmd("tree/main", "worktree", "add", "-q", "wt"),
            write("tree/AGENTS.md", "ABOVE MAIN AGENTS\n"), write("tree/main/AGENTS.md", "MAIN AGENTS (main checkout)\n"),
            write("tree/main/wt/AGENTS.md", "WORKTREE AGENTS\n"), write("tree/main/wt/pkg/AGENTS.md", "WT PKG AGENTS\n")])

case(A, "cc-agents-nested-worktree-local", "Nested worktree: the main checkout's CLAUDE.local.md still loads (CC-23) and makes a Claude project: no AGENTS.md.",
     ["CC-24", "CC-23"],
     {"tree/main/README": "x\n"},
     git=["main"], cwd="main/wt",
     setup=[gitcmd("tree/main", "add", "-A"), gitcmd("tree/main", "commit", "-qm", "init"),
            gitcmd("tree/main", "worktree", "add", "-q", "wt"),
            write("tree/main/CLAUDE.local.md", "MAIN LOCAL\n"), write("tree/main/wt/AGENTS.md", "WORKTREE AGENTS\n")])
