# opencode cases (read by mkcases.py). Rules: docs/agents/opencode.md.
A = "opencode"
GCONF = "home/.config/opencode"


def oc_config(**kw):
    return json.dumps(dict({"$schema": "https://opencode.ai/config.json"}, **kw), indent=1) + "\n"


case(A, "oc-basic", "One AGENTS.md in cwd (= git root): one raw item after the <env> block.",
     ["OC-1", "OC-2", "OC-9"],
     {"tree/repo/AGENTS.md": "# Rules\nUse tabs.\n"}, git=["repo"], cwd="repo")

case(A, "oc-none", "No instruction file: nothing between </env> and the skills text.",
     ["OC-1"], {"tree/repo/README.md": "readme\n"}, git=["repo"], cwd="repo")

case(A, "oc-walk-deepest-first", "Project files from cwd up to the git root, deepest first; above the git root and below cwd are not read.",
     ["OC-4", "OC-5"],
     {"tree/AGENTS.md": "ABOVE GIT ROOT\n", "tree/repo/AGENTS.md": "REPO ROOT\n", "tree/repo/a/AGENTS.md": "A\n",
      "tree/repo/a/b/c/AGENTS.md": "C (cwd)\n", "tree/repo/a/b/c/d/AGENTS.md": "BELOW CWD\n"},
     git=["repo"], cwd="repo/a/b/c")

case(A, "oc-nogit-walks-to-root", "Without git the walk goes up to /: the tree top and the sandbox root above it are read.",
     ["OC-5"],
     {"tree/AGENTS.md": "TREE TOP\n", "tree/a/b/AGENTS.md": "B (cwd)\n"}, cwd="a/b",
     setup=[write("root/AGENTS.md", "SANDBOX ROOT (above the tree)\n")])

case(A, "oc-first-name-wins", "The first name (AGENTS.md, CLAUDE.md, CONTEXT.md) found anywhere on the walk is used for the whole walk; the others are ignored even where that name is missing.",
     ["OC-4"],
     {"tree/repo/CLAUDE.md": "REPO CLAUDE (ignored)\n", "tree/repo/CONTEXT.md": "REPO CONTEXT (ignored)\n",
      "tree/repo/sub/AGENTS.md": "SUB AGENTS\n", "tree/repo/sub/CLAUDE.md": "SUB CLAUDE (ignored)\n"},
     git=["repo"], cwd="repo/sub")

case(A, "oc-claude-md-fallback", "With no AGENTS.md on the walk, every CLAUDE.md on it is used.",
     ["OC-4"],
     {"tree/repo/CLAUDE.md": "REPO CLAUDE\n", "tree/repo/sub/CLAUDE.md": "SUB CLAUDE\n", "tree/repo/sub/CONTEXT.md": "SUB CONTEXT (ignored)\n"},
     git=["repo"], cwd="repo/sub")

case(A, "oc-context-md-fallback", "With neither AGENTS.md nor CLAUDE.md, CONTEXT.md is used.",
     ["OC-4"],
     {"tree/repo/CONTEXT.md": "REPO CONTEXT\n", "tree/repo/sub/x.md": "x\n"}, git=["repo"], cwd="repo/sub")

case(A, "oc-global-agents", "~/.config/opencode/AGENTS.md comes first, before project files.",
     ["OC-3", "OC-9"],
     {GCONF + "/AGENTS.md": "GLOBAL AGENTS\n", "tree/repo/AGENTS.md": "REPO\n"}, git=["repo"], cwd="repo")

case(A, "oc-global-claude-fallback", "Without ~/.config/opencode/AGENTS.md, ~/.claude/CLAUDE.md is the global file.",
     ["OC-3"],
     {"home/.claude/CLAUDE.md": "CLAUDE GLOBAL\n", "tree/repo/AGENTS.md": "REPO\n"}, git=["repo"], cwd="repo")

case(A, "oc-global-both", "With both, only ~/.config/opencode/AGENTS.md is read.",
     ["OC-3"],
     {GCONF + "/AGENTS.md": "GLOBAL AGENTS\n", "home/.claude/CLAUDE.md": "CLAUDE GLOBAL (ignored)\n"}, git=["repo"], cwd="repo")

case(A, "oc-xdg-config-home", "The global dir follows XDG_CONFIG_HOME (<XDG_CONFIG_HOME>/opencode/AGENTS.md).",
     ["OC-3"],
     {GCONF + "/AGENTS.md": "DEFAULT XDG (ignored)\n", "home/xdg/opencode/AGENTS.md": "CUSTOM XDG AGENTS\n"},
     git=["repo"], cwd="repo", env={"XDG_CONFIG_HOME": "<ROOT>/home/xdg"})

