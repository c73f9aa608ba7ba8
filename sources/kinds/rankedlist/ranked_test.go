package rankedlist

import (
	"reflect"
	"testing"
)

func TestRank(t *testing.T) {
	i18nOrder := []string{"read", "write", "edit", "ls", "grep", "find", "bash", "terminal", "web_search",
		"web_fetch", "browser", "memory_search", "memory_get", "env_config", "scheduler", "send", "vision"}
	labels := map[string]string{"read": "读取文件内容", "bash": "执行shell命令", "ls": "列出目录内容",
		"vision": "分析图片内容（识别、描述、OCR文字提取等）", "web_fetch": "获取URL内容", "memory_search": "搜索记忆"}
	tests := []struct {
		name  string
		opts  Options
		want  []string // "name: label" or "name"
		names []string
		drop  []string
	}{
		{
			// Oracle case 04: known first in the fixed order, unknown by
			// code point, case-sensitive, duplicates collapse.
			name: "cowagent case 04",
			opts: Options{Items: []string{"vision", "Read", "zeta_tool", "read", "Alpha", "_private", "bash", "bash",
				"web_fetch", "memory_search", "mcp-z", "ls"}, Order: i18nOrder, Labels: labels},
			want: []string{"read: 读取文件内容", "ls: 列出目录内容", "bash: 执行shell命令", "web_fetch: 获取URL内容",
				"memory_search: 搜索记忆", "vision: 分析图片内容（识别、描述、OCR文字提取等）", "Alpha", "Read", "_private", "mcp-z", "zeta_tool"},
		},
		{
			name: "input order for the rest",
			opts: Options{Items: []string{"z", "b", "a", "z", "x"}, Order: []string{"x"}, Rest: RestInput},
			want: []string{"x", "z", "b", "a"},
		},
		{
			name: "drop the rest",
			opts: Options{Items: []string{"z", "x", "b", "z"}, Order: []string{"x", "x"}, Rest: RestDrop},
			want: []string{"x"},
			drop: []string{"z", "b"},
		},
		{
			name:  "empty",
			opts:  Options{Order: i18nOrder},
			want:  nil,
			names: []string{},
		},
		{
			name: "empty label means none",
			opts: Options{Items: []string{"a"}, Labels: map[string]string{"a": ""}},
			want: []string{"a"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.opts.Validate(); err != nil {
				t.Fatal(err)
			}
			res := Rank(tt.opts)
			var got []string
			for _, it := range res.Items {
				if it.Label != "" {
					got = append(got, it.Name+": "+it.Label)
				} else {
					got = append(got, it.Name)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("items:\n got %q\nwant %q", got, tt.want)
			}
			if tt.names != nil && !reflect.DeepEqual(res.Names, tt.names) {
				t.Errorf("names = %#v, want %#v", res.Names, tt.names)
			}
			if len(res.Names) != len(res.Items) || res.Items == nil {
				t.Errorf("names %v / items %v", res.Names, res.Items)
			}
			if !reflect.DeepEqual(res.Dropped, tt.drop) {
				t.Errorf("dropped = %q, want %q", res.Dropped, tt.drop)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	if err := (Options{Rest: "random"}).Validate(); err == nil || err.Error() != `ranked: rest "random" is not "sorted", "input" or "drop"` {
		t.Errorf("Validate = %v", err)
	}
}
