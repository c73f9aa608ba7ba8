package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/promptc/promptc/schema"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/builtin"
)

// cmdKinds lists the source kinds a pipeline may use, each with its
// summary, the fields of its value and its options down to the leaves
// (enum options with their values), for pipeline authors; --json prints
// the same as sources.KindDoc values.
func cmdKinds(args []string, stdout io.Writer) error {
	p, done, err := parseCommand("kinds", args, []flagDef{{name: "json", kind: boolFlag}, {name: "help", kind: boolFlag}}, 1, stdout)
	if err != nil || done {
		return err
	}
	kinds := builtin.Kinds()
	sort.Slice(kinds, func(i, j int) bool { return kinds[i].Name() < kinds[j].Name() })
	docs := []sources.KindDoc{}
	for _, k := range kinds {
		if len(p.args) == 0 || p.args[0] == k.Name() {
			docs = append(docs, sources.Describe(k))
		}
	}
	if len(docs) == 0 {
		return usageError{fmt.Sprintf("no source kind %q (see 'promptc kinds')", p.args[0])}
	}
	if p.has("json") {
		return writeJSON(stdout, docs)
	}
	var b strings.Builder
	for _, d := range docs {
		width := 22
		for _, f := range append(append([]sources.FieldDoc(nil), d.Fields...), d.Options...) {
			width = max(width, len(f.Path)+1)
		}
		fmt.Fprintf(&b, "%s\n  %s\n  value: %s\n", d.Name, d.Summary, d.Value)
		for _, f := range d.Fields {
			fmt.Fprintf(&b, "    %-*s %s\n", width, f.Path, f.Type)
		}
		b.WriteString("  options:\n")
		for _, f := range d.Options {
			fmt.Fprintf(&b, "    %-*s %s\n", width, f.Path, optionType(f))
		}
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}

// optionType is an option's type, with an enum's values.
func optionType(f sources.FieldDoc) string {
	if f.Values == nil {
		return f.Type
	}
	var vals []string
	empty := false
	for _, v := range f.Values {
		if v == "" {
			empty = true
			continue
		}
		vals = append(vals, fmt.Sprintf("%q", v))
	}
	s := f.Type + ": " + strings.Join(vals, ", ")
	if empty {
		s += ` or ""`
	}
	return s
}

// cmdSchema prints the JSON Schema of pipeline files (default), of the
// `explain --json` report or answer, of the exec protocol or of receipts,
// for editors and validators.
func cmdSchema(args []string, stdout io.Writer) error {
	p, done, err := parseCommand("schema", args, []flagDef{{name: "help", kind: boolFlag}}, 1, stdout)
	if err != nil || done {
		return err
	}
	which := "pipeline"
	if len(p.args) == 1 {
		which = p.args[0]
	}
	switch which {
	case "pipeline":
		_, err = io.WriteString(stdout, schema.JSON())
	case "explain":
		_, err = io.WriteString(stdout, schema.ExplainJSON())
	case "explain-target":
		_, err = io.WriteString(stdout, schema.ExplainTargetJSON())
	case "exec":
		_, err = io.WriteString(stdout, schema.ExecJSON())
	case "receipt":
		_, err = io.WriteString(stdout, schema.ReceiptJSON())
	default:
		return usageError{fmt.Sprintf("schema %q: want pipeline, explain, explain-target, exec or receipt", which)}
	}
	return err
}
