# Gemini CLI cases (read by mkcases.py). Rules: docs/agents/gemini-cli.md.
A = "gemini-cli"
SETTINGS = "home/.gemini/settings.json"

case(A, "gm-basic", "One GEMINI.md in cwd (= git root): the session part wraps the trimmed file; no system part.",
     ["GM-1", "GM-6", "GM-7"],
     {"tree/repo/GEMINI.md": "# Rules\nUse tabs.\n"}, git=["repo"], cwd="repo")

case(A, "gm-none", "No instruction file: neither part is present.",
     ["GM-1"], {"tree/repo/README.md": "readme\n"}, git=["repo"], cwd="repo")

case(A, "gm-walk-git-root", "Files from the git root down to cwd; above the git root and below cwd are not read; dirs without a file skipped.",
     ["GM-4", "GM-5"],
     {"tree/GEMINI.md": "ABOVE GIT ROOT\n", "tree/repo/GEMINI.md": "REPO ROOT\n", "tree/repo/a/GEMINI.md": "A\n",
      "tree/repo/a/b/c/GEMINI.md": "C (cwd)\n", "tree/repo/a/b/c/d/GEMINI.md": "BELOW CWD\n"},
     git=["repo"], cwd="repo/a/b/c")

case(A, "gm-nogit-cwd-only", "Without a .git above cwd only cwd is read.",
     ["GM-4"],
     {"tree/GEMINI.md": "TOP\n", "tree/a/GEMINI.md": "A\n", "tree/a/b/GEMINI.md": "B (cwd)\n"}, cwd="a/b")

case(A, "gm-sort-by-path", "The project files are sorted by path string, not by depth: repo/A/GEMINI.md sorts before repo/GEMINI.md ('A' < 'G'), repo/x/GEMINI.md after it.",
     ["GM-4"],
     {"tree/repo/GEMINI.md": "REPO ROOT\n", "tree/repo/A/GEMINI.md": "UPPER A (cwd)\n", "tree/repo/x/GEMINI.md": "LOWER x (not on the path)\n"},
     git=["repo"], cwd="repo/A")

case(A, "gm-sort-lowercase-dir", "Same walk with a lower-case dir name: repo/GEMINI.md sorts before repo/b/GEMINI.md.",
     ["GM-4"],
     {"tree/repo/GEMINI.md": "REPO ROOT\n", "tree/repo/b/GEMINI.md": "LOWER b (cwd)\n"},
     git=["repo"], cwd="repo/b")

case(A, "gm-global-only", "~/.gemini/GEMINI.md alone: the system part (Contextual Instructions header + <loaded_context>) ends the system instruction; no session part.",
     ["GM-1", "GM-2", "GM-3"],
     {"home/.gemini/GEMINI.md": "\n\nGLOBAL RULE  \n\n"}, git=["repo"], cwd="repo")

case(A, "gm-global-and-project", "Global and project: global in the system part, project in the session part.",
     ["GM-1", "GM-2", "GM-7"],
     {"home/.gemini/GEMINI.md": "GLOBAL\n", "tree/repo/GEMINI.md": "PROJECT\n"}, git=["repo"], cwd="repo")

case(A, "gm-newline-collapse", "Runs of 3+ newlines collapse to 2 in the system instruction (global file), not in the session part (project file).",
     ["GM-3", "GM-7"],
     {"home/.gemini/GEMINI.md": "G1\n\n\n\nG2\n\n\nG3\n", "tree/repo/GEMINI.md": "P1\n\n\n\nP2\n"}, git=["repo"], cwd="repo")

case(A, "gm-filename-list", "context.fileName [\"AGENTS.md\",\"CLAUDE.md\"] is added to (not replacing) GEMINI.md: all three names are read; the header lists them.",
     ["GM-2", "GM-10"],
     {SETTINGS: gemini_settings(fileName=["AGENTS.md", "CLAUDE.md"]),
      "home/.gemini/AGENTS.md": "GLOBAL AGENTS\n", "home/.gemini/GEMINI.md": "GLOBAL GEMINI\n",
      "tree/repo/AGENTS.md": "REPO AGENTS\n", "tree/repo/CLAUDE.md": "REPO CLAUDE\n", "tree/repo/GEMINI.md": "REPO GEMINI\n"},
     git=["repo"], cwd="repo")