case(A, "oc-disable-claude-code", "OPENCODE_DISABLE_CLAUDE_CODE=1 drops ~/.claude/CLAUDE.md and the CLAUDE.md name (CONTEXT.md is then next).",
     ["OC-7"],
     {"home/.claude/CLAUDE.md": "CLAUDE GLOBAL\n", "tree/repo/CLAUDE.md": "REPO CLAUDE\n", "tree/repo/CONTEXT.md": "REPO CONTEXT\n"},
     git=["repo"], cwd="repo", env={"OPENCODE_DISABLE_CLAUDE_CODE": "1"})

case(A, "oc-disable-claude-code-prompt", "OPENCODE_DISABLE_CLAUDE_CODE_PROMPT=1 has the same effect on instruction files.",
     ["OC-7"],
     {"home/.claude/CLAUDE.md": "CLAUDE GLOBAL\n", "tree/repo/CLAUDE.md": "REPO CLAUDE\n", "tree/repo/CONTEXT.md": "REPO CONTEXT\n"},
     git=["repo"], cwd="repo", env={"OPENCODE_DISABLE_CLAUDE_CODE_PROMPT": "1"})

case(A, "oc-disable-project-config", "OPENCODE_DISABLE_PROJECT_CONFIG=1: no project file is read; the global one is.",
     ["OC-8"],
     {GCONF + "/AGENTS.md": "GLOBAL\n", "tree/repo/AGENTS.md": "REPO (ignored)\n"},
     git=["repo"], cwd="repo", env={"OPENCODE_DISABLE_PROJECT_CONFIG": "1"})

case(A, "oc-raw-content", "Content is raw: no trim, CRLF and BOM kept, a whitespace-only file is an item; the join is a single \\n so a trailing newline shows as a blank line.",
     ["OC-2", "OC-10"],
     {"tree/repo/AGENTS.md": "\n\nROOT with blank lines\n\n\n", "tree/repo/a/AGENTS.md": " \n\n",
      "tree/repo/a/b/AGENTS.md": "\ufeffBOM\r\nCRLF\r\n", "tree/repo/a/b/c/AGENTS.md": "no trailing newline"},
     git=["repo"], cwd="repo/a/b/c")

case(A, "oc-empty-file", "A 0-byte file is skipped; it still claims its name (CLAUDE.md is not tried).",
     ["OC-4", "OC-10"],
     {"tree/repo/AGENTS.md": "", "tree/repo/CLAUDE.md": "REPO CLAUDE (not used)\n", "tree/repo/sub/AGENTS.md": "SUB\n"},
     git=["repo"], cwd="repo/sub")

case(A, "oc-dir-named-agents", "A directory named AGENTS.md counts as found: nothing is read from it and CLAUDE.md is not tried.",
     ["OC-4", "OC-10"],
     {"tree/repo/CLAUDE.md": "REPO CLAUDE (not used)\n"}, git=["repo"], cwd="repo", setup=[mkdir("tree/repo/AGENTS.md")])

case(A, "oc-global-dir-named-agents", "A directory ~/.config/opencode/AGENTS.md claims the global slot: ~/.claude/CLAUDE.md is not used.",
     ["OC-3"],
     {"home/.claude/CLAUDE.md": "CLAUDE GLOBAL (not used)\n", "tree/repo/AGENTS.md": "REPO\n"},
     git=["repo"], cwd="repo", setup=[mkdir(GCONF + "/AGENTS.md")])

case(A, "oc-no-imports", "@imports are not expanded.",
     ["OC-11"],
     {"tree/repo/AGENTS.md": "TOP\n@imp.md\nsee @./imp.md\n", "tree/repo/imp.md": "IMPORTED?\n"}, git=["repo"], cwd="repo")

case(A, "oc-large-file", "No size cap: a 45 KB file is sent whole.",
     ["OC-11"],
     {"tree/repo/AGENTS.md": big_lines("L", 750) + "LAST\n"}, git=["repo"], cwd="repo")

case(A, "oc-symlinks", "A symlinked AGENTS.md is read through the link and reported under the link path.",
     ["OC-12"],
     {"tree/shared/rules.md": "SHARED VIA LINK\n"}, git=["repo"], cwd="repo",
     setup=[symlink("tree/repo/AGENTS.md", "../shared/rules.md")])

