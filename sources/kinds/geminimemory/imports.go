package geminimemory

import (
	"fmt"
	"path"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/internal/port/js/nodeerr"
	"github.com/promptc/promptc/sources"
)

// codeRegions finds the spans the import processor leaves alone: every
// match of /(`+)[\s\S]*?\1/g, as a backtracking regexp engine finds them
// (GM-8).
func codeRegions(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		run := 0
		for i+run < len(s) && s[i+run] == '`' {
			run++
		}
		matched := false
		for n := run; n >= 1; n-- {
			if j := strings.Index(s[i+n:], strings.Repeat("`", n)); j >= 0 {
				end := i + n + j + n
				out = append(out, [2]int{i, end})
				i, matched = end, true
				break
			}
		}
		if !matched {
			i++
		}
	}
	return out
}

func inRegion(rs [][2]int, i int) bool {
	for _, r := range rs {
		if i >= r[0] && i < r[1] {
			return true
		}
	}
	return false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// token is one import in a text: the span of "@path" and the path.
type token struct {
	start, end int
	path       string
}

// tokens lists the imports of s (GM-8): "@" at the start or after a
// space, tab, CR or LF, a path up to the next such character starting
// with ".", "/" or an ASCII letter, outside code regions.
func tokens(s string) []token {
	rs := codeRegions(s)
	var out []token
	for i := 0; i < len(s); i++ {
		if s[i] != '@' || (i > 0 && !isSpace(s[i-1])) || inRegion(rs, i) {
			continue
		}
		j := i + 1
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		p := s[i+1 : j]
		if p == "" {
			continue
		}
		if c := p[0]; c != '.' && c != '/' && !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			continue
		}
		out = append(out, token{i, j, p})
		i = j - 1
	}
	return out
}

// importer processes the imports of one Load's files. Gemini CLI inlines
// an import every time it meets it, so files that import each other many
// times over grow the work exponentially with the depth; promptc bounds
// one Load to MaxImports imports resolved (inlined or failed) and
// MaxImportBytes of inlined text, and reads each imported file once.
type importer struct {
	fsys    sources.FS
	markers []string
	stop    string // ~/.gemini: the root search does not go above a dir it meets
	files   map[string]importRead
	count   int // imports resolved so far
	bytes   int // bytes inlined so far
	over    bool
	diags   diag.List
}

// importRead is one imported file as read: its bytes or the read error.
type importRead struct {
	data []byte
	err  error
}

// read reads the file target, once per Load.
func (im *importer) read(target string) ([]byte, error) {
	if r, ok := im.files[target]; ok {
		return r.data, r.err
	}
	if im.files == nil {
		im.files = map[string]importRead{}
	}
	data, err := sources.ReadFile(im.fsys, target)
	im.files[target] = importRead{data, err}
	return data, err
}

// take counts the import ref in file against MaxImports; inline counts
// the n bytes it inlines against MaxImportBytes. Past a bound they
// report false (halt): that import and every later one stay as written.
func (im *importer) take(file, ref string) bool {
	if im.over || im.count >= MaxImports {
		return im.halt(file, ref, fmt.Sprintf("more than %d imports", MaxImports))
	}
	im.count++
	return true
}

func (im *importer) inline(file, ref string, n int) bool {
	if im.over || im.bytes+n > MaxImportBytes {
		return im.halt(file, ref, fmt.Sprintf("imports inline more than %d bytes", MaxImportBytes))
	}
	im.bytes += n
	return true
}

// halt ends the Load's imports at ref in file, with one warning.
func (im *importer) halt(file, ref, why string) bool {
	if !im.over {
		im.over = true
		im.diags.Warnf(file, CodeImportLimit, "%s: @%s: %s; the rest are not inlined", file, ref, why)
	}
	return false
}

// root is the import root of a file in dir: the nearest ancestor holding
// a boundary marker, else dir itself.
func (im *importer) root(dir string) string {
	if r := ceiling(im.fsys, dir, im.markers, ""); r != "" {
		return r
	}
	return dir
}

// resolve is the absolute target of an import written p in dir.
func resolve(dir, p string) string {
	if path.IsAbs(p) {
		return path.Clean(p)
	}
	return path.Join(dir, p)
}

// tree inlines the imports of content, a file in dir at depth (GM-8);
// chain holds the files being processed, the top-level file first. Past
// the Load's bounds (spend), an import stays as written.
func (im *importer) tree(content, dir string, depth int, chain []string) string {
	if depth >= MaxImportDepth {
		return content
	}
	toks := tokens(content)
	if len(toks) == 0 {
		return content
	}
	root := im.root(dir)
	var b strings.Builder
	last := 0
	for _, t := range toks {
		b.WriteString(content[last:t.start])
		last = t.end
		if !im.take(chain[len(chain)-1], t.path) {
			b.WriteString(content[t.start:t.end])
			continue
		}
		target := resolve(dir, t.path)
		real := target
		if r, err := sources.Realpath(im.fsys, target); err == nil {
			real = r
		}
		if !within(real, root) {
			b.WriteString("<!-- Import failed: " + t.path + " - Path traversal attempt -->")
			continue
		}
		if contains(chain, target) {
			b.WriteString("<!-- File already processed: " + t.path + " -->")
			continue
		}
		data, err := im.read(target)
		if err != nil {
			b.WriteString("<!-- Import failed: " + t.path + " - " + im.nodeMessage(err, target) + " -->")
			continue
		}
		if !im.inline(chain[len(chain)-1], t.path, len(data)) {
			b.WriteString(content[t.start:t.end])
			continue
		}
		inner := im.tree(jsstr.DecodeUTF8(data), path.Dir(target), depth+1, append(chain, target))
		b.WriteString("<!-- Imported from: " + t.path + " -->\n" + inner + "\n<!-- End of import from: " + t.path + " -->")
	}
	b.WriteString(content[last:])
	return b.String()
}

// flat is context.importFormat "flat" (GM-9): the file (labelled with
// its directory) and every import depth first, each once, trimmed.
func (im *importer) flat(content, file string) string {
	type item struct{ label, text string }
	items := []item{{path.Dir(file), content}}
	seen := map[string]bool{file: true}
	var walk func(content, dir string, depth int)
	walk = func(content, dir string, depth int) {
		if depth >= MaxImportDepth {
			return
		}
		root := im.root(dir)
		for _, t := range tokens(content) {
			target := resolve(dir, t.path)
			if seen[target] || !within(target, root) {
				continue
			}
			data, err := sources.ReadFile(im.fsys, target)
			if err != nil {
				continue
			}
			seen[target] = true
			text := jsstr.DecodeUTF8(data)
			items = append(items, item{target, text})
			walk(text, path.Dir(target), depth+1)
		}
	}
	walk(content, path.Dir(file), 0)
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = "--- File: " + it.label + " ---\n" + jsTrim(it.text) + "\n--- End of File: " + it.label + " ---"
	}
	return strings.Join(parts, "\n\n")
}

// nodeMessage is node's message for a failed fs.access or read.
func (im *importer) nodeMessage(err error, abs string) string {
	if sources.IsDir(im.fsys, abs) {
		return "EISDIR: illegal operation on a directory, read"
	}
	return nodeerr.Message(err, "access", abs)
}

func within(p, root string) bool {
	return p == root || strings.HasPrefix(p, strings.TrimSuffix(root, "/")+"/")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
