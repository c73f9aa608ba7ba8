package explain

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/promptc/promptc/engine/spec"
)

// WriteText renders the report for a terminal: plain text, aligned
// columns, no colour, paths in full.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	r.textHeader(&b)
	r.textLayers(&b)
	r.textLocks(&b)
	r.textSections(&b)
	r.textFiles(&b)
	r.textContext(&b)
	r.textSkills(&b)
	r.textTools(&b)
	r.textUntrusted(&b)
	r.textRanks(&b)
	r.textWhyNot(&b)
	r.textDiagnostics(&b)
	r.textCache(&b)
	r.textWarnings(&b)
	r.textRuns(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

func (r *Report) textHeader(b *strings.Builder) {
	title := "pipeline " + r.Pipeline
	if r.Description != "" {
		title += " (" + r.Description + ")"
	}
	fmt.Fprintf(b, "promptc explain: %s\n\n", title)
	h := table{}
	h.add("Prompt", r.countLine())
	if r.Body != nil {
		h.add("Body", choiceLine(r.Body))
	}
	if r.Append != nil {
		h.add("Append", choiceLine(r.Append))
	}
	if s, ok := r.trustLine(); ok {
		h.add("Trust", s)
	}
	for _, c := range r.Catalogs {
		h.add("Strings", catalogLine(c))
	}
	if bu := r.Budget; bu != nil {
		h.add("Budget", budgetLine(bu))
	}
	h.write(b)
}

// catalogLine says which language table a catalog source gave.
func catalogLine(c Catalog) string {
	s := fmt.Sprintf("%s (catalog %s)", c.Language, c.Source)
	if c.Fallback {
		s += fmt.Sprintf(", the fallback: %q is not one of %s", c.Requested, strings.Join(c.Languages, ", "))
	}
	return s
}

func choiceLine(c *Choice) string {
	s := c.Summary
	if c.Section != "" {
		s += "  [section " + c.Section + "]"
	}
	return s
}

// textLayers lists the layers and every override, when any layer besides
// the base pipeline was applied or ignored (absent ones alone are not
// worth a block; --json always has them).
func (r *Report) textLayers(b *strings.Builder) {
	show := len(r.Overrides) > 0
	applied := 0
	for _, l := range r.Layers {
		applied += map[bool]int{true: 1}[l.Status == spec.StatusApplied]
		show = show || l.Status == spec.StatusIgnored
	}
	if !show && applied <= 1 {
		return
	}
	b.WriteString("\nLayers (lowest precedence first)\n")
	t := table{indent: "  "}
	for _, l := range r.Layers {
		name := l.Name
		if tl, ok := r.trustLayer(); ok && tl == l {
			name += " (see Trust)"
		} else if l.Reason != "" {
			name += ": " + l.Reason
		}
		t.add(l.Role, l.Status, name)
	}
	t.write(b)
	if len(r.Overrides) == 0 {
		return
	}
	fmt.Fprintf(b, "\nSet by more than one layer (%d)\n", len(r.Overrides))
	for _, o := range r.Overrides {
		fmt.Fprintf(b, "  %s = %s  (%s)\n", o.Key, valueText(o.Winner.Value), o.Winner.At)
		for i := len(o.Overridden) - 1; i >= 0; i-- {
			fmt.Fprintf(b, "      over %s  (%s)\n", valueText(o.Overridden[i].Value), o.Overridden[i].At)
		}
	}
}

// valueText prints a layer value on one line, long ones cut.
func valueText(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	s := strings.TrimSuffix(buf.String(), "\n")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

func (r *Report) textSections(b *strings.Builder) {
	b.WriteString("\nSections in output order (+ active, - inactive, x disabled, ~ volatile)\n")
	t := table{indent: "  ", right: map[int]bool{1: true, 3: true, 4: true, 5: true, 6: true}}
	t.add("", "#", "section", "bytes", "tokens", "est.", "share", "when")
	for _, s := range r.Sections {
		mark := "-"
		if s.Active {
			mark = "+"
		}
		if s.Volatile {
			mark += "~"
		}
		when := s.When
		if when == "" {
			when = "(always)"
		}
		if s.Disabled {
			mark, when = "x", "(disabled by "+s.DisabledBy+")"
		}
		if s.Layer != "" {
			when += "  [added by " + s.Layer + "]"
		}
		if !s.Active {
			t.add(mark, strconv.Itoa(s.Index), s.ID, "-", "-", "-", "-", when)
			continue
		}
		t.add(mark, strconv.Itoa(s.Index), s.ID, strconv.Itoa(s.Bytes), strconv.Itoa(s.Tokens), strconv.Itoa(s.Estimate), percent(s.Share), when)
	}
	tot := r.Totals
	t.add("", "", "prompt", strconv.Itoa(tot.Bytes), strconv.Itoa(tot.Tokens), strconv.Itoa(tot.Estimate), percent(1), "")
	t.write(b)
}

func percent(f float64) string { return strconv.FormatFloat(f*100, 'f', 1, 64) + "%" }

func (r *Report) textFiles(b *strings.Builder) {
	t := table{indent: "  "}
	for _, s := range r.Sections {
		if !s.Active {
			continue
		}
		for i, f := range s.Files {
			id := ""
			if i == 0 {
				id = s.ID
			}
			line := originLine(f.Path, f.Role, f.Bytes)
			if f.Via != "" {
				line += " imported via " + f.Via
			}
			t.add(id, line)
		}
	}
	if len(t.rows) == 0 {
		return
	}
	b.WriteString("\nFiles behind the active sections\n")
	t.write(b)
}

func originLine(path, role string, n int) string {
	s := path
	if role != "" {
		s += " (" + role
		if n > 0 {
			s += fmt.Sprintf(", %d bytes", n)
		}
		s += ")"
	}
	return s
}

func (r *Report) textContext(b *strings.Builder) {
	if len(r.ContextFiles) == 0 {
		return
	}
	b.WriteString("\nContext files in load order\n")
	t := table{indent: "  ", right: map[int]bool{0: true, 2: true, 3: true}}
	for i, f := range r.ContextFiles {
		row := []string{strconv.Itoa(i + 1), f.Path, strconv.Itoa(f.Bytes) + " bytes", strconv.Itoa(f.Tokens) + " tokens"}
		if f.Truncated {
			row = append(row, "truncated")
		}
		t.add(row...)
	}
	t.write(b)
}

func (r *Report) textSkills(b *strings.Builder) {
	s := r.Skills
	if s == nil || len(s.Listed)+len(s.Unlisted)+len(s.Hidden)+len(s.Unavailable) == 0 {
		return
	}
	if len(s.Sections) == 0 {
		fmt.Fprintf(b, "\nSkills: none in the prompt (no active section renders source %s)\n", s.Source)
	} else {
		fmt.Fprintf(b, "\nSkills in the prompt [section %s]\n", strings.Join(s.Sections, ", "))
	}
	t := table{indent: "  "}
	for _, k := range s.Listed {
		t.add(k.Name, k.Path, "["+k.Scope+"]")
	}
	for _, k := range s.Unlisted {
		t.add(k.Name, k.Path, "["+k.Scope+"] not in the prompt")
	}
	for _, k := range s.Hidden {
		t.add(k.Name, k.Path, "["+k.Scope+"] hidden")
	}
	for _, k := range s.Unavailable {
		t.add(k.Name, k.Path, "["+k.Scope+"] unavailable, misses "+k.Missing)
	}
	t.write(b)
}

func (r *Report) textTools(b *strings.Builder) {
	tl := r.Tools
	if tl == nil {
		return
	}
	active := strings.Join(tl.Active, ", ")
	if active == "" {
		active = "(none)"
	}
	fmt.Fprintf(b, "\nTools active: %s\n", active)
	if len(tl.Sections) == 0 {
		fmt.Fprintf(b, "  no tool line is in the prompt: no active section renders source %s\n", tl.Source)
		return
	}
	what := "tool lines"
	if len(tl.Guidelines) > 0 {
		what = "tool lines and guidelines"
	}
	fmt.Fprintf(b, "  %s in the prompt [section %s]\n", what, strings.Join(tl.Sections, ", "))
	t := table{indent: "  "}
	for _, l := range tl.Listed {
		t.add("- "+l.Name, l.Snippet)
	}
	t.write(b)
	for _, g := range tl.Guidelines {
		fmt.Fprintf(b, "  * %s\n", g)
	}
}

func (r *Report) textWhyNot(b *strings.Builder) {
	fmt.Fprintf(b, "\nWhy not (%d)\n", len(r.WhyNot))
	for _, w := range r.WhyNot {
		switch w.Kind {
		case KindDisabled:
			fmt.Fprintf(b, "  section %s: disabled %s\n", w.Section, w.Detail)
		case KindSection:
			fmt.Fprintf(b, "  section %s: %s\n", w.Section, w.Reason)
			fmt.Fprintf(b, "      when   %s\n", w.When)
			for _, f := range w.FalseTerms {
				fmt.Fprintf(b, "      false  %s\n", f)
			}
		case KindCut:
			where := "section " + w.Section
			if w.Section == "" {
				where = "source " + w.Source
			} else if w.Source != "" {
				where += ", source " + w.Source
			}
			fmt.Fprintf(b, "  %s  [%s]\n", w.Path, where)
			fmt.Fprintf(b, "      %s: %s\n", w.Reason, indent(w.Detail, "      "))
		default:
			fmt.Fprintf(b, "  %s  [%s]\n", w.Path, w.Source)
			line := w.Reason
			if w.Detail != "" {
				line += ": " + w.Detail
			}
			fmt.Fprintf(b, "      %s\n", indent(line, "      "))
		}
	}
}

func (r *Report) textDiagnostics(b *strings.Builder) {
	if len(r.Diagnostics) == 0 {
		return
	}
	fmt.Fprintf(b, "\nDiagnostics (%d)\n", len(r.Diagnostics))
	for _, d := range r.Diagnostics {
		s := d.String()
		if d.Path != "" && !strings.Contains(s, d.Path) {
			s = d.Path + ": " + s
		}
		fmt.Fprintf(b, "  %s\n", indent(s, "    "))
	}
}

// indent prefixes the lines of a multi-line text after the first, drops
// its trailing white space and leaves empty lines empty.
func indent(s, prefix string) string {
	lines := strings.Split(strings.TrimRight(s, " \t\r\n"), "\n")
	for i := 1; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "" {
			lines[i] = prefix + lines[i]
		} else {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

func (r *Report) textCache(b *strings.Builder) {
	c := r.Cache
	b.WriteString("\nCache\n")
	note := "the whole prompt: no volatile section is active"
	if len(c.Volatile) > 0 {
		note = "up to volatile section " + c.Volatile[0]
	}
	fmt.Fprintf(b, "  stable prefix  %d bytes, %d tokens (%s)\n", c.StableBytes, c.StableTokens, note)
	if len(c.Volatile) > 0 {
		fmt.Fprintf(b, "  volatile       %s\n", strings.Join(c.Volatile, ", "))
	}
	if d := r.Drift; d != nil {
		b.WriteString("\nCustom body\n")
		t := table{indent: "  "}
		t.add("names tools", listOrNone(d.Mentioned))
		t.add("not active", listOrNone(d.Inactive))
		t.add("unmentioned", listOrNone(d.Unmentioned))
		t.write(b)
	}
}

func listOrNone(s []string) string {
	if len(s) == 0 {
		return "(none)"
	}
	return strings.Join(s, ", ")
}

func (r *Report) textWarnings(b *strings.Builder) {
	if len(r.Warnings) == 0 {
		return
	}
	fmt.Fprintf(b, "\nWarnings (%d)\n", len(r.Warnings))
	for _, w := range r.Warnings {
		fmt.Fprintf(b, "  %s: %s\n", w.Code, w.Message)
	}
}
