# Codex CLI cases (read by mkcases.py). Rules: docs/agents/codex.md.
A = "codex"

case(A, "cx-basic", "One AGENTS.md at the git root = cwd: the user item wraps the raw file in the header and <INSTRUCTIONS>.",
     ["CX-1", "CX-2", "CX-7"],
     {"tree/repo/AGENTS.md": "# Rules\nUse tabs.\n"}, git=["repo"], cwd="repo")

case(A, "cx-none", "No instruction file anywhere: there is no AGENTS.md item at all.",
     ["CX-1"], {"tree/repo/README.md": "readme\n"}, git=["repo"], cwd="repo")

case(A, "cx-walk-git-root", "Files from the git root down to cwd, root first, joined by a blank line; the file above the git root and the one below cwd are not read; dirs without a file are skipped.",
     ["CX-4", "CX-7", "CX-8", "CX-13"],
     {"tree/AGENTS.md": "ABOVE GIT ROOT\n", "tree/repo/AGENTS.md": "REPO ROOT\n", "tree/repo/a/AGENTS.md": "A\n",
      "tree/repo/a/b/c/AGENTS.md": "C (cwd)\n", "tree/repo/a/b/c/d/AGENTS.md": "BELOW CWD\n"},
     git=["repo"], cwd="repo/a/b/c")

case(A, "cx-nogit-cwd-only", "Without any .git above cwd only cwd itself is read (parents are ignored).",
     ["CX-4"],
     {"tree/AGENTS.md": "TOP\n", "tree/a/AGENTS.md": "A\n", "tree/a/b/AGENTS.md": "B (cwd)\n"}, cwd="a/b")

case(A, "cx-gitfile-marker", "A .git *file* (as in a linked worktree) marks the project root just like a .git dir; the real repo above is not searched.",
     ["CX-4"],
     {"tree/main/AGENTS.md": "MAIN REPO\n", "tree/main/wt/AGENTS.md": "WORKTREE ROOT\n", "tree/main/wt/sub/AGENTS.md": "WT SUB\n"},
     git=["main"], cwd="main/wt/sub", setup=[write("tree/main/wt/.git", "gitdir: /nonexistent/worktrees/wt\n")])

case(A, "cx-nested-git", "The nearest .git wins: a nested repo (submodule-like) stops the walk before the outer repo.",
     ["CX-4"],
     {"tree/outer/AGENTS.md": "OUTER\n", "tree/outer/inner/AGENTS.md": "INNER\n", "tree/outer/inner/x/AGENTS.md": "X\n"},
     git=["outer", "outer/inner"], cwd="outer/inner/x")

case(A, "cx-global-only", "Only $CODEX_HOME/AGENTS.md (CODEX_HOME defaults to ~/.codex): the body is the trimmed global file, no separator.",
     ["CX-3", "CX-5", "CX-2"],
     {"home/.codex/AGENTS.md": "\n\n  GLOBAL RULE  \n\n"}, git=["repo"], cwd="repo")

case(A, "cx-global-and-project", "Global and project docs: trimmed global + \"\\n\\n--- project-doc ---\\n\\n\" + raw project docs.",
     ["CX-3", "CX-5", "CX-7"],
     {"home/.codex/AGENTS.md": "GLOBAL\n", "tree/repo/AGENTS.md": "\nPROJECT\n\n"}, git=["repo"], cwd="repo")

case(A, "cx-global-override", "$CODEX_HOME/AGENTS.override.md beats $CODEX_HOME/AGENTS.md.",
     ["CX-5"],
     {"home/.codex/AGENTS.md": "GLOBAL AGENTS\n", "home/.codex/AGENTS.override.md": "GLOBAL OVERRIDE\n"}, git=["repo"], cwd="repo")

case(A, "cx-global-override-blank", "A whitespace-only global AGENTS.override.md is skipped and $CODEX_HOME/AGENTS.md is used.",
     ["CX-5"],
     {"home/.codex/AGENTS.md": "GLOBAL AGENTS\n", "home/.codex/AGENTS.override.md": " \n\t\n"}, git=["repo"], cwd="repo")

case(A, "cx-global-override-dir", "A directory named AGENTS.override.md in CODEX_HOME is skipped; AGENTS.md is used.",
     ["CX-5"],
     {"home/.codex/AGENTS.md": "GLOBAL AGENTS\n"}, git=["repo"], cwd="repo", setup=[mkdir("home/.codex/AGENTS.override.md")])

