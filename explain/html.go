package explain

import (
	_ "embed"
	"fmt"
	"html"
	"html/template"
	"io"
	"strings"
	"sync"

	"github.com/promptc/promptc/engine"
)

var (
	//go:embed page/page.html
	pageHTML string
	//go:embed page/page.css
	pageCSS string
	//go:embed page/page.js
	pageJS string
)

// pageTemplate is parsed on first use (only --html needs it).
var pageTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Funcs(template.FuncMap{
		"percent": percent,
		"choice":  choiceLine,
		"catalog": catalogLine,
		"join":    strings.Join,
		"hue":     hue,
	}).Parse(pageHTML))
})

// pageSection is what the page's script knows of a section.
type pageSection struct {
	ID         string   `json:"id"`
	Doc        string   `json:"doc"`
	When       string   `json:"when"`
	Active     bool     `json:"active"`
	Volatile   bool     `json:"volatile"`
	Bytes      int      `json:"bytes"`
	Tokens     int      `json:"tokens"`
	Estimate   int      `json:"estimate"`
	Share      string   `json:"share"`
	Files      []string `json:"files"`
	FalseTerms []string `json:"false_terms"`
	Hue        int      `json:"hue"`
}

// WriteHTML renders the report as one self-contained HTML page (inline
// CSS and script, no network): the prompt with each active section's span
// tinted and labelled, a detail panel that follows the pointer or a click,
// a side table of sections and the why-not list. The text content of the
// element #prompt is the prompt, byte for byte.
func (r *Report) WriteHTML(w io.Writer) error {
	data := struct {
		R        *Report
		CSS      template.CSS
		JS       template.JS
		Prompt   template.HTML
		Count    string // the text header's Prompt line (countLine)
		Sections []pageSection
	}{R: r, CSS: template.CSS(pageCSS), JS: template.JS(pageJS), Prompt: r.promptHTML(), Count: r.countLine()}
	for _, s := range r.Sections {
		ps := pageSection{ID: s.ID, Doc: s.Doc, When: s.When, Active: s.Active, Volatile: s.Volatile,
			Bytes: s.Bytes, Tokens: s.Tokens, Estimate: s.Estimate, Share: percent(s.Share),
			Files: []string{}, FalseTerms: nonNil(s.FalseTerms), Hue: hue(s.Index)}
		for _, f := range s.Files {
			ps.Files = append(ps.Files, originLine(f.Path, f.Role, f.Bytes))
		}
		data.Sections = append(data.Sections, ps)
	}
	var b strings.Builder
	if err := pageTemplate().Execute(&b, data); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// promptHTML is the prompt as escaped text with one span per active
// section. The newline after <pre> is dropped by HTML parsers, so the
// element's text starts exactly with the prompt.
func (r *Report) promptHTML() template.HTML {
	var b strings.Builder
	b.WriteString("\n")
	first := true
	for _, s := range r.Sections {
		if !s.Active {
			continue
		}
		if !first {
			b.WriteString(html.EscapeString(r.Join))
		}
		first = false
		class, label := "sec", s.ID
		if s.Volatile {
			class, label = "sec volatile", s.ID+" · volatile"
		}
		fmt.Fprintf(&b, `<span class="%s" id="sec-%s" data-id="%s" data-label="%s" style="--h:%d">%s</span>`,
			class, s.ID, s.ID, label, hue(s.Index), untrustedHTML(s.Text, s.Untrusted))
	}
	return template.HTML(b.String())
}

// hue spreads section tints around the colour wheel.
func hue(index int) int { return (index*137 + 200) % 360 }

// untrustedHTML escapes text, wrapping each framed untrusted span in a
// tinted <span class="untrusted"> labelled with its file or section; the
// element's text is text, unchanged.
func untrustedHTML(text string, spans []engine.Span) string {
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		if sp.Start < last || sp.End > len(text) || sp.Start > sp.End {
			continue
		}
		b.WriteString(html.EscapeString(text[last:sp.Start]))
		fmt.Fprintf(&b, `<span class="untrusted" title="untrusted: %s">%s</span>`, html.EscapeString(sp.Label), html.EscapeString(text[sp.Start:sp.End]))
		last = sp.End
	}
	b.WriteString(html.EscapeString(text[last:]))
	return b.String()
}