case(A, "gm-filename-string", "context.fileName as a single string.",
     ["GM-10"],
     {SETTINGS: gemini_settings(fileName="AGENTS.md"), "tree/repo/AGENTS.md": "REPO AGENTS\n", "tree/repo/CLAUDE.md": "REPO CLAUDE (not read)\n"},
     git=["repo"], cwd="repo")

case(A, "gm-filename-order", "Name order in context.fileName does not order project files (they are path-sorted) but does order the global ones and the header.",
     ["GM-2", "GM-4", "GM-10"],
     {SETTINGS: gemini_settings(fileName=["ZED.md", "AGENTS.md"]),
      "home/.gemini/AGENTS.md": "GLOBAL AGENTS\n", "home/.gemini/ZED.md": "GLOBAL ZED\n", "home/.gemini/GEMINI.md": "GLOBAL GEMINI\n",
      "tree/repo/ZED.md": "REPO ZED\n", "tree/repo/AGENTS.md": "REPO AGENTS\n", "tree/repo/GEMINI.md": "REPO GEMINI\n"},
     git=["repo"], cwd="repo")

case(A, "gm-trim-empty", "Each file is JS-trimmed (BOM too); CRLF inside is kept; empty and whitespace-only files are skipped.",
     ["GM-6"],
     {"tree/repo/GEMINI.md": "\ufeff\r\n  FIRST\r\nSECOND  \r\n\r\n", "tree/repo/a/GEMINI.md": "", "tree/repo/a/b/GEMINI.md": " \n\t\n"},
     git=["repo"], cwd="repo/a/b")

case(A, "gm-imports-syntax", "@imports are inlined in place with Imported-from markers (raw content, nested); not in `code` or fences, not after a non-space, not @~/; a missing file becomes an Import failed comment.",
     ["GM-8"],
     {"tree/repo/GEMINI.md": "TOP\n@imp1.md\nsee @./imp2.md inline\n`@code.md` in a span\n```\n@fence.md\n```\nmail a@imp3.md\n@~/home.md\n@missing.md\n\n    @indented.md\n\nEND\n",
      "tree/repo/imp1.md": "IMP1 then @nested.md\n\n", "tree/repo/nested.md": "  NESTED raw  \n", "tree/repo/imp2.md": "IMP2\n",
      "tree/repo/code.md": "CODE\n", "tree/repo/fence.md": "FENCE\n", "tree/repo/imp3.md": "IMP3\n", "home/home.md": "HOME\n",
      "tree/repo/indented.md": "INDENTED\n"},
     git=["repo"], cwd="repo")

case(A, "gm-import-outside-root", "An import that resolves outside the importing file's project root (git root) is refused as a path traversal; one inside (another subdir) works.",
     ["GM-8"],
     {"tree/repo/ok.md": "OK (in repo)\n",
      "tree/outside.md": "OUTSIDE\n", "tree/repo/abs.md": "ABS IN REPO\n"},
     git=["repo"], cwd="repo/sub",
     setup=[write("tree/repo/sub/GEMINI.md", "SUB @../ok.md @../../outside.md @<ROOT>/fs/repo/abs.md\n", expand=True)])

case(A, "gm-import-nogit-root", "Without git the import root is the importing file's own directory: a parent-dir import is refused.",
     ["GM-8"],
     {"tree/a/b/GEMINI.md": "B @../up.md @same.md\n", "tree/a/up.md": "UP\n", "tree/a/b/same.md": "SAME DIR\n"}, cwd="a/b")

case(A, "gm-import-cycle", "A cycle is cut with a File already processed comment; the same file imported twice side by side is inlined twice.",
     ["GM-8"],
     {"tree/repo/GEMINI.md": "ROOT @a.md @twice.md @twice.md\n", "tree/repo/a.md": "A @b.md\n", "tree/repo/b.md": "B @a.md\n",
      "tree/repo/twice.md": "TWICE\n"},
     git=["repo"], cwd="repo")