case(A, "oc-symlink-cwd", "cwd entered through a symlink: which directory the walk and the paths use.",
     ["OC-12", "OC-5"],
     {"tree/real/repo/AGENTS.md": "REAL REPO\n", "tree/real/repo/sub/AGENTS.md": "REAL SUB\n"},
     git=["real/repo"], cwd="link/sub", setup=[symlink("tree/link", "real/repo")])

case(A, "oc-config-instructions-relative", "Project opencode.json `instructions`: relative patterns are globbed in every dir from cwd up to the git root (files only, dotfiles too); they follow the AGENTS.md files.",
     ["OC-6"],
     {"tree/repo/opencode.json": oc_config(instructions=["docs/style.md", ".rules/*.md"]),
      "tree/repo/AGENTS.md": "REPO AGENTS\n", "tree/repo/docs/style.md": "REPO DOCS STYLE\n",
      "tree/repo/sub/docs/style.md": "SUB DOCS STYLE\n", "tree/repo/.rules/only.md": "DOT RULES ONLY\n"},
     git=["repo"], cwd="repo/sub")

case(A, "oc-config-instructions-absolute-tilde", "Global opencode.json `instructions`: ~/ is expanded to HOME; an absolute pattern globs its basename in its directory.",
     ["OC-6"],
     {"home/notes/n1.md": "HOME NOTE n1\n", "tree/abs/x.md": "ABS X\n", "tree/repo/AGENTS.md": "REPO\n"},
     git=["repo"], cwd="repo",
     setup=[write(GCONF + "/opencode.json", oc_config(instructions=["~/notes/n1.md", "<ROOT>/fs/abs/*.md"]), expand=True)])

case(A, "oc-config-instructions-dedupe", "An `instructions` entry naming a file already loaded as AGENTS.md adds nothing; the global AGENTS.md named again is not repeated either.",
     ["OC-6", "OC-9"],
     {"tree/repo/opencode.json": oc_config(instructions=["AGENTS.md", "extra.md"]), GCONF + "/AGENTS.md": "GLOBAL\n",
      "tree/repo/AGENTS.md": "REPO AGENTS\n", "tree/repo/extra.md": "EXTRA\n"},
     git=["repo"], cwd="repo",
     setup=[write(GCONF + "/opencode.json", oc_config(instructions=["<ROOT>/home/.config/opencode/AGENTS.md"]), expand=True)])

case(A, "oc-config-instructions-missing-url", "An `instructions` pattern matching nothing is silently skipped; a URL that cannot be fetched (no network) adds nothing.",
     ["OC-6"],
     {"tree/repo/opencode.json": oc_config(instructions=["nothing/*.md", "https://example.invalid/rules.md"]),
      "tree/repo/AGENTS.md": "REPO\n"},
     git=["repo"], cwd="repo")

case(A, "oc-config-instructions-glob-order", "A glob matching several files: their order is the glob scan order.",
     ["OC-6"],
     {"tree/repo/opencode.json": oc_config(instructions=["rules/*.md"])},
     git=["repo"], cwd="repo",
     setup=[write("tree/repo/rules/zeta.md", "ZETA\n"), write("tree/repo/rules/beta.md", "BETA\n"), write("tree/repo/rules/Alpha.md", "ALPHA\n")],
     environment_specific="Several files match one glob; their order comes from the directory scan (readdir order of this file system), which can differ on another machine.")

case(A, "oc-global-config-relative", "A relative `instructions` pattern in the global config is still globbed from cwd up to the git root, not in the config dir.",
     ["OC-6"],
     {GCONF + "/opencode.json": oc_config(instructions=["team.md"]), GCONF + "/team.md": "IN CONFIG DIR (not used)\n",
      "tree/repo/team.md": "REPO TEAM\n"},
     git=["repo"], cwd="repo")

case(A, "oc-nested-worktree", "cwd in a linked git worktree nested in its main repo: where the walk stops.",
     ["OC-5"],
     {"tree/main/README": "x\n"},
     git=["main"], cwd="main/wt/pkg",
     setup=[gitcmd("tree/main", "add", "-A"), gitcmd("tree/main", "commit", "-qm", "init"),
            gitcmd("tree/main", "worktree", "add", "-q", "wt"),
            write("tree/main/AGENTS.md", "MAIN\n"), write("tree/main/wt/AGENTS.md", "WORKTREE ROOT\n"), write("tree/main/wt/pkg/AGENTS.md", "WT PKG\n")])

