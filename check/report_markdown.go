package check

import (
	"fmt"
	"io"
	"strings"
)

// WriteMarkdown prints a summary for a pull-request comment or
// $GITHUB_STEP_SUMMARY: a table of the checks, then for each that failed
// its findings and its diff in a collapsed block.
func WriteMarkdown(w io.Writer, rs []Result) error {
	var b strings.Builder
	icon := map[Status]string{Passed: "✅ pass", Failed: "❌ fail", Updated: "📝 updated"}
	fmt.Fprintf(&b, "### promptc check: %s\n\n", Summary(rs))
	b.WriteString("| check | pipeline | directory | result | tokens |\n| --- | --- | --- | --- | --- |\n")
	for _, r := range rs {
		tokens := ""
		if r.Diff != nil {
			tokens = fmt.Sprintf("%d → %d (%s)", r.Diff.OldTokens, r.Diff.NewTokens, signedTokens(r.Diff.NewTokens-r.Diff.OldTokens))
		} else if r.Tokens > 0 {
			tokens = fmt.Sprint(r.Tokens)
		}
		fmt.Fprintf(&b, "| %s | %s | `%s` | %s | %s |\n", mdCell(r.Name), mdCell(r.Check.Pipeline), mdCell(r.Check.Rel), icon[r.Status], tokens)
	}
	for _, r := range rs {
		if r.Status != Failed {
			continue
		}
		fmt.Fprintf(&b, "\n#### %s\n\n%s\n\n", mdCell(r.Name), mdCell(firstLine(r.Message)))
		for _, f := range r.Findings {
			fmt.Fprintf(&b, "- `%s`: %s\n", place(f), mdCell(f.Message))
		}
		if r.Diff != nil {
			var d strings.Builder
			_ = r.Diff.Write(&d, "", display)
			fence := "```"
			for strings.Contains(d.String(), fence) {
				fence += "`"
			}
			fmt.Fprintf(&b, "\n<details><summary>diff</summary>\n\n%sdiff\n%s%s\n\n</details>\n", fence, d.String(), fence)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdCell keeps text on one line of a table.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