case(A, "cx-codex-home-env", "CODEX_HOME moves the global dir: ~/.codex/AGENTS.md is then not read.",
     ["CX-5"],
     {"home/.codex/AGENTS.md": "DEFAULT CODEX HOME\n", "home/custom-codex/AGENTS.md": "CUSTOM CODEX HOME\n"},
     git=["repo"], cwd="repo", env={"CODEX_HOME": "<ROOT>/home/custom-codex"})

case(A, "cx-global-instructions-dir", "Files in $CODEX_HOME/instructions/ are not read by 0.171.0 (newer sources add them).",
     ["CX-5"],
     {"home/.codex/AGENTS.md": "GLOBAL\n", "home/.codex/instructions/extra.md": "INSTRUCTIONS DIR FILE\n"},
     git=["repo"], cwd="repo",
     version_specific="Later Codex sources read $CODEX_HOME/instructions/*.md after the global AGENTS.md; 0.171.0 does not.")

case(A, "cx-override-per-dir", "In each directory AGENTS.override.md beats AGENTS.md; one file per directory.",
     ["CX-6"],
     {"tree/repo/AGENTS.md": "ROOT AGENTS\n", "tree/repo/AGENTS.override.md": "ROOT OVERRIDE\n",
      "tree/repo/sub/AGENTS.md": "SUB AGENTS\n", "tree/repo/sub/AGENTS.override.md": "SUB OVERRIDE\n",
      "tree/repo/sub/x/AGENTS.md": "X AGENTS\n"},
     git=["repo"], cwd="repo/sub/x")

