package check

import (
	"fmt"
	"io"
	"strings"
)

// WriteGitHub prints a GitHub Actions workflow command for each finding
// (::error file=F,line=L,title=T::message, on the source file and line
// in the pull request's diff) and each path a check did not see
// (::warning), then the text report for the log.
func WriteGitHub(w io.Writer, rs []Result) error {
	var b strings.Builder
	for _, r := range rs {
		for _, f := range r.Findings {
			props := "file=" + ghProp(f.File)
			if f.Line > 0 {
				props += fmt.Sprintf(",line=%d", f.Line)
			}
			props += ",title=" + ghProp("promptc check "+r.Name)
			fmt.Fprintf(&b, "::error %s::%s\n", props, ghData(f.Message))
		}
		for _, p := range r.Outside {
			fmt.Fprintf(&b, "::warning title=%s::%s\n", ghProp("promptc check "+r.Name), ghData(p+" exists on this machine, outside the repository and the declared roots: the check did not read it"))
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	return WriteText(w, rs)
}

// ghData escapes a workflow command's message.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProp escapes a workflow command's property value.
func ghProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
