package runtimerecord

import (
	"reflect"
	"testing"
)

func TestFormat(t *testing.T) {
	web := []string{"web"}
	tests := []struct {
		name     string
		info     map[string]any
		present  bool
		time     string
		parts    []Part
		warnings []string
	}{
		{name: "nil", info: nil},
		{name: "empty dict (case 22)", info: map[string]any{}},
		{
			name: "dynamic as the app builds it (case 02)",
			info: map[string]any{
				"_get_current_time": map[string]any{"time": "2026-01-15 09:30:00", "weekday": "星期四", "timezone": "UTC+08"},
				"_get_model":        "deepseek-v4-flash", "workspace": "/ws", "channel": "feishu", "agent_id": "default", "agent_name": "Cow",
			},
			present: true, time: "2026-01-15 09:30:00 星期四 (UTC+08)",
			parts: []Part{{"model", "deepseek-v4-flash"}, {"workspace", "/ws"}, {"channel", "feishu"}},
		},
		{
			name: "static, web channel hidden (case 19)",
			info: map[string]any{"current_time": "2026-01-15 09:30", "weekday": "Thursday", "timezone": "Asia/Shanghai",
				"model": "claude-opus-5", "workspace": "/ws", "channel": "web"},
			present: true, time: "2026-01-15 09:30 Thursday (Asia/Shanghai)",
			parts: []Part{{"model", "claude-opus-5"}, {"workspace", "/ws"}},
		},
		{
			name:    "static time alone, channel alone (case 20)",
			info:    map[string]any{"current_time": "2026-01-15 09:30", "channel": "wechat"},
			present: true, time: "2026-01-15 09:30", parts: []Part{{"channel", "wechat"}},
		},
		{
			name: "callables raise (case 21)",
			info: map[string]any{"_get_current_time": map[string]any{"raise": "clock broken"},
				"_get_model": map[string]any{"raise": "no model"}, "model": "fallback-model", "workspace": "/ws"},
			present: true, parts: []Part{{"model", "fallback-model"}, {"workspace", "/ws"}},
			warnings: []string{"[PromptBuilder] Failed to get dynamic time: clock broken"},
		},
		{
			name:    "only ignored keys (case 23)",
			info:    map[string]any{"agent_id": "default", "agent_name": "Cow", "channel": "web"},
			present: true,
		},
		{
			name: "a failed dynamic time does not fall back to the static one",
			info: map[string]any{"_get_current_time": map[string]any{"time": "t", "weekday": "w"}, "current_time": "static",
				"_get_model": map[string]any{"raise": "x"}},
			present:  true,
			warnings: []string{"[PromptBuilder] Failed to get dynamic time: 'timezone'"},
		},
		{
			name:    "null callables count as absent",
			info:    map[string]any{"_get_current_time": nil, "current_time": "now", "timezone": "", "_get_model": nil, "model": ""},
			present: true, time: "now",
		},
		{
			name:    "non-string values print like Python",
			info:    map[string]any{"current_time": float64(12), "weekday": true, "workspace": 1.5},
			present: true, time: "12 True", parts: []Part{{"workspace", "1.5"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Format(Options{Info: tt.info, HiddenChannels: web, WarnPrefix: "[PromptBuilder] "})
			if got.Present != tt.present || got.Time != tt.time {
				t.Errorf("present %v time %q; want %v %q", got.Present, got.Time, tt.present, tt.time)
			}
			want := tt.parts
			if want == nil {
				want = []Part{}
			}
			if !reflect.DeepEqual(got.Parts, want) {
				t.Errorf("parts = %v, want %v", got.Parts, want)
			}
			var warnings []string
			for _, d := range got.Diags {
				warnings = append(warnings, d.Message)
			}
			if !reflect.DeepEqual(warnings, tt.warnings) {
				t.Errorf("warnings = %q, want %q", warnings, tt.warnings)
			}
		})
	}
}