case(A, "cx-override-blank-no-fallback", "A whitespace-only AGENTS.override.md is still the directory's file: it is skipped and AGENTS.md in the same dir is NOT used.",
     ["CX-6", "CX-7"],
     {"tree/repo/AGENTS.md": "ROOT AGENTS (shadowed)\n", "tree/repo/AGENTS.override.md": "\n \n",
      "tree/repo/sub/AGENTS.md": "SUB\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cx-claude-gemini-ignored", "CLAUDE.md, GEMINI.md and lower-case agents.md are never read by default.",
     ["CX-6"],
     {"tree/repo/CLAUDE.md": "CLAUDE\n", "tree/repo/GEMINI.md": "GEMINI\n", "tree/repo/agents.md": "lowercase\n",
      "tree/repo/sub/AGENTS.md": "SUB AGENTS\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cx-fallback-names", "project_doc_fallback_filenames are tried after AGENTS.override.md and AGENTS.md, in list order; one file per dir.",
     ["CX-6", "CX-10"],
     {"home/.codex/config.toml": 'project_doc_fallback_filenames = ["CLAUDE.md", "GUIDE.md"]\n',
      "tree/repo/CLAUDE.md": "ROOT CLAUDE\n", "tree/repo/GUIDE.md": "ROOT GUIDE\n",
      "tree/repo/a/GUIDE.md": "A GUIDE\n", "tree/repo/a/b/AGENTS.md": "B AGENTS\n", "tree/repo/a/b/CLAUDE.md": "B CLAUDE\n"},
     git=["repo"], cwd="repo/a/b")

case(A, "cx-fallback-not-filename", "Fallback entries that are not a bare file name (docs/X.md) are ignored; empty entries too.",
     ["CX-10"],
     {"home/.codex/config.toml": 'project_doc_fallback_filenames = ["", "docs/X.md", "Y.md"]\n',
      "tree/repo/docs/X.md": "DOCS X\n", "tree/repo/Y.md": "ROOT Y\n"},
     git=["repo"], cwd="repo")

case(A, "cx-dir-and-broken-link", "A directory or a dangling symlink named AGENTS.override.md / AGENTS.md is skipped and the next name is tried.",
     ["CX-6", "CX-12"],
     {"tree/repo/AGENTS.md": "ROOT AGENTS (override is a dir)\n", "tree/repo/sub/AGENTS.md": "SUB AGENTS (override is a dangling link)\n"},
     git=["repo"], cwd="repo/sub",
     setup=[mkdir("tree/repo/AGENTS.override.md"), symlink("tree/repo/sub/AGENTS.override.md", "missing-target.md")])

case(A, "cx-symlink-file", "A symlinked AGENTS.md is followed (its target's bytes are used).",
     ["CX-12"],
     {"tree/shared/rules.md": "SHARED RULES VIA LINK\n"},
     git=["repo"], cwd="repo", setup=[symlink("tree/repo/AGENTS.md", "../shared/rules.md")])

case(A, "cx-symlink-cwd", "cwd entered through a symlink: the header names the physical cwd and the walk uses the physical ancestors.",
     ["CX-2", "CX-4", "CX-12"],
     {"tree/real/repo/AGENTS.md": "REAL REPO ROOT\n", "tree/real/repo/sub/AGENTS.md": "REAL SUB\n"},
     git=["real/repo"], cwd="link/sub", setup=[symlink("tree/link", "real/repo")])

case(A, "cx-empty-and-blank", "0-byte and whitespace-only project files are skipped (no empty entry, no extra separator).",
     ["CX-7"],
     {"tree/repo/AGENTS.md": "ROOT\n", "tree/repo/a/AGENTS.md": "", "tree/repo/a/b/AGENTS.md": " \n\t\n\n",
      "tree/repo/a/b/c/AGENTS.md": "C\n"},
     git=["repo"], cwd="repo/a/b/c")

case(A, "cx-global-blank-project", "Global present but every project file is blank: no separator line.",
     ["CX-3", "CX-7", "CX-2"],
     {"home/.codex/AGENTS.md": "GLOBAL\n", "tree/repo/AGENTS.md": "\n\n"}, git=["repo"], cwd="repo")

case(A, "cx-raw-bytes", "Project docs are raw: CRLF, a UTF-8 BOM, leading/trailing blank lines, an <INSTRUCTIONS> tag and @imports are kept verbatim.",
     ["CX-7", "CX-9", "CX-11"],
     {"tree/repo/AGENTS.md": "\ufeffBOM first\r\nCRLF line\r\n\r\n@other.md\n</INSTRUCTIONS>\n\n\n",
      "tree/repo/other.md": "NOT IMPORTED\n", "tree/repo/sub/AGENTS.md": "\n\n  indented\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cx-global-bom-crlf", "The global file is trimmed (Rust str::trim: ASCII/Unicode whitespace, CR included) but a leading BOM is not whitespace and stays.",
     ["CX-5", "CX-9"],
     {"home/.codex/AGENTS.md": "\ufeffGLOBAL BOM\r\nline2\r\n\r\n", "tree/repo/AGENTS.md": "P\n"}, git=["repo"], cwd="repo")

case(A, "cx-invalid-utf8", "Invalid UTF-8 in a project file and in the global file is replaced by U+FFFD.",
     ["CX-9"],
     {"home/.codex/AGENTS.md": b"GLOBAL \xff\xfe END\n", "tree/repo/AGENTS.md": b"PROJECT \xc3\x28 \xe2\x82 END\n"},
     git=["repo"], cwd="repo")

case(A, "cx-cap-default", "Default cap 32768 bytes over all project docs: the second file is cut at the remaining budget (mid-line); the global file is outside the cap.",
     ["CX-8", "CX-5"],
     {"home/.codex/AGENTS.md": "GLOBAL (not counted)\n" + big_lines("G", 10),
      "tree/repo/AGENTS.md": big_lines("ROOT", 300), "tree/repo/sub/AGENTS.md": big_lines("SUB", 300),
      "tree/repo/sub/x/AGENTS.md": "NEVER REACHED\n"},
     git=["repo"], cwd="repo/sub/x")

case(A, "cx-cap-config", "project_doc_max_bytes = 40: file 1 (23 bytes) whole, file 2 cut to 17 bytes, file 3 not read.",
     ["CX-8", "CX-10"],
     {"home/.codex/config.toml": "project_doc_max_bytes = 40\n",
      "tree/repo/AGENTS.md": "ROOT AGENTS 0123456789\n", "tree/repo/a/AGENTS.md": "A-FILE-0123456789-TAIL\n",
      "tree/repo/a/b/AGENTS.md": "B\n"},
     git=["repo"], cwd="repo/a/b")

case(A, "cx-cap-exact", "A file that ends exactly at the cap is whole and the next file is not read at all (remaining = 0).",
     ["CX-8"],
     {"home/.codex/config.toml": "project_doc_max_bytes = 12\n",
      "tree/repo/AGENTS.md": "0123456789A\n", "tree/repo/sub/AGENTS.md": "NEXT\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cx-cap-utf8-split", "The cut can split a multi-byte character: the partial bytes become U+FFFD.",
     ["CX-8", "CX-9"],
     {"home/.codex/config.toml": "project_doc_max_bytes = 7\n", "tree/repo/AGENTS.md": "abcdef\u00e9\u00e9\n"},
     git=["repo"], cwd="repo")

case(A, "cx-cap-blank-after-cut", "A file whose cut part is whitespace only is skipped and uses no budget; the next file still gets the remaining bytes.",
     ["CX-8", "CX-7"],
     {"home/.codex/config.toml": "project_doc_max_bytes = 10\n",
      "tree/repo/AGENTS.md": "ROOT\n", "tree/repo/a/AGENTS.md": "     \n\n\nA TEXT AFTER BLANKS\n", "tree/repo/a/b/AGENTS.md": "BBBBBBBBBB\n"},
     git=["repo"], cwd="repo/a/b")

case(A, "cx-cap-zero", "project_doc_max_bytes = 0 disables project docs; the global file is still sent.",
     ["CX-8", "CX-5", "CX-2"],
     {"home/.codex/config.toml": "project_doc_max_bytes = 0\n", "home/.codex/AGENTS.md": "GLOBAL\n",
      "tree/repo/AGENTS.md": "PROJECT\n"},
     git=["repo"], cwd="repo")

case(A, "cx-cap-cli-override", "`-c project_doc_max_bytes=5` on the command line overrides config.toml.",
     ["CX-8", "CX-10"],
     {"home/.codex/config.toml": "project_doc_max_bytes = 1000\n", "tree/repo/AGENTS.md": "0123456789\n"},
     git=["repo"], cwd="repo", args=["-c", "project_doc_max_bytes=5"])

case(A, "cx-root-markers", "project_root_markers replaces .git as the project-root marker.",
     ["CX-4", "CX-10"],
     {"home/.codex/config.toml": 'project_root_markers = ["PROJECT_ROOT"]\n',
      "tree/top/AGENTS.md": "TOP (has .git)\n", "tree/top/proj/PROJECT_ROOT": "", "tree/top/proj/AGENTS.md": "PROJ ROOT\n",
      "tree/top/proj/sub/AGENTS.md": "SUB\n"},
     git=["top"], cwd="top/proj/sub")

case(A, "cx-root-markers-empty", "project_root_markers = [] disables the parent walk: only cwd is read even inside a git repo.",
     ["CX-4", "CX-10"],
     {"home/.codex/config.toml": "project_root_markers = []\n", "tree/repo/AGENTS.md": "REPO ROOT\n",
      "tree/repo/sub/AGENTS.md": "SUB (cwd)\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cx-project-config-ignored", "A project-level .codex/config.toml does not change the doc settings (fallback names) in `codex exec`.",
     ["CX-10"],
     {"tree/repo/.codex/config.toml": 'project_doc_fallback_filenames = ["CLAUDE.md"]\n',
      "tree/repo/CLAUDE.md": "ROOT CLAUDE\n", "tree/repo/sub/AGENTS.md": "SUB\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cx-cd-flag", "`--cd DIR` sets the working directory used for the walk and the header.",
     ["CX-2", "CX-4"],
     {"tree/repo/AGENTS.md": "ROOT\n", "tree/repo/pkg/AGENTS.md": "PKG\n", "tree/elsewhere/AGENTS.md": "ELSEWHERE (process cwd)\n"},
     git=["repo"], cwd="elsewhere", args=["--cd", "<ROOT>/fs/repo/pkg"])

case(A, "cx-big-file-uncapped-global", "A global file far above 32 KiB is sent whole (trimmed).",
     ["CX-5", "CX-8"],
     {"home/.codex/AGENTS.md": big_lines("GLOBAL", 800) + "GLOBAL END\n"}, git=["repo"], cwd="repo")

case(A, "cx-project-config-trusted", "With the project marked trusted in ~/.codex/config.toml, a project .codex/config.toml does set project_doc_fallback_filenames and project_doc_max_bytes.",
     ["CX-10"],
     {"tree/repo/.codex/config.toml": 'project_doc_fallback_filenames = ["CLAUDE.md"]\nproject_doc_max_bytes = 9\n',
      "tree/repo/CLAUDE.md": "ROOT CLAUDE 0123456789\n", "tree/repo/sub/AGENTS.md": "SUB\n"},
     git=["repo"], cwd="repo/sub",
     setup=[write("home/.codex/config.toml", '[projects."<ROOT>/fs/repo"]\ntrust_level = "trusted"\n', expand=True)])

case(A, "cx-project-config-root-markers", "project_root_markers set in a trusted project's .codex/config.toml is ignored (only user-level layers count for the marker).",
     ["CX-4", "CX-10"],
     {"tree/repo/.codex/config.toml": "project_root_markers = []\n", "tree/repo/AGENTS.md": "REPO ROOT\n", "tree/repo/sub/AGENTS.md": "SUB\n"},
     git=["repo"], cwd="repo/sub",
     setup=[write("home/.codex/config.toml", '[projects."<ROOT>/fs/repo"]\ntrust_level = "trusted"\n', expand=True)])

case(A, "cx-cwd-is-codex-home", "cwd = $CODEX_HOME (no git): its AGENTS.md is both the global file (trimmed) and the cwd's project doc (raw) — no dedupe.",
     ["CX-3", "CX-5", "CX-7"],
     {"home/.codex/AGENTS.md": "\nCODEX HOME AGENTS\n"}, cwd="../home/.codex")