case(A, "gm-import-depth", "Imports nest at most 5 levels; below that the @ text stays as it is.",
     ["GM-8"],
     {"tree/repo/GEMINI.md": "D0 @d1.md\n", "tree/repo/d1.md": "D1 @d2.md\n", "tree/repo/d2.md": "D2 @d3.md\n",
      "tree/repo/d3.md": "D3 @d4.md\n", "tree/repo/d4.md": "D4 @d5.md\n", "tree/repo/d5.md": "D5 @d6.md\n", "tree/repo/d6.md": "D6\n"},
     git=["repo"], cwd="repo")

case(A, "gm-import-flat", "context.importFormat \"flat\": the file becomes a list of --- File: blocks (itself first, then imports depth-first, each trimmed).",
     ["GM-9"],
     {SETTINGS: gemini_settings(importFormat="flat"),
      "tree/repo/GEMINI.md": "ROOT\n@a.md\nTAIL\n", "tree/repo/a.md": "A @b.md\n", "tree/repo/b.md": "\n B \n"},
     git=["repo"], cwd="repo")

case(A, "gm-boundary-markers", "context.memoryBoundaryMarkers replaces .git as the walk's stop marker.",
     ["GM-11"],
     {SETTINGS: gemini_settings(memoryBoundaryMarkers=["PROJECT_ROOT"]),
      "tree/top/GEMINI.md": "TOP (.git)\n", "tree/top/proj/PROJECT_ROOT": "", "tree/top/proj/GEMINI.md": "PROJ\n",
      "tree/top/proj/sub/GEMINI.md": "SUB\n"},
     git=["top"], cwd="top/proj/sub")

case(A, "gm-boundary-markers-empty", "context.memoryBoundaryMarkers [] disables the parent walk: only cwd.",
     ["GM-11"],
     {SETTINGS: gemini_settings(memoryBoundaryMarkers=[]), "tree/repo/GEMINI.md": "REPO\n", "tree/repo/sub/GEMINI.md": "SUB (cwd)\n"},
     git=["repo"], cwd="repo/sub")

case(A, "gm-dir-named-gemini", "A directory named GEMINI.md is skipped.",
     ["GM-12"],
     {"tree/repo/sub/GEMINI.md": "SUB\n"}, git=["repo"], cwd="repo/sub", setup=[mkdir("tree/repo/GEMINI.md")])

case(A, "gm-symlink-dedupe", "Files are deduplicated by device+inode: a project GEMINI.md linked to another one on the walk, or to the global file, is dropped; the link path of a unique file is kept.",
     ["GM-12"],
     {"home/.gemini/GEMINI.md": "GLOBAL\n", "tree/repo/GEMINI.md": "REPO\n", "tree/shared/rules.md": "SHARED VIA LINK\n"},
     git=["repo"], cwd="repo/a/b/c",
     setup=[symlink("tree/repo/a/GEMINI.md", "../GEMINI.md"), symlink("tree/repo/a/b/GEMINI.md", "<ROOT>/home/.gemini/GEMINI.md"),
            symlink("tree/repo/a/b/c/GEMINI.md", "../../../../shared/rules.md")])

case(A, "gm-symlink-cwd", "cwd entered through a symlink: which path the walk and the Context-from lines use.",
     ["GM-4", "GM-12"],
     {"tree/real/repo/GEMINI.md": "REAL REPO\n", "tree/real/repo/sub/GEMINI.md": "REAL SUB\n"},
     git=["real/repo"], cwd="link/sub", setup=[symlink("tree/link", "real/repo")])

case(A, "gm-untrusted", "An untrusted folder (GEMINI_CLI_TRUST_WORKSPACE=false, folder trust off) gets no project memory; the global file stays.",
     ["GM-13"],
     {SETTINGS: json.dumps(dict(GEMINI_SETTINGS, security={"auth": {"selectedType": "gemini-api-key"}, "folderTrust": {"enabled": False}})) + "\n",
      "home/.gemini/GEMINI.md": "GLOBAL\n", "tree/repo/GEMINI.md": "PROJECT\n"},
     git=["repo"], cwd="repo", env={"GEMINI_CLI_TRUST_WORKSPACE": "false"})

