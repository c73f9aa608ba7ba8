package emit

import (
	"fmt"
	"path"
	"strings"

	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// copilotLoad is what GitHub Copilot CLI 1.0.102 puts in its system
// message at start from dir, as recorded with the agents oracle
// (docs/emit.md, "Copilot CLI, recorded"); promptc has no copilot
// pipeline, so this small model stands in for one:
//   - <custom_instruction> blocks: ~/.copilot/copilot-instructions.md,
//     ROOT/.github/copilot-instructions.md, and AGENTS.md, CLAUDE.md and
//     GEMINI.md of every directory from the git root (else dir) down to
//     dir — none below dir;
//   - *.instructions.md of ~/.copilot/instructions and
//     ROOT/.github/instructions whose applyTo is absent or "**": inlined
//     whole, front matter included;
//   - any other applyTo: only listed (pattern and path) for the model to
//     read when it works on matching files;
//   - a file with the same text as one already sent is not sent again.
func copilotLoad(fsys sources.FS, dir, home string) loaded {
	root := sources.ProjectRoot(fsys, dir)
	var l loaded
	var b strings.Builder
	seen := map[string]string{}
	read := func(p string) {
		data, err := sources.ReadFile(fsys, p)
		if err != nil || strings.TrimSpace(string(data)) == "" {
			return
		}
		if first, dup := seen[string(data)]; dup {
			l.excluded = append(l.excluded, prov.Exclusion{Path: p, Reason: "same text as a file already sent", Detail: first})
			return
		}
		seen[string(data)] = p
		b.WriteString(string(data) + "\n")
		l.files = append(l.files, sources.ContextFile{Path: p, Content: string(data), Bytes: len(data)})
	}
	if home != "" {
		read(path.Join(home, ".copilot", "copilot-instructions.md"))
	}
	read(path.Join(root, ".github", "copilot-instructions.md"))
	for d := dir; ; d = path.Dir(d) {
		l.walkDirs = append(l.walkDirs, d)
		if d == root || d == "/" || !sources.Within(d, root) {
			break
		}
	}
	for i := len(l.walkDirs) - 1; i >= 0; i-- {
		for _, n := range []string{"AGENTS.md", "CLAUDE.md", "GEMINI.md"} {
			read(path.Join(l.walkDirs[i], n))
		}
	}
	l.walkNames = []string{"AGENTS.md", "CLAUDE.md", "GEMINI.md", "copilot-instructions.md", "*.instructions.md"}
	for _, d := range []string{path.Join(home, ".copilot", "instructions"), path.Join(root, ".github", "instructions")} {
		if home == "" && strings.HasPrefix(d, ".copilot") {
			continue
		}
		entries, err := sources.ReadDir(fsys, d)
		if err != nil {
			continue
		}
		for _, e := range entries {
			p := path.Join(d, e.Name())
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".instructions.md") {
				continue
			}
			data, err := sources.ReadFile(fsys, p)
			if err != nil {
				continue
			}
			m, _, _, _ := frontMatter(string(data))
			apply, _ := m["applyTo"].(string)
			if apply == "" || apply == "**" {
				read(p)
				continue
			}
			l.excluded = append(l.excluded, prov.Exclusion{Path: p, Reason: fmt.Sprintf("applyTo %q: listed for the model to read when it works on matching files, not sent at start", apply)})
		}
	}
	l.text = b.String()
	return l
}
