package workspacefiles

import (
	"strings"
	"testing"
)

var cowMarkers = []string{"*(填写", "*(在首次对话时填写", "*(可选)", "*(根据需要添加",
	"*(filled during", "*(ask during", "*(optional)", "*(how the user"}

func TestPlaceholderMatch(t *testing.T) {
	p := &Placeholder{MaxLines: 3, CommentPrefix: "#", Markers: cowMarkers}
	tests := []struct {
		name, content, marker string
		ok                    bool
	}{
		{"headings only", "# RULE.md\n\n## 规则\n\n### 细则", "", false},
		{"three lines with marker", "# USER.md\n\n- **姓名**: *(在首次对话时填写)*\n- **称呼**: 老张\n\n## 其他", "*(在首次对话时填写", true},
		{"four lines with marker", "# USER.md\n- **Name**: *(ask during the first conversation)*\n- a\n- b\n- c", "", false},
		{"english optional", "# MEMORY.md\n\n- **Notes**: *(optional)*", "*(optional)", true},
		{"markers in list order", "*(optional) *(填写", "*(填写", true},
		{"bom line is not a heading", "\ufeff# x\n- *(optional)\na\nb", "", false},
		{"indented heading", "   # h\n  *(optional)", "*(optional)", true},
		{"no marker", "a\nb", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ok := p.Match(tt.content)
			if ok != tt.ok || m != tt.marker {
				t.Errorf("Match = %q, %v; want %q, %v", m, ok, tt.marker, tt.ok)
			}
		})
	}
	noComments := &Placeholder{MaxLines: 1, Markers: []string{"TODO"}}
	if _, ok := noComments.Match("# TODO"); !ok {
		t.Error("an empty comment prefix must count every line")
	}
}

// numbered returns n lines of width bytes each.
func numbered(n, width int) string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = strings.Repeat("x", width)
	}
	return strings.Join(lines, "\n")
}

func TestTruncateApply(t *testing.T) {
	const notice = "...(older entries truncated, use `memory_search` or `memory_get` for full content)\n\n"
	cow := &Truncate{MaxLines: 200, MaxBytes: 25000, OverBytes: DropAll, Notice: notice}
	lines201 := make([]string, 201)
	for i := range lines201 {
		lines201[i] = "line " + strings.Repeat("y", i%7)
	}
	tests := []struct {
		name      string
		t         *Truncate
		in, want  string
		truncated bool
	}{
		{"200 lines untouched", cow, strings.Join(lines201[1:], "\n"), strings.Join(lines201[1:], "\n"), false},
		{"201 lines keep the last 200", cow, strings.Join(lines201, "\n"), notice + strings.Join(lines201[1:], "\n"), true},
		// 125 lines of 199 bytes + 124 newlines + "x" = 25000 bytes.
		{"exactly 25000 bytes kept", cow, numbered(125, 199) + "x", numbered(125, 199) + "x", false},
		{"25001 bytes drop everything", cow, numbered(125, 199) + "xy", notice, true},
		{"multi-byte text counts bytes", cow, strings.Repeat("中", 8334), notice, true},
		{"drop_oldest keeps what fits", &Truncate{MaxBytes: 5, Notice: "N:"}, "aa\nbb\ncc", "N:bb\ncc", true},
		{"drop_oldest may drop all", &Truncate{MaxBytes: 1, OverBytes: DropOldest}, "aa\nbb", "", true},
		{"no limits", &Truncate{}, "a\nb", "a\nb", false},
		{"lines then bytes", &Truncate{MaxLines: 2, MaxBytes: 3, Notice: "!"}, "a\nbb\ncc", "!cc", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, tr := tt.t.Apply(tt.in)
			if got != tt.want || tr != tt.truncated {
				t.Errorf("Apply = %q (%d bytes), %v; want %q, %v", trunc(got), len(got), tr, trunc(tt.want), tt.truncated)
			}
		})
	}
}

func trunc(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
