package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/builtin"
)

// kindsDoc is docs/reference/kinds.md: every built-in source kind as
// sources.Describe documents it (what `promptc kinds` prints), sorted by
// name.
func kindsDoc() string {
	kinds := builtin.Kinds()
	sort.Slice(kinds, func(i, j int) bool { return kinds[i].Name() < kinds[j].Name() })
	var b strings.Builder
	b.WriteString("# Source kinds\n\n" + generatedNote)
	b.WriteString("The kinds a pipeline's `sources:` may name (`kind:`), from `sources/builtin`. For each: its\n")
	b.WriteString("summary; the fields of its value, as expressions and templates read them (`.Files[].Path`); its\n")
	b.WriteString("options, as `with:` spells them. `promptc kinds [KIND]` prints the same, `--json` as data.\n")
	b.WriteString("Writing a kind of your own: [docs/guide/pipelines.md](../guide/pipelines.md#writing-a-kind).\n\n")
	for _, k := range kinds {
		fmt.Fprintf(&b, "- [`%s`](#%s): %s\n", k.Name(), anchor(k.Name()), k.Doc())
	}
	for _, k := range kinds {
		d := sources.Describe(k)
		fmt.Fprintf(&b, "\n## %s\n\n%s.\n\nValue: `%s`\n\n", d.Name, capitalize(strings.TrimSuffix(d.Summary, ".")), d.Value)
		if len(d.Fields) > 0 {
			b.WriteString("| field | type |\n| --- | --- |\n")
			for _, f := range d.Fields {
				fmt.Fprintf(&b, "| `%s` | `%s` |\n", f.Path, f.Type)
			}
			b.WriteString("\n")
		}
		if len(d.Options) == 0 {
			b.WriteString("Options: none.\n")
			continue
		}
		b.WriteString("| option | type | values |\n| --- | --- | --- |\n")
		for _, f := range d.Options {
			fmt.Fprintf(&b, "| `%s` | `%s` | %s |\n", f.Path, f.Type, enumValues(f.Values))
		}
	}
	return b.String()
}

// enumValues lists an enum option's values ("" when any value is allowed).
func enumValues(vals []string) string {
	if vals == nil {
		return ""
	}
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = fmt.Sprintf("`%q`", v)
	}
	return strings.Join(out, ", ")
}

// capitalize upper-cases the first letter of a summary.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
