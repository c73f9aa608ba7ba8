// Package runtimerecord is the runtime_record source kind: it formats a host's runtime record (current time, model,
// workspace, channel) the way CowAgent's _build_runtime_section reads its
// runtime_info dict (spec R-RT-*), with Python truthiness and str().
//
// The record is a map decoded from JSON. Two keys stand for callables in
// the host and hold what the callable produced at build time:
//
//   - "_get_current_time": an object {time, weekday, timezone}, or
//     {"raise": message} when the callable raised. Present and not null, it
//     is the only source of the time line: when it raised or lacks a key
//     there is no time line (a warning is recorded) and the static keys are
//     not consulted.
//   - "_get_model": the model name, or {"raise": message}, in which case
//     the static "model" is used when truthy.
//
// The static keys are "current_time" (with optional "weekday" and
// "timezone"), "model", "workspace" and "channel". Other keys are ignored.
package runtimerecord

import (
	"fmt"
	"slices"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/port/py/pytext"
)

// Options configures Format.
type Options struct {
	// Info is the runtime record; nil or empty means there is none.
	Info map[string]any `koanf:"info"`
	// HiddenChannels are channel values that are not shown (CowAgent:
	// "web", its default channel).
	HiddenChannels []string `koanf:"hidden_channels"`
	// WarnPrefix starts every warning, e.g. "[PromptBuilder] ".
	WarnPrefix string `koanf:"warn_prefix"`
}

// Part is one key=value item of the runtime line.
type Part struct {
	// Key is "model", "workspace" or "channel".
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Info is the formatted record.
type Info struct {
	// Present is Python's bool(runtime_info): the record is non-empty.
	Present bool `json:"present"`
	// Time is the time line's text after its label, e.g.
	// "2026-01-15 09:30:00 星期四 (UTC+08)", or "" for no time line.
	Time string `json:"time"`
	// Parts are the runtime line's items in the order model, workspace,
	// channel; absent ones are left out. Empty Parts means no runtime line.
	Parts []Part `json:"parts"`
	// Diags are warnings about failed callables.
	Diags diag.List `json:"-"`
}

// CodeTime is the diagnostic code of the failed-time warning.
const CodeTime = "runtimeinfo/time"

// Format reads o.Info.
func Format(o Options) Info {
	m := o.Info
	out := Info{Present: len(m) > 0, Parts: []Part{}}
	if !out.Present {
		return out
	}
	if dyn, ok := m["_get_current_time"]; ok && dyn != nil {
		t, err := dynamicTime(dyn)
		if err != "" {
			out.Diags.Warnf("", CodeTime, "%sFailed to get dynamic time: %s", o.WarnPrefix, err)
		}
		out.Time = t
	} else if pytext.Truthy(m["current_time"]) {
		out.Time = pytext.Str(m["current_time"])
		if w := m["weekday"]; pytext.Truthy(w) {
			out.Time += " " + pytext.Str(w)
		}
		if tz := m["timezone"]; pytext.Truthy(tz) {
			out.Time += " (" + pytext.Str(tz) + ")"
		}
	}
	if model, ok := modelName(m); ok {
		out.Parts = append(out.Parts, Part{"model", model})
	}
	if ws := m["workspace"]; pytext.Truthy(ws) {
		out.Parts = append(out.Parts, Part{"workspace", pytext.Str(ws)})
	}
	if ch := m["channel"]; pytext.Truthy(ch) && !slices.Contains(o.HiddenChannels, pytext.Str(ch)) {
		out.Parts = append(out.Parts, Part{"channel", pytext.Str(ch)})
	}
	return out
}

// dynamicTime evaluates the recorded result of the time callable. It
// returns the text, or the message of the exception CowAgent would log.
func dynamicTime(v any) (string, string) {
	r, ok := v.(map[string]any)
	if !ok {
		return "", fmt.Sprintf("%s indices must be integers", pyType(v))
	}
	if msg, raised := r["raise"]; raised {
		return "", pytext.Str(msg)
	}
	for _, k := range []string{"time", "weekday", "timezone"} {
		if _, ok := r[k]; !ok {
			return "", pytext.Repr(k) // str(KeyError('time')) is "'time'"
		}
	}
	return pytext.Str(r["time"]) + " " + pytext.Str(r["weekday"]) + " (" + pytext.Str(r["timezone"]) + ")", ""
}

// modelName applies the model rules: the callable's result if there is
// one and it did not raise, else the static model when truthy.
func modelName(m map[string]any) (string, bool) {
	if g, ok := m["_get_model"]; ok && g != nil {
		r, isMap := g.(map[string]any)
		if _, raised := r["raise"]; !isMap || !raised {
			return pytext.Str(g), true
		}
	}
	if model := m["model"]; pytext.Truthy(model) {
		return pytext.Str(model), true
	}
	return "", false
}

func pyType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case []any:
		return "list"
	}
	return fmt.Sprintf("%T", v)
}
