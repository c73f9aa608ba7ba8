# Copilot CLI cases (read by mkcases.py). Rules: docs/agents/copilot.md.
A = "copilot"
GH = "tree/repo/.github"
GI = "tree/repo/.github/instructions"
UC = "home/.copilot"

case(A, "cp-basic", "One AGENTS.md in cwd (= git root): one <custom_instruction> block.",
     ["CP-1", "CP-2", "CP-4"],
     {"tree/repo/AGENTS.md": "# Rules\nUse tabs.\n"}, git=["repo"], cwd="repo")

case(A, "cp-none", "No instruction file: no instruction part.",
     ["CP-1"], {"tree/repo/README.md": "readme\n"}, git=["repo"], cwd="repo")

case(A, "cp-three-names", "AGENTS.md, CLAUDE.md and GEMINI.md of one directory, in that order.",
     ["CP-4"],
     {"tree/repo/GEMINI.md": "GEMINI\n", "tree/repo/CLAUDE.md": "CLAUDE\n", "tree/repo/AGENTS.md": "AGENTS\n"},
     git=["repo"], cwd="repo")

case(A, "cp-walk-git-root-down", "From the git root down to cwd, root first; above the git root and below cwd are not read.",
     ["CP-4", "CP-5"],
     {"tree/AGENTS.md": "ABOVE GIT ROOT\n", "tree/repo/AGENTS.md": "REPO ROOT\n", "tree/repo/a/CLAUDE.md": "A CLAUDE\n",
      "tree/repo/a/b/AGENTS.md": "B (cwd)\n", "tree/repo/a/b/GEMINI.md": "B GEMINI\n", "tree/repo/a/b/c/AGENTS.md": "BELOW CWD\n"},
     git=["repo"], cwd="repo/a/b")

case(A, "cp-nogit-cwd-only", "Without git only the cwd's files are read (not its parents').",
     ["CP-5"],
     {"tree/AGENTS.md": "TREE TOP\n", "tree/a/AGENTS.md": "A\n", "tree/a/b/AGENTS.md": "B (cwd)\n"}, cwd="a/b")

case(A, "cp-nogit-github", "Without git, .github/copilot-instructions.md of the cwd is read; a parent's is not.",
     ["CP-3", "CP-5"],
     {"tree/.github/copilot-instructions.md": "PARENT GITHUB\n", "tree/a/.github/copilot-instructions.md": "CWD GITHUB\n"}, cwd="a")

case(A, "cp-github-instructions", ".github/copilot-instructions.md of the git root comes before AGENTS.md; a nested .github is not read.",
     ["CP-3", "CP-4"],
     {GH + "/copilot-instructions.md": "GH COPILOT\n", "tree/repo/AGENTS.md": "AGENTS\n",
      "tree/repo/sub/.github/copilot-instructions.md": "NESTED GH\n"}, git=["repo"], cwd="repo/sub")

case(A, "cp-user-file", "~/.copilot/copilot-instructions.md comes first.",
     ["CP-2", "CP-3"],
     {UC + "/copilot-instructions.md": "USER COPILOT\n", GH + "/copilot-instructions.md": "GH COPILOT\n",
      "tree/repo/AGENTS.md": "AGENTS\n"}, git=["repo"], cwd="repo")

case(A, "cp-user-only", "Only a user-level file, outside any repository.",
     ["CP-2"], {UC + "/copilot-instructions.md": "USER ONLY\n", "tree/a/x.txt": "x\n"}, cwd="a")

case(A, "cp-user-agents-ignored", "AGENTS.md, CLAUDE.md or GEMINI.md in ~/.copilot, ~/.claude, ~/.gemini are not read.",
     ["CP-2"],
     {UC + "/AGENTS.md": "COPILOT AGENTS (ignored?)\n", "home/.claude/CLAUDE.md": "CLAUDE GLOBAL (ignored?)\n",
      "home/.gemini/GEMINI.md": "GEMINI GLOBAL (ignored?)\n", "tree/repo/AGENTS.md": "REPO\n"}, git=["repo"], cwd="repo")

case(A, "cp-instr-no-applyto", "A .github/instructions file without front matter is inlined raw after the blocks.",
     ["CP-6"],
     {GI + "/a.instructions.md": "NO FRONT MATTER\n", "tree/repo/AGENTS.md": "AGENTS\n"}, git=["repo"], cwd="repo")

case(A, "cp-instr-only", "Only a .github/instructions file (no custom_instruction block at all).",
     ["CP-6"], {GI + "/a.instructions.md": "ONLY INSTR\n"}, git=["repo"], cwd="repo")

case(A, "cp-instr-applyto-all", "applyTo \"**\" is inlined with its front matter; other front matter without applyTo too.",
     ["CP-6"],
     {GI + "/all.instructions.md": "---\napplyTo: \"**\"\n---\nALL RULE\n",
      GI + "/desc.instructions.md": "---\ndescription: only a description\n---\nDESC RULE\n"}, git=["repo"], cwd="repo")

case(A, "cp-instr-applyto-listed", "Any other applyTo is listed in a table (pattern, path, description), not inlined.",
     ["CP-7"],
     {GI + "/ts.instructions.md": "---\napplyTo: \"src/**/*.ts\"\n---\nTS RULE\n",
      GI + "/multi.instructions.md": "---\ndescription: Go and docs\napplyTo: \"**/*.go,docs/**\"\n---\nMULTI RULE\n",
      "tree/repo/AGENTS.md": "AGENTS\n"}, git=["repo"], cwd="repo")