case(A, "gm-include-directories", "--include-directories adds a workspace dir; its GEMINI.md files (walk from it to its own git root) join the sorted project list.",
     ["GM-4", "GM-14"],
     {"tree/repo/GEMINI.md": "REPO\n", "tree/lib/GEMINI.md": "LIB (included dir)\n", "tree/lib/x/GEMINI.md": "LIB X (below)\n"},
     git=["repo"], cwd="repo", args=["--include-directories", "<ROOT>/fs/lib"])

case(A, "gm-user-project-memory", "A private project memory index (~/.gemini/tmp/<project>/memory/MEMORY.md) switches the system part to the tagged layout (<global_context>, <user_project_memory>).",
     ["GM-2", "GM-15"],
     {"home/.gemini/GEMINI.md": "GLOBAL\n", "home/.gemini/tmp/repo/memory/MEMORY.md": "PRIVATE MEMORY INDEX\n", "tree/repo/GEMINI.md": "PROJECT\n"},
     git=["repo"], cwd="repo")

case(A, "gm-extension-context", "An installed extension's context file goes into the session part as <extension_context>, before <project_context>.",
     ["GM-7", "GM-16"],
     {"home/.gemini/extensions/ext1/gemini-extension.json": json.dumps({"name": "ext1", "version": "1.0.0", "contextFileName": "EXT.md"}) + "\n",
      "home/.gemini/extensions/ext1/EXT.md": "EXTENSION CONTEXT\n", "tree/repo/GEMINI.md": "PROJECT\n"},
     git=["repo"], cwd="repo")

case(A, "gm-large-file", "No size cap: a 45 KB file is sent whole.",
     ["GM-6"],
     {"tree/repo/GEMINI.md": big_lines("L", 750) + "LAST\n"}, git=["repo"], cwd="repo")

case(A, "gm-cwd-in-gemini-dir", "The upward walk stops on reaching ~/.gemini: with HOME a git repo and cwd inside ~/.gemini, neither ~/.gemini/GEMINI.md (global only) nor ~/GEMINI.md is a project file.",
     ["GM-5"],
     {"home/GEMINI.md": "HOME DIR GEMINI\n", "home/.gemini/GEMINI.md": "GLOBAL\n", "home/.gemini/work/GEMINI.md": "WORK (cwd)\n"},
     git=["../home"], cwd="../home/.gemini/work")

case(A, "gm-global-blank", "A whitespace-only global file gives no system part.",
     ["GM-2", "GM-6"],
     {"home/.gemini/GEMINI.md": " \n\n", "tree/repo/GEMINI.md": "PROJECT\n"}, git=["repo"], cwd="repo")

case(A, "gm-global-imports", "Imports in the global file resolve against ~/.gemini; without a .git above it the import root is ~/.gemini itself, so ../x is refused.",
     ["GM-2", "GM-8"],
     {"home/.gemini/GEMINI.md": "GLOBAL @extra.md @../outside.md\n", "home/.gemini/extra.md": "EXTRA\n", "home/outside.md": "OUTSIDE\n"},
     git=["repo"], cwd="repo")

case(A, "gm-import-token-rules", "Import tokens: the path runs to the next whitespace (a trailing comma is part of it); it must start with a letter, '.' or '/'; '@' must follow whitespace or start the text.",
     ["GM-8"],
     {"tree/repo/GEMINI.md": "@1.md @_u.md (@paren.md) @ok.md, @ok.md\n", "tree/repo/1.md": "ONE\n", "tree/repo/_u.md": "UNDERSCORE\n",
      "tree/repo/paren.md": "PAREN\n", "tree/repo/ok.md": "OK\n"},
     git=["repo"], cwd="repo")

case(A, "gm-other-names-ignored", "By default only GEMINI.md: AGENTS.md, CLAUDE.md, gemini.md are not read.",
     ["GM-10"],
     {"tree/repo/AGENTS.md": "AGENTS\n", "tree/repo/CLAUDE.md": "CLAUDE\n", "tree/repo/gemini.md": "lower\n", "tree/repo/sub/GEMINI.md": "SUB\n"},
     git=["repo"], cwd="repo/sub")