case(A, "oc-cwd-is-home", "cwd = HOME (no git): ~/AGENTS.md is a project file; the walk continues above HOME.",
     ["OC-5", "OC-3"],
     {"home/AGENTS.md": "HOME DIR AGENTS\n", GCONF + "/AGENTS.md": "GLOBAL\n"}, cwd="../home",
     setup=[write("root/AGENTS.md", "SANDBOX ROOT\n")])

case(A, "oc-cwd-is-config-dir", "cwd = the global config dir (no git): its AGENTS.md is the global file and is not listed again as a project file.",
     ["OC-9", "OC-3"],
     {GCONF + "/AGENTS.md": "GLOBAL AGENTS\n", "home/.config/AGENTS.md": "XDG CONFIG PARENT\n"}, cwd="../home/.config/opencode")

# ---------------------------------------------------------------- glob order (OC-6)
# The matches of one glob come in the glob scanner's order, which follows the directory listing
# (readdir) order: environment-specific, compared only where the file system lists the case's
# directories as it did when recorded (expected.json "readdir", TestAgentCasesReaddir).
RD = "Several files match one glob; their order follows the directory listing (readdir) order of the file system, which can differ on another machine."

case(A, "oc-glob-order-globstar", "A ** glob over a chain of nested directories (one subdirectory per level): a directory's matches, in scanner order, come before those of the directories below it. (With two sibling subdirectories their order varied between two recordings of the same tree: not pinned.)",
     ["OC-6"],
     {"tree/repo/opencode.json": oc_config(instructions=["rules/**/*.md"])},
     git=["repo"], cwd="repo",
     setup=[write("tree/repo/rules/zeta.md", "ZETA\n"), write("tree/repo/rules/beta.md", "BETA\n"), write("tree/repo/rules/Alpha.md", "ALPHA\n"),
            write("tree/repo/rules/sub/inner.md", "SUB INNER\n"), write("tree/repo/rules/sub/mid.md", "SUB MID\n"), write("tree/repo/rules/sub/Alpha.md", "SUB ALPHA\n"),
            write("tree/repo/rules/sub/deep/x.md", "SUB DEEP X\n"), write("tree/repo/rules/sub/deep/y.md", "SUB DEEP Y\n"),
            write("tree/repo/rules/notes.txt", "NOT MD\n")],
     environment_specific=RD)

case(A, "oc-glob-order-star-in-cwd", "A * glob in cwd: matches in scanner order; AGENTS.md, already listed as the project file, keeps its first place.",
     ["OC-6", "OC-9"],
     {"tree/repo/opencode.json": oc_config(instructions=["*.md"]), "tree/repo/AGENTS.md": "AGENTS\n"},
     git=["repo"], cwd="repo",
     setup=[write("tree/repo/zeta.md", "ZETA\n"), write("tree/repo/beta.md", "BETA\n"), write("tree/repo/Alpha.md", "ALPHA\n"),
            write("tree/repo/mid.md", "MID\n")],
     environment_specific=RD)

case(A, "oc-glob-order-up-the-walk", "A relative glob matched in cwd and in its ancestors up to the git root: deepest directory first, each directory's matches in scanner order.",
     ["OC-6"],
     {"tree/repo/opencode.json": oc_config(instructions=["docs/*.md"])},
     git=["repo"], cwd="repo/sub",
     setup=[write("tree/repo/docs/zeta.md", "REPO ZETA\n"), write("tree/repo/docs/beta.md", "REPO BETA\n"), write("tree/repo/docs/Alpha.md", "REPO ALPHA\n"),
            write("tree/repo/sub/docs/zeta.md", "SUB ZETA\n"), write("tree/repo/sub/docs/beta.md", "SUB BETA\n"), write("tree/repo/sub/docs/Alpha.md", "SUB ALPHA\n")],
     environment_specific=RD)

case(A, "oc-glob-order-two-globs", "Two globs over the same files: a file keeps the place its first match gave it.",
     ["OC-6", "OC-9"],
     {"tree/repo/opencode.json": oc_config(instructions=["rules/[bz]*.md", "rules/*.md"])},
     git=["repo"], cwd="repo",
     setup=[write("tree/repo/rules/zeta.md", "ZETA\n"), write("tree/repo/rules/beta.md", "BETA\n"), write("tree/repo/rules/Alpha.md", "ALPHA\n"),
            write("tree/repo/rules/mid.md", "MID\n")],
     environment_specific=RD)