case(A, "cp-instr-listed-order", "Listed files: order of the table (names against patterns), user files and repo files.",
     ["CP-7"],
     {GI + "/a.instructions.md": "---\napplyTo: \"z/**\"\n---\nA\n",
      GI + "/b.instructions.md": "---\napplyTo: \"a/**\"\n---\nB\n",
      UC + "/instructions/c.instructions.md": "---\napplyTo: \"m/**\"\n---\nC\n"}, git=["repo"], cwd="repo")

case(A, "cp-instr-order", "Inlined instruction files: user dir first, then the repository's, by name.",
     ["CP-6"],
     {GI + "/b.instructions.md": "REPO B\n", GI + "/a.instructions.md": "REPO A\n",
      UC + "/instructions/z.instructions.md": "USER Z\n", "tree/repo/AGENTS.md": "AGENTS\n"}, git=["repo"], cwd="repo")

case(A, "cp-instr-not-suffix", "Files in .github/instructions not named *.instructions.md, and subdirectories.",
     ["CP-6"],
     {GI + "/plain.md": "PLAIN MD\n", GI + "/sub/deep.instructions.md": "DEEP INSTR\n", GI + "/x.instructions.md": "X\n"},
     git=["repo"], cwd="repo")

case(A, "cp-instr-nested-github", "A .github/instructions below the git root (the cwd's) is not read.",
     ["CP-6"],
     {"tree/repo/sub/.github/instructions/n.instructions.md": "NESTED INSTR\n", GI + "/r.instructions.md": "ROOT INSTR\n"},
     git=["repo"], cwd="repo/sub")

case(A, "cp-dedup-same-text", "A file whose text was already sent is not sent again.",
     ["CP-8"],
     {GH + "/copilot-instructions.md": "SAME\n", "tree/repo/AGENTS.md": "SAME\n", "tree/repo/CLAUDE.md": "SAME\n",
      "tree/repo/GEMINI.md": "OTHER\n", "tree/repo/sub/AGENTS.md": "SAME\n"}, git=["repo"], cwd="repo/sub")

case(A, "cp-dedup-whitespace", "Texts that differ only in trailing whitespace or CRLF.",
     ["CP-8", "CP-9"],
     {"tree/repo/AGENTS.md": "SAME\n", "tree/repo/CLAUDE.md": "SAME\n\n\n", "tree/repo/GEMINI.md": "  SAME  \n"},
     git=["repo"], cwd="repo", setup=[write("tree/repo/sub/AGENTS.md", "SAME\r\n")])

case(A, "cp-empty-files", "Empty and whitespace-only files are skipped.",
     ["CP-9"],
     {"tree/repo/CLAUDE.md": "   \n\n", "tree/repo/GEMINI.md": "G\n", GI + "/b.instructions.md": "\n"},
     git=["repo"], cwd="repo", setup=[write("tree/repo/AGENTS.md", ""), write(GH + "/copilot-instructions.md", "")])

case(A, "cp-raw-text", "Leading and trailing whitespace, no final newline, CRLF: how the text is put in the block.",
     ["CP-9"],
     {"tree/repo/CLAUDE.md": "\n\n  indented\ntrailing   \n\n\n"},
     git=["repo"], cwd="repo", setup=[write("tree/repo/AGENTS.md", "no newline"), write("tree/repo/GEMINI.md", "a\r\nb\r\n")])

case(A, "cp-lowercase-names", "agents.md, Agents.md, claude.md are not read (exact names).",
     ["CP-4"],
     {"tree/repo/agents.md": "lower agents\n", "tree/repo/claude.md": "lower claude\n", "tree/repo/AGENTS.md": "UPPER\n"},
     git=["repo"], cwd="repo")

case(A, "cp-instr-listed-nested", "Listed files from the git root's and the cwd's .github/instructions: the paths the table shows.",
     ["CP-6", "CP-7"],
     {GI + "/r.instructions.md": "---\napplyTo: \"r/**\"\n---\nR\n",
      "tree/repo/sub/.github/instructions/s.instructions.md": "---\napplyTo: \"s/**\"\n---\nS\n"}, git=["repo"], cwd="repo/sub")

case(A, "cp-dedup-instr", "An inlined instruction file with the same text as a block.",
     ["CP-8"],
     {"tree/repo/AGENTS.md": "SAME\n", GI + "/a.instructions.md": "SAME\n", GI + "/b.instructions.md": "SAME\n"},
     git=["repo"], cwd="repo")

case(A, "cp-instr-applyto-forms", "applyTo as a YAML list, with spaces after commas, \"**/*\" and an empty string.",
     ["CP-6", "CP-7"],
     {GI + "/a.instructions.md": "---\napplyTo: [\"a/**\", \"b/**\"]\n---\nLIST\n",
      GI + "/b.instructions.md": "---\napplyTo: \"c/**, d/**\"\n---\nSPACES\n",
      GI + "/c.instructions.md": "---\napplyTo: \"**/*\"\n---\nSTAR STAR SLASH STAR\n",
      GI + "/d.instructions.md": "---\napplyTo: \"\"\n---\nEMPTY\n"}, git=["repo"], cwd="repo")

case(A, "cp-walk-order", "Four levels with files: the order of the git root's, the cwd's and the directories between.",
     ["CP-4", "CP-5"],
     {"tree/repo/AGENTS.md": "ROOT\n", "tree/repo/a/AGENTS.md": "A\n", "tree/repo/a/b/AGENTS.md": "B\n",
      "tree/repo/a/b/CLAUDE.md": "B CLAUDE\n", "tree/repo/a/b/c/AGENTS.md": "C (cwd)\n",
      "tree/repo/a/.github/copilot-instructions.md": "A GITHUB\n"},
     git=["repo"], cwd="repo/a/b/c")
