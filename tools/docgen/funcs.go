package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/Masterminds/sprig/v3"
	"github.com/promptc/promptc/sections"
)

// templateFuncsDoc is docs/reference/template-functions.md: the function
// map of section templates (sections.Funcs), in three groups: promptc's own
// (described by the doc comment of sections.promptFuncs), sprig's that
// promptc bounds (the keys of sections.boundedFuncs), and sprig's hermetic
// rest; then sprig's functions that are left out (sections.Removed).
func templateFuncsDoc(root string) (string, error) {
	own, bounded, err := funcsFromSource(filepath.Join(root, "sections", "funcs.go"))
	if err != nil {
		return "", err
	}
	funcs := sections.Funcs()
	var names []string
	for n := range funcs {
		if !strings.HasPrefix(n, "promptc_") { // the engine's own hooks, not for templates
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("# Template functions\n\n" + generatedNote)
	b.WriteString("A section's `template:` is a Go [text/template](https://pkg.go.dev/text/template) (its built-ins:\n")
	b.WriteString("`and`, `or`, `not`, `len`, `index`, `slice`, `print`, `printf`, `eq`, `lt`, …) with the functions below:\n")
	b.WriteString("[sprig](https://masterminds.github.io/sprig/)'s hermetic text functions without the impure ones, some\n")
	b.WriteString("bounded, and promptc's own (`sections.Funcs`). A render runs its `range` loops at most\n")
	fmt.Fprintf(&b, "%s times in all and prints at most %s MiB; a bounded function refuses to build more.\n\n",
		group3(sections.MaxIterations), group3(sections.MaxRenderBytes>>20))
	b.WriteString("## promptc's own\n\n| function | what |\n| --- | --- |\n")
	ownNames := slices.Sorted(maps.Keys(own))
	for _, n := range ownNames {
		if _, ok := funcs[n]; !ok {
			return "", fmt.Errorf("sections/funcs.go documents %q, which sections.Funcs does not hold", n)
		}
		fmt.Fprintf(&b, "| `%s` | %s |\n", n, docLinks(own[n]))
	}
	b.WriteString("\n## sprig's, bounded\n\nSame results as sprig's (`printf`: text/template's), refused past the limits above.\n\n")
	var boundedNames []string
	for _, n := range names {
		if bounded[n] {
			boundedNames = append(boundedNames, "`"+n+"`")
		}
	}
	b.WriteString(strings.Join(boundedNames, ", ") + "\n")
	b.WriteString("\n## sprig's\n\nAs [sprig](https://masterminds.github.io/sprig/) documents them.\n\n")
	var rest []string
	for _, n := range names {
		if own[n] == "" && !bounded[n] {
			rest = append(rest, "`"+n+"`")
		}
	}
	b.WriteString(strings.Join(rest, ", ") + "\n")
	b.WriteString("\n## Left out\n\nsprig's hermetic functions whose result depends on the clock, the time zone, randomness or\n")
	b.WriteString("salts: a template that calls one does not compile (\"not available\"). sprig's non-hermetic ones\n")
	b.WriteString("(`now`, `date`, `env`, `uuidv4`, …) are not in the map at all.\n\n")
	var removed []string
	for n := range sprig.HermeticTxtFuncMap() {
		if sections.Removed(n) {
			removed = append(removed, n)
		}
	}
	sort.Strings(removed)
	b.WriteString("`" + strings.Join(removed, "`, `") + "`\n")
	return b.String(), nil
}

// funcsFromSource reads sections/funcs.go: promptFuncs' doc comment (lines
// "<tab>name  description") and the keys of boundedFuncs' map.
func funcsFromSource(path string) (own map[string]string, bounded map[string]bool, err error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
	if err != nil {
		return nil, nil, err
	}
	own, bounded = map[string]string{}, map[string]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		switch fd.Name.Name {
		case "promptFuncs":
			for _, line := range strings.Split(fd.Doc.Text(), "\n") {
				if !strings.HasPrefix(line, "\t") {
					continue
				}
				name, what, ok := strings.Cut(strings.TrimSpace(line), " ")
				if ok {
					own[name] = strings.TrimSpace(what)
				}
			}
		case "boundedFuncs":
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if kv, ok := n.(*ast.KeyValueExpr); ok {
					if lit, ok := kv.Key.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if s, err := strconv.Unquote(lit.Value); err == nil {
							bounded[s] = true
						}
					}
				}
				return true
			})
		}
	}
	if len(own) == 0 || len(bounded) == 0 {
		return nil, nil, fmt.Errorf("%s: found no promptFuncs doc lines or no boundedFuncs keys", path)
	}
	return own, bounded, nil
}

// group3 prints n with thousands separators (1,000,000).
func group3[N ~int | ~int64](n N) string {
	s := strconv.FormatInt(int64(n), 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// docLinks turns a Go doc link ("[Inert]") into the package-qualified name.
func docLinks(s string) string {
	return regexp.MustCompile(`\[([A-Z]\w*)\]`).ReplaceAllString(s, "`sections.$1`")
}
